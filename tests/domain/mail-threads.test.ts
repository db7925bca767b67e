import { describe, expect, it } from "vitest";
import {
  MAX_PAIR_RECIPIENTS,
  displayNameOf,
  isBulkMail,
  isMachineAddress,
  pairMessageOf,
  parseThreadHeaders,
  threadKeyOf,
} from "#app/domain/mail-threads.ts";

const now = new Date("2026-11-01T12:00:00Z");

function main(fields: Record<string, string>): string {
  return `${Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n")}\r\n\r\n`;
}

describe("thread keys", () => {
  it("is the first Message-ID of References, else In-Reply-To, else the message's own", () => {
    const withRefs = parseThreadHeaders("In-Reply-To: <b@x>\r\nReferences: <root@x> <a@x>\r\n <b@x>\r\n\r\n");
    expect(threadKeyOf(withRefs, "<c@x>")).toBe("<root@x>");
    expect(threadKeyOf(parseThreadHeaders("In-Reply-To: <b@x>\r\n\r\n"), "<c@x>")).toBe("<b@x>");
    expect(threadKeyOf(parseThreadHeaders(""), "<c@x>")).toBe("<c@x>");
  });

  it("reads the first reference of a References cut at its cap (a thread of 10,000 replies)", () => {
    const refs = Array.from({ length: 10_000 }, (_, i) => `<m${i}@thread.example>`).join("\r\n ");
    const cut = `References: ${refs}`.slice(0, 2048);
    expect(threadKeyOf(parseThreadHeaders(`In-Reply-To: <m9999@thread.example>\r\n\r\n${cut}`), "<own@x>")).toBe("<m0@thread.example>");
  });
});

describe("bulk mail and machines", () => {
  it.each([
    ["List-Id: <news.fund.com>\r\n", true],
    ["List-Unsubscribe: <mailto:u@fund.com>\r\n", true],
    ["Precedence: bulk\r\n", true],
    ["Precedence: list\r\n", true],
    ["Auto-Submitted: auto-replied\r\n", true],
    ["Auto-Submitted: no\r\n", false],
    ["In-Reply-To: <a@b>\r\n", false],
  ])("%s → bulk %s", (block, bulk) => {
    expect(isBulkMail(parseThreadHeaders(block))).toBe(bulk);
  });

  it.each([
    ["noreply@calendly.com", true],
    ["no-reply@docsend.com", true],
    ["notifications@github.com", true],
    ["mailer-daemon@mx.fund.com", true],
    ["do-not-reply@x.com", true],
    ["nora@fund.com", false],
    ["jan@northzone.com", false],
  ])("%s is a machine: %s", (address, machine) => {
    expect(isMachineAddress(address)).toBe(machine);
  });
});

describe("display names", () => {
  it.each([
    ['"Berg, Lena" <lena@x.com>', "Berg, Lena"],
    ["Lena Berg <lena@x.com>", "Lena Berg"],
    ["lena@x.com (Lena Berg)", "Lena Berg"],
    ["=?utf-8?q?S=C3=B8lberg_Erik?= <erik@x.com>", "Sølberg Erik"],
    ["<lena@x.com>", ""],
    ["lena@x.com", ""],
    ['"lena@x.com" <lena@x.com>', ""],
  ])("%s → %s", (field, name) => {
    expect(displayNameOf(field)).toBe(name);
  });

  it("names nothing from an unclosed quote or comment that runs to the end", () => {
    expect(displayNameOf('"Lena Berg <lena@x.com>')).toBe("");
    expect(displayNameOf(`Lena ${"(".repeat(100_000)} <lena@x.com>`)).toBe("");
    expect(displayNameOf(`Lena (Angel) <lena@x.com>`)).toBe("Lena");
  });
});

describe("a message as pair statistics count it", () => {
  it("gives its sender, name, thread and recipients (the sender and repeats left out)", () => {
    const result = pairMessageOf(
      {
        headers: main({
          From: "Lena Berg <Lena@Angel.io>",
          To: "jan@northzone.com, lena@angel.io",
          Cc: "founder@startup.test, JAN@northzone.com",
          Date: "Mon, 12 Oct 2026 09:00:00 +0000",
          "Message-ID": "<m2@angel.io>",
        }),
        threadHeaders: "In-Reply-To: <m1@northzone.com>\r\nReferences: <m0@angel.io> <m1@northzone.com>\r\n\r\n",
      },
      now,
    );
    expect(result.message).toEqual({
      messageId: "<m2@angel.io>",
      threadKey: "<m0@angel.io>",
      from: "lena@angel.io",
      fromName: "Lena Berg",
      recipients: ["jan@northzone.com", "founder@startup.test"],
      sentAt: "2026-10-12T09:00:00.000Z",
    });
  });

  it("makes nothing of a newsletter, a no-reply sender, or a broadcast past the recipient cap", () => {
    const base = { From: "Jan <jan@northzone.com>", To: "founder@startup.test", "Message-ID": "<n@x>" };
    expect(pairMessageOf({ headers: main(base), threadHeaders: "List-Id: <news.northzone.com>\r\n\r\n" }, now).skipped).toBe("bulk");
    expect(pairMessageOf({ headers: main({ ...base, From: "noreply@northzone.com" }) }, now).skipped).toBe("bulk");
    const many = Array.from({ length: MAX_PAIR_RECIPIENTS + 1 }, (_, i) => `p${i}@x.com`).join(", ");
    expect(pairMessageOf({ headers: main({ ...base, To: many }) }, now).skipped).toBe("broadcast");
    const enough = Array.from({ length: MAX_PAIR_RECIPIENTS }, (_, i) => `p${i}@x.com`).join(", ");
    expect(pairMessageOf({ headers: main({ ...base, To: enough }) }, now).message?.recipients).toHaveLength(MAX_PAIR_RECIPIENTS);
  });

  it("makes nothing of a From the receiving server found forged (a spoofed partner cannot vouch for a stranger)", () => {
    const spoofed = {
      "Authentication-Results": "mx.startup.test; dmarc=fail (p=reject) header.from=northzone.com; spf=fail",
      From: "Jan <jan@northzone.com>",
      To: "mallory@evil.test",
      Cc: "founder@startup.test",
      "Message-ID": "<s@evil>",
    };
    expect(pairMessageOf({ headers: main(spoofed) }, now).skipped).toBe("forged");
    // A pass, no field at all (a small host says nothing) or another domain's failure still counts.
    for (const results of [
      "mx.startup.test; dmarc=pass header.from=northzone.com",
      undefined,
      "mx.startup.test; dmarc=fail header.from=evil.test",
    ]) {
      const { "Authentication-Results": _, ...rest } = spoofed;
      const headers = results === undefined ? rest : { ...rest, "Authentication-Results": results };
      expect(pairMessageOf({ headers: main(headers) }, now).message?.from, results).toBe("jan@northzone.com");
    }
  });

  it("skips what the main block skips: no header, a block that fills the cap", () => {
    expect(pairMessageOf({ headers: undefined }, now).skipped).toBe("unreadable");
    expect(pairMessageOf({ headers: `From: a@b.com\r\nCc: ${"x".repeat(40_000)}\r\n` }, now).skipped).toBe("unreadable");
  });
});
