import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SUBJECT_MAX_LENGTH,
  addressesHash,
  decodeEncodedWords,
  investorAddresses,
  mailContactsFor,
  messageTime,
  parseAddressList,
  parseHeaderBlock,
  parseMailDate,
  parseMailHeaders,
  syntheticMessageId,
} from "#app/domain/mail.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const book = (entries: Record<string, number[]>) => new Map(Object.entries(entries));

function block(fields: Record<string, string>): string {
  return `${Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n")}\r\n\r\n`;
}

describe("header block", () => {
  it("unfolds continuation lines and reads names case-insensitively", () => {
    const fields = parseHeaderBlock("SUBJECT: a long\r\n\tsubject line\r\nto: a@b.com,\r\n c@d.com\r\n\r\n");
    expect(fields.get("subject")).toEqual([" a long\tsubject line"]);
    expect(fields.get("to")).toEqual([" a@b.com, c@d.com"]);
  });

  it("keeps every To and Cc field, the first Subject, Date and Message-ID", () => {
    const headers = parseMailHeaders("To: a@x.com\nTo: b@x.com\nSubject: one\nSubject: two\nMessage-ID: <1@x>\nMessage-ID: <2@x>\n");
    expect(headers.to).toEqual(["a@x.com", "b@x.com"]);
    expect(headers.subject).toBe("one");
    expect(headers.messageId).toBe("<1@x>");
  });

  it("reads UTF-8 header bytes, and falls back to Windows-1252 for other 8-bit bytes", () => {
    expect(parseMailHeaders(new TextEncoder().encode("Subject: Grüße\r\n")).subject).toBe("Grüße");
    expect(parseMailHeaders(Uint8Array.from([...new TextEncoder().encode("Subject: caf"), 0xe9])).subject).toBe("café");
  });

  it("skips lines that are not fields, and a continuation with no field before it", () => {
    const headers = parseMailHeaders("  stray continuation\r\nno colon here\r\n: empty name\r\nFrom: a@b.com\r\n");
    expect(headers.from).toEqual(["a@b.com"]);
  });
});

describe("encoded words (RFC 2047)", () => {
  it.each([
    ["=?UTF-8?B?SW52ZXN0b3IgbWVldGluZyDinJM=?=", "Investor meeting ✓"],
    ["=?utf-8?q?Caf=C3=A9_au_lait?=", "Café au lait"],
    ["=?ISO-8859-1?Q?Andr=E9?= Pirard", "André Pirard"],
    ["=?windows-1252?Q?=93quoted=94_=80?=", "“quoted” €"],
    ["=?KOI8-R?B?8NLJ18XU?=", "Привет"],
    ["=?ISO-2022-JP?B?GyRCRnxLXDhsGyhC?=", "日本語"],
    ["=?Shift_JIS?B?k/qWe4zq?=", "日本語"],
    ["=?UTF-8*en?Q?Hello?=", "Hello"],
  ])("%s → %s", (encoded, decoded) => {
    expect(decodeEncodedWords(encoded)).toBe(decoded);
  });

  it("drops whitespace between adjacent encoded words and joins a character split across them", () => {
    expect(decodeEncodedWords("=?ISO-8859-1?Q?a?= =?ISO-8859-1?Q?b?=")).toBe("ab");
    // "é" is C3 A9 in UTF-8: split over two words.
    expect(decodeEncodedWords("=?UTF-8?Q?caf=C3?=\r\n =?UTF-8?Q?=A9?=")).toBe("café");
    expect(decodeEncodedWords("=?UTF-8?Q?a?= plain =?UTF-8?Q?b?=")).toBe("a plain b");
  });

  it("leaves a word in an unknown charset, or a malformed one, as written", () => {
    expect(decodeEncodedWords("=?x-unknown?Q?abc?=")).toBe("=?x-unknown?Q?abc?=");
    expect(decodeEncodedWords("=?UTF-8?B?!!!?=")).toBe("");
    expect(decodeEncodedWords("=?UTF-8?X?abc?=")).toBe("=?UTF-8?X?abc?=");
    expect(decodeEncodedWords("no words")).toBe("no words");
  });

  it("decodes subjects, collapses whitespace and caps the length", () => {
    expect(parseMailHeaders("Subject:   =?UTF-8?Q?Re:_seed_round?=  \r\n\r\n").subject).toBe("Re: seed round");
    const long = parseMailHeaders(`Subject: ${"é".repeat(1000)}\r\n`).subject;
    expect(Array.from(long)).toHaveLength(SUBJECT_MAX_LENGTH);
    expect(parseMailHeaders("Subject: a\u0000b\u001bc\r\n").subject).toBe("a b c");
  });
});

