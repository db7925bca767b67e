import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAuthenticationResults, senderVerified } from "#app/domain/mail-authentication.ts";
import { ownCopy, parseMessageId, withoutBidiControls, withoutComments } from "#app/domain/mail-text.ts";
import { HEADER_BYTES_CAP, mailContactsFor, parseAddressList, parseMailDate, parseMailHeaders, readMessage } from "#app/domain/mail.ts";

/**
 * Mail from strangers (decision 017): pathological header values of any size up to 1 MB parse
 * to the right answer (before, `/\([^)]*\)/g` made a `((((…` Message-ID quadratic: 80 KB took
 * 9 s, 1 MB would take about 17 minutes, so this file timed out); bidi controls never reach a
 * subject; a header too large or unreadable is skipped with its reason; a forged From is
 * unverified. Time bounds live in the benchmark (bench/mail-parse.ts), not here.
 */

const NOW = new Date("2026-03-10T12:00:00Z");
const MB = 1_000_000;
/** Sizes from 1 character to 1 MB, always including 1 MB itself. */
const size = fc.integer({ min: 1, max: MB });
const runs = { numRuns: 12, examples: [[MB]] as [number][] };

describe("pathological values up to 1 MB parse correctly", () => {
  it("Message-ID", () => {
    fc.assert(
      fc.property(size, (n) => {
        expect(parseMessageId("(".repeat(n), 500)).toBe("");
        expect(parseMessageId(`${"(".repeat(n)}${")".repeat(n)} <id@fund.com>`, 500)).toBe("<id@fund.com>");
        expect(parseMessageId(`${"<".repeat(n)}id@fund.com>`, 500)).toBe("<id@fund.com>");
        expect(parseMessageId(`${"(a)".repeat(Math.ceil(n / 3))}<id@fund.com>`, 500)).toBe("<id@fund.com>");
        expect(parseMessageId(`<${"x".repeat(n)}@fund.com>`, 500)).toBe(`<${`${"x".repeat(n)}@fund.com`.slice(0, 500)}>`);
      }),
      runs,
    );
  });

  it("Date", () => {
    const expected = Date.parse("2026-03-09T09:00:00Z");
    fc.assert(
      fc.property(size, (n) => {
        expect(parseMailDate("(".repeat(n))).toBeUndefined();
        expect(parseMailDate(`${"(".repeat(n)}${")".repeat(n)} Mon, 9 Mar 2026 09:00:00 +0000`)?.getTime()).toBe(expected);
        expect(parseMailDate(`Mon, 9 Mar 2026 09:00:00 +0000 ${"(".repeat(n)}`)?.getTime()).toBe(expected);
        expect(parseMailDate(`Mon, 9 Mar 2026 09:00:00 +0000 ${"(x) ".repeat(Math.ceil(n / 4))}`)?.getTime()).toBe(expected);
        expect(parseMailDate(`9${" -".repeat(Math.ceil(n / 2))}`)).toBeUndefined();
      }),
      runs,
    );
  });

  it("address lists", () => {
    fc.assert(
      fc.property(size, (n) => {
        expect(parseAddressList("(".repeat(n))).toEqual([]);
        expect(parseAddressList(`jane@fund.com, ${'"'.repeat(n)}`)).toEqual(["jane@fund.com"]);
        expect(parseAddressList(`jane@fund.com, ${"<".repeat(n)}`)).toEqual(["jane@fund.com"]);
        expect(parseAddressList(`${"(".repeat(n)}${")".repeat(n)} jane@fund.com`)).toEqual(["jane@fund.com"]);
        const many = Math.max(1, Math.floor(n / 10));
        expect(parseAddressList("a@fund.com,".repeat(many))).toHaveLength(many);
      }),
      runs,
    );
  });

  it("a whole header block of 1 MB: fields capped, no throw", () => {
    const headers = `From: jane@fund.com\r\nMessage-ID: ${"(".repeat(MB)}\r\nDate: ${"(".repeat(MB)}\r\nTo: ${"(".repeat(MB)}\r\n\r\n`;
    const parsed = parseMailHeaders(headers);
    expect(parsed).toMatchObject({ from: ["jane@fund.com"], to: [], messageId: "" });
    expect(parsed.dateText.length).toBeLessThanOrEqual(256);
  });
});

describe("what a message gives", () => {
  const investors = new Map([["jane@fund.com", [1]]]);

  it("a header block that fills the cap is skipped as too large; none at all is unreadable", () => {
    const big = `From: jane@fund.com\r\nCc: ${"p@list.example, ".repeat(HEADER_BYTES_CAP / 16)}\r\n`;
    expect(readMessage({ headers: new TextEncoder().encode(big).slice(0, HEADER_BYTES_CAP) }, investors, NOW)).toEqual({
      contacts: [],
      skipped: "header_too_large",
    });
    expect(readMessage({ headers: undefined }, investors, NOW)).toEqual({ contacts: [], skipped: "unreadable" });
    const fine = readMessage({ headers: "From: jane@fund.com\r\n\r\n" }, investors, NOW);
    expect(fine.skipped).toBeUndefined();
    expect(fine.contacts).toHaveLength(1);
  });

  it("bidi controls never reach a subject", () => {
    const subject = "Invoice \u202efdp.exe \u2066x\u2069\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u2067\u2068";
    const [contact] = mailContactsFor({ headers: `From: jane@fund.com\r\nSubject: ${subject}\r\n` }, investors, NOW);
    expect(contact?.subject).toBe("Invoice fdp.exe x");
    // Also inside an encoded word.
    const encoded = `=?UTF-8?B?${Buffer.from("\u202etxt.exe").toString("base64")}?=`;
    expect(parseMailHeaders(`Subject: ${encoded}\r\n`).subject).toBe("txt.exe");
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(withoutBidiControls(text)).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
      }),
    );
  });

  it("comments are removed in one pass, nested and escaped", () => {
    expect(withoutComments("a (b (c) \\) d) e")).toBe("a   e");
    expect(withoutComments("a (unclosed")).toBe("a  ");
    expect(ownCopy("x".repeat(10))).toBe("x".repeat(10));
  });
});

describe("a forged From is unverified", () => {
  const investors = new Map([["jane@fund.com", [1]]]);
  const from = (results: string[], sender = "Jane <jane@fund.com>") =>
    [`From: ${sender}`, ...results.map((value) => `Authentication-Results: ${value}`), "Message-ID: <m@fund.com>", ""].join("\r\n");
  const verified = (headers: string, sentMailbox = false) =>
    mailContactsFor({ headers }, investors, NOW, { addresses: new Set(), sentMailbox })[0]?.verified;

  it("verified when the receiving server's result shows DMARC or aligned DKIM passing", () => {
    expect(verified(from(["mx.google.com; dkim=pass header.i=@fund.com; spf=pass; dmarc=pass (p=NONE) header.from=fund.com"]))).toBe(true);
    expect(verified(from(['mx.example; dkim=pass header.d="fund.com" header.s=sel']))).toBe(true);
    expect(senderVerified(["mx.example; dkim=pass header.d=fund.com"], ["jane@mail.fund.com"])).toBe(true);
    expect(senderVerified(["mx.example; dmarc=pass"], ["jane@fund.com"])).toBe(true);
  });

  it("unverified without a result, with a failing one, for another domain, or when only a lower (sender-written) field passes", () => {
    expect(verified(from([]))).toBe(false);
    expect(verified(from(["mx.example; dmarc=fail header.from=fund.com; dkim=none"]))).toBe(false);
    expect(verified(from(["mx.example; dkim=pass header.d=evil.example; dmarc=pass header.from=evil.example"]))).toBe(false);
    expect(verified(from(["mx.example; dkim=pass header.d=notfund.com"]))).toBe(false);
    // The stranger wrote a passing result; the founder's server added its own, failing one above it.
    expect(verified(from(["mx.example; dmarc=fail header.from=fund.com", "mx.example; dmarc=pass header.from=fund.com"]))).toBe(false);
    expect(verified(from(["mx.example; dmarc=pass header.from=fund.com"], "jane@fund.com, bob@vc.com"))).toBe(false);
    expect(verified(from(["mx.example; dmarc=pass (comment; with=pass) header.from=other.com"]))).toBe(false);
  });

  it("the Sent mailbox is the founder's own: verified", () => {
    const sent = ["From: me@startup.com", "To: jane@fund.com", "Message-ID: <s@startup.com>", ""].join("\r\n");
    expect(verified(sent, true)).toBe(true);
    expect(verified(sent, false)).toBe(false);
  });

  it("reads the results' methods and properties", () => {
    expect(parseAuthenticationResults("mx; none")).toEqual([]);
    const [result] = parseAuthenticationResults('mx; dkim=PASS header.d="Fund.com"');
    expect(result).toMatchObject({ method: "dkim", result: "pass" });
    expect(result?.properties.get("header.d")).toBe("fund.com");
  });
});