describe("address lists", () => {
  it("reads display names with commas, mixed case and several recipients", () => {
    expect(parseAddressList(' "Doe, Jane" <Jane@Fund.COM>, bob@example.com, Carol <carol@x.org>')).toEqual([
      "jane@fund.com",
      "bob@example.com",
      "carol@x.org",
    ]);
  });

  it("reads groups, comments, routes and quoted local parts", () => {
    expect(parseAddressList("undisclosed-recipients:;")).toEqual([]);
    expect(parseAddressList("Team: a@x.com, b@x.com;, c@x.com")).toEqual(["a@x.com", "b@x.com", "c@x.com"]);
    expect(parseAddressList("jane@fund.com (Jane (the partner) Doe)")).toEqual(["jane@fund.com"]);
    expect(parseAddressList("<@relay.example:jane@fund.com>")).toEqual(["jane@fund.com"]);
    expect(parseAddressList('"jane"@fund.com')).toEqual(["jane@fund.com"]);
    expect(parseAddressList("<mailto:jane@fund.com>")).toEqual(["jane@fund.com"]);
  });

  it("never takes an address from a display name or a comment", () => {
    expect(parseAddressList('"jane@fund.com" <assistant@fund.com>')).toEqual(["assistant@fund.com"]);
    expect(parseAddressList("assistant@fund.com (cc jane@fund.com)")).toEqual(["assistant@fund.com"]);
  });

  it("drops what is not an address", () => {
    expect(parseAddressList("Jane Doe, <>, @, nobody@, @nowhere")).toEqual([]);
    expect(parseAddressList("")).toEqual([]);
  });

  it("reads 500 recipients", () => {
    const list = Array.from({ length: 500 }, (_, i) => `"Person ${i}, Inc" <P${i}@Example.com>`).join(",\r\n ");
    const parsed = parseAddressList(list);
    expect(parsed).toHaveLength(500);
    expect(parsed[499]).toBe("p499@example.com");
  });

  it("reads an investor's email field", () => {
    expect(investorAddresses(" Jane@Fund.com ")).toEqual(["jane@fund.com"]);
    expect(investorAddresses("Jane <jane@fund.com>")).toEqual(["jane@fund.com"]);
    expect(investorAddresses(null)).toEqual([]);
  });
});

describe("dates", () => {
  it.each([
    ["Tue, 1 Jul 2003 10:52:37 +0200", "2003-07-01T08:52:37.000Z"],
    ["1 Jul 2003 10:52:37 -0500", "2003-07-01T15:52:37.000Z"],
    ["Mon, 09 Mar 2026 09:00 GMT", "2026-03-09T09:00:00.000Z"],
    ["Mon, 9 Mar 26 09:00:00 PST", "2026-03-09T17:00:00.000Z"],
    ["Mon, 9 Mar 2026 09:00:00 +0000 (UTC)", "2026-03-09T09:00:00.000Z"],
    ["Mon, 9 Mar 2026 09:00:00", "2026-03-09T09:00:00.000Z"],
    ["2026-03-09T09:00:00+01:00", "2026-03-09T08:00:00.000Z"],
  ])("%s", (text, iso) => {
    expect(parseMailDate(text)?.toISOString()).toBe(iso);
  });

  it.each(["", "yesterday", "32 Jan 2026 10:00:00 +0000", "1 Foo 2026 10:00 +0000", "2026-03-09 09:00"])("cannot read %j", (text) => {
    expect(parseMailDate(text)).toBeUndefined();
  });

  it("uses INTERNALDATE for a missing or unreadable Date, and never a time after the server received it or after now", () => {
    const internal = new Date("2026-03-09T08:00:00Z");
    expect(messageTime("", internal, NOW)).toEqual(internal);
    expect(messageTime("garbage", internal, NOW)).toEqual(internal);
    expect(messageTime("garbage", undefined, NOW)).toEqual(NOW);
    expect(messageTime("Mon, 1 Jan 2035 00:00:00 +0000", internal, NOW)).toEqual(internal);
    expect(messageTime("Mon, 1 Jan 2035 00:00:00 +0000", new Date("2040-01-01T00:00:00Z"), NOW)).toEqual(NOW);
    // A sender whose mailer labels local time (UTC+10) as +0000: 10 hours ahead of when the
    // server received it, so not believed — else a reply would sort after the founder's answer.
    expect(messageTime("Mon, 9 Mar 2026 18:00:00 +0000", internal, NOW)).toEqual(internal);
    // Ahead of now without an INTERNALDATE: now.
    expect(messageTime("Tue, 10 Mar 2026 18:00:00 +0000", undefined, NOW)).toEqual(NOW);
    // A few minutes of drift, and any earlier time, are kept.
    expect(messageTime("Mon, 9 Mar 2026 08:03:00 +0000", internal, NOW).toISOString()).toBe("2026-03-09T08:03:00.000Z");
    expect(messageTime("Sun, 8 Mar 2026 22:00:00 +0000", internal, NOW).toISOString()).toBe("2026-03-08T22:00:00.000Z");
  });
});

describe("mail contacts for a message", () => {
  const investors = book({ "jane@fund.com": [1], "bob@vc.com": [2], "shared@firm.com": [3, 4] });

  it("a message to an investor is sent, from one received, each investor once", () => {
    const headers = block({
      From: "Founder <me@startup.com>",
      To: '"Doe, Jane" <Jane@Fund.COM>, someone@else.com',
      Cc: "BOB@vc.com",
      Date: "Mon, 9 Mar 2026 09:00:00 +0000",
      "Message-ID": "<abc@startup.com>",
      Subject: "Intro",
    });
    const founder = { addresses: new Set(["me@startup.com"]), sentMailbox: false };
    expect(mailContactsFor({ headers }, investors, NOW, founder)).toEqual([
      {
        investorId: 1,
        messageId: "<abc@startup.com>",
        direction: "sent",
        sentAt: "2026-03-09T09:00:00.000Z",
        subject: "Intro",
        verified: false,
      },
      {
        investorId: 2,
        messageId: "<abc@startup.com>",
        direction: "sent",
        sentAt: "2026-03-09T09:00:00.000Z",
        subject: "Intro",
        verified: false,
      },
    ]);
    const reply = block({ From: "Jane <jane@fund.com>", To: "me@startup.com, jane@fund.com", "Message-ID": "<r@fund.com>" });
    expect(mailContactsFor({ headers: reply }, investors, NOW).map((c) => [c.investorId, c.direction])).toEqual([[1, "received"]]);
  });

  it("an investor only copied is sent when the founder wrote the message, received when someone else did", () => {
    const intro = block({
      From: "Jane <jane@fund.com>",
      To: "me@startup.com",
      Cc: "Bob <bob@vc.com>",
      "Message-ID": "<intro@fund.com>",
      Subject: "Intro: Bob, meet Ledgerly",
    });
    const founder = { addresses: new Set(["me@startup.com"]), sentMailbox: false };
    expect(mailContactsFor({ headers: intro }, investors, NOW, founder).map((c) => [c.investorId, c.direction])).toEqual([
      [1, "received"],
      [2, "received"],
    ]);
    const colleague = block({ From: "cto@startup.com", To: "me@startup.com", Cc: "bob@vc.com", "Message-ID": "<c@startup.com>" });
    expect(mailContactsFor({ headers: colleague }, investors, NOW, founder).map((c) => c.direction)).toEqual(["received"]);
    // From an alias the app cannot tell is the founder's: the Sent mailbox says whose it is.
    const fromAlias = block({ From: "hello@startup.com", To: "bob@vc.com", "Message-ID": "<a@startup.com>" });
    expect(mailContactsFor({ headers: fromAlias }, investors, NOW, founder).map((c) => c.direction)).toEqual(["received"]);
    expect(mailContactsFor({ headers: fromAlias }, investors, NOW, { ...founder, sentMailbox: true }).map((c) => c.direction)).toEqual([
      "sent",
    ]);
    // A reply from an investor stays received wherever it is found.
    const reply = block({ From: "bob@vc.com", To: "me@startup.com", "Message-ID": "<r2@vc.com>" });
    expect(mailContactsFor({ headers: reply }, investors, NOW, { ...founder, sentMailbox: true }).map((c) => c.direction)).toEqual([
      "received",
    ]);
  });

  it("an address two investors share gives a row for each", () => {
    const headers = block({ From: "me@startup.com", To: "shared@firm.com", "Message-ID": "<m@x>" });
    expect(mailContactsFor({ headers }, investors, NOW).map((c) => c.investorId)).toEqual([3, 4]);
  });

  it("a message naming no investor makes nothing", () => {
    expect(mailContactsFor({ headers: block({ From: "a@b.com", To: "c@d.com" }) }, investors, NOW)).toEqual([]);
    expect(mailContactsFor({ headers: block({ From: "jane@fund.com" }) }, new Map(), NOW)).toEqual([]);
  });

  it("without a Message-ID: the same synthetic id for the same message in two mailboxes", () => {
    const headers = block({ From: "me@startup.com", To: "jane@fund.com", Date: "Mon, 9 Mar 2026 09:00:00 +0000", Subject: "Deck" });
    const inInbox = mailContactsFor({ headers, internalDate: new Date("2026-03-09T09:00:01Z") }, investors, NOW);
    const inSent = mailContactsFor({ headers, internalDate: new Date("2026-03-09T09:05:00Z") }, investors, NOW);
    expect(inInbox[0]!.messageId).toMatch(/^<synthetic\.[0-9a-f]{28}@investor-pipeline\.invalid>$/);
    expect(inSent[0]!.messageId).toBe(inInbox[0]!.messageId);
    const other = syntheticMessageId({
      dateText: "Mon, 9 Mar 2026 09:00:00 +0000",
      from: ["me@startup.com"],
      to: ["jane@fund.com"],
      subject: "Deck v2",
    });
    expect(other).not.toBe(inInbox[0]!.messageId);
  });

  it("broken headers give what can be read, and never throw", () => {
    const headers = "From: <<<jane@fund.com\r\nTo: (((\r\nDate: 99 Xyz\r\nMessage-ID: \r\nSubject: =?UTF-8?B?@@@?=\r\n";
    const contacts = mailContactsFor({ headers, internalDate: new Date("2026-03-01T00:00:00Z") }, investors, NOW);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.sentAt).toBe("2026-03-01T00:00:00.000Z");
  });

  it("the address hash follows the set, not its order", () => {
    expect(addressesHash(["a@x.com", "b@x.com"])).toBe(addressesHash(["b@x.com", "a@x.com", "a@x.com"]));
    expect(addressesHash(["a@x.com"])).not.toBe(addressesHash(["a@x.com", "b@x.com"]));
  });
});

describe("parsing never throws", () => {
  const headerish = fc.array(
    fc.oneof(
      fc.string(),
      fc.constantFrom(
        "From: ",
        "To: ",
        "Cc: ",
        "Date: ",
        "Subject: ",
        "Message-ID: ",
        "\r\n",
        "\r\n ",
        "=?",
        "?=",
        "?B?",
        "?Q?",
        '"',
        "<",
        ">",
        "(",
        ")",
        ":",
        ";",
        ",",
        "@",
        "\\",
      ),
      fc.constantFrom("utf-8", "koi8-r", "iso-2022-jp", "jane@fund.com", "Mon, 9 Mar 2026 09:00 +0000", "=?UTF-8?B?", "=?X?Q?=ZZ"),
    ),
    { maxLength: 40 },
  );

  it("on arbitrary text and bytes", () => {
    const investors = book({ "jane@fund.com": [1] });
    fc.assert(
      fc.property(headerish, fc.option(fc.date({ noInvalidDate: false })), (parts, internalDate) => {
        const contacts = mailContactsFor({ headers: parts.join(""), internalDate: internalDate ?? undefined }, investors, NOW);
        for (const contact of contacts) expect(Number.isFinite(Date.parse(contact.sentAt))).toBe(true);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        parseMailHeaders(bytes);
        mailContactsFor({ headers: bytes }, investors, NOW);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        parseAddressList(text);
        decodeEncodedWords(text);
        parseMailDate(text);
      }),
    );
  });
});
