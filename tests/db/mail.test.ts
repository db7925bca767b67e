import fc from "fast-check";
import { TEST_ACTOR } from "../helpers/actor.ts";
import { describe, expect, it } from "vitest";
import { RELATIONSHIP_STATUSES } from "#app/domain/investor.ts";
import { mailContactsFor, messageTime } from "#app/domain/mail.ts";
import { LOG_ALL_LIMIT, NO_SUBJECT, mailNote, repliesWaiting, waitingText } from "#app/domain/mail-today.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { todaysDigest } from "#app/jobs/digest.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { countRepliesWaiting, logMailContacts, readInvestorMail, readMailToLog, readRepliesWaiting } from "#db/queries/mail.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { addInvestor } from "#tests/helpers/mail-sync.ts";
import { fakeApp } from "#tests/helpers/app.ts";

const now = new Date("2026-11-23T09:00:00Z");
const day = (offset: number, hour = 10) => new Date(Date.UTC(2026, 10, 23 - offset, hour)).toISOString();
const options = (demo: boolean) => ({ demo, now, rules: DEFAULT_RULES, actor: TEST_ACTOR });

function investor(db: AppDatabase, name: string, userOwned: { status?: string; last?: string | null; demo?: boolean } = {}): number {
  return createInvestor(
    db,
    { name, firm: `${name} Fund`, kind: "fund", sectors: [], stages: [], geographies: [] },
    {
      now,
      actor: TEST_ACTOR,
      rules: DEFAULT_RULES,
      demo: userOwned.demo ?? false,
      userOwned: {
        relationshipStatus: (userOwned.status ?? "not_contacted") as never,
        lastContactDate: userOwned.last ?? null,
      },
    },
  );
}

let messageCounter = 0;
function mail(
  db: AppDatabase,
  investorId: number,
  direction: "sent" | "received",
  sentAt: string,
  subject = "Hello",
  verified = true,
): number {
  messageCounter += 1;
  return Number(
    db.$client
      .prepare("insert into mail_contacts (investor_id, message_id, direction, sent_at, subject, verified) values (?, ?, ?, ?, ?, ?)")
      .run(investorId, `<m${messageCounter}@example.com>`, direction, sentAt, subject, verified ? 1 : 0).lastInsertRowid,
  );
}

function contacts(db: AppDatabase, investorId: number) {
  return db.$client.prepare("select date, channel, note from contact_entries where investor_id = ? order by id").all(investorId) as {
    date: string;
    channel: string;
    note: string;
  }[];
}

function investorRow(db: AppDatabase, id: number) {
  return db.$client.prepare("select relationship_status, last_contact_date from investors where id = ?").get(id) as {
    relationship_status: string;
    last_contact_date: string | null;
  };
}

function withDb(test: (db: AppDatabase) => void): () => void {
  return () => {
    const { db } = createTestDatabase();
    try {
      test(db);
    } finally {
      db.$client.close();
    }
  };
}

describe("replies waiting on you", () => {
  it(
    "lists the latest received message, longest waiting first, with its subject",
    withDb((db) => {
      const ada = investor(db, "Ada", { status: "contacted", last: day(10).slice(0, 10) });
      const grace = investor(db, "Grace", { status: "in_conversation" });
      mail(db, ada, "sent", day(10), "Our seed round");
      mail(db, ada, "received", day(6), "Re: Our seed round");
      mail(db, ada, "received", day(3), "Re: Our seed round (deck)");
      mail(db, grace, "received", day(5), "Coffee?");
      const { rows, total } = readRepliesWaiting(db, false, 5);
      expect(total).toBe(2);
      expect(rows.map((row) => [row.name, row.subject, row.received_at])).toEqual([
        ["Grace", "Coffee?", day(5)],
        ["Ada", "Re: Our seed round (deck)", day(3)],
      ]);
      expect(readRepliesWaiting(db, false, 1)).toMatchObject({ total: 2, rows: [{ name: "Grace" }] });
      expect(countRepliesWaiting(db, false)).toBe(2);
      expect(waitingText(day(3), now)).toBe("waiting 3 days");
      expect(waitingText(day(1), now)).toBe("waiting 1 day");
      expect(waitingText(day(0), now)).toBe("waiting since today");
    }),
  );

  it(
    "is answered by a later sent message, or by a contact recorded on a later day",
    withDb((db) => {
      const answeredByMail = investor(db, "Answered by mail", { status: "contacted" });
      mail(db, answeredByMail, "received", day(4));
      mail(db, answeredByMail, "sent", day(4, 15));
      const answeredByHand = investor(db, "Answered by hand", { status: "contacted", last: day(2).slice(0, 10) });
      mail(db, answeredByHand, "received", day(4));
      const sameDay = investor(db, "Logged the same day", { status: "contacted", last: day(4).slice(0, 10) });
      mail(db, sameDay, "received", day(4));
      const sentBefore = investor(db, "Sent before the reply", { status: "contacted" });
      mail(db, sentBefore, "sent", day(6));
      mail(db, sentBefore, "received", day(5));
      const passed = investor(db, "Passed", { status: "passed" });
      mail(db, passed, "received", day(1), "We will pass");
      const onlySent = investor(db, "Only sent", { status: "contacted" });
      mail(db, onlySent, "sent", day(1));
      expect(readRepliesWaiting(db, false, 10).rows.map((row) => row.name)).toEqual(["Sent before the reply", "Logged the same day"]);
    }),
  );

  it(
    "are counted in the morning digest, real side only",
    withDb((db) => {
      const app = fakeApp(db, now);
      const ada = investor(db, "Ada", { status: "contacted" });
      expect(todaysDigest(app)).not.toContain("Replies");
      mail(db, ada, "received", day(2));
      mail(db, investor(db, "Demo", { demo: true }), "received", day(2));
      expect(todaysDigest(app)).toContain("Replies waiting on you: 1.");
      mail(db, ada, "sent", day(1));
      expect(todaysDigest(app)).not.toContain("Replies");
    }),
  );

  it(
    "reads one side only",
    withDb((db) => {
      const real = investor(db, "Real");
      const demo = investor(db, "Demo", { demo: true });
      mail(db, real, "received", day(2));
      mail(db, demo, "received", day(3));
      expect(readRepliesWaiting(db, false, 5).rows.map((row) => row.name)).toEqual(["Real"]);
      expect(readRepliesWaiting(db, true, 5).rows.map((row) => row.name)).toEqual(["Demo"]);
      expect(readMailToLog(db, false, 5).rows.map((row) => row.name)).toEqual(["Real"]);
      expect(readMailToLog(db, true, 5).rows.map((row) => row.name)).toEqual(["Demo"]);
    }),
  );

  it(
    "an unverified reply still waits, marked; an unverified message 'from the founder' answers nothing",
    withDb((db) => {
      const jane = Number(db.$client.prepare("insert into investors (name) values ('Jane')").run().lastInsertRowid);
      const reply = mail(db, jane, "received", day(3, 9), "Re: deck", false);
      // A stranger writes "From: founder" to Jane after her reply: it must not hide the reply.
      mail(db, jane, "sent", day(3, 12), "Forged answer", false);
      expect(readRepliesWaiting(db, false, 5).rows).toMatchObject([{ id: reply, verified: false }]);
      expect(readMailToLog(db, false, 5).rows.map((row) => [row.subject, row.verified])).toEqual([
        ["Forged answer", false],
        ["Re: deck", false],
      ]);
      mail(db, jane, "sent", day(3, 15), "Real answer");
      expect(readRepliesWaiting(db, false, 5).total).toBe(0);
    }),
  );

  it("read with SQL equal the plain computation, on generated mail", () => {
    const investorArb = fc.record({
      status: fc.constantFrom(...RELATIONSHIP_STATUSES),
      last: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
      demo: fc.boolean(),
    });
    const mailArb = fc.record({
      investor: fc.nat({ max: 7 }),
      direction: fc.constantFrom("sent" as const, "received" as const),
      verified: fc.boolean(),
      // Few distinct times, so equal times and same-day messages are common.
      day: fc.integer({ min: 0, max: 12 }),
      hour: fc.constantFrom(8, 12, 18),
    });
    fc.assert(
      fc.property(
        fc.array(investorArb, { minLength: 1, maxLength: 8 }),
        fc.array(mailArb, { maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        (investors, mails, limit) => {
          const { db } = createTestDatabase();
          try {
            const insert = db.$client.prepare(
              "insert into investors (name, relationship_status, last_contact_date, is_demo) values (?, ?, ?, ?)",
            );
            const ids = investors.map((row, index) =>
              Number(
                insert.run(`Investor ${index}`, row.status, row.last === null ? null : day(row.last).slice(0, 10), row.demo ? 1 : 0)
                  .lastInsertRowid,
              ),
            );
            const saved = mails.map((row, index) => {
              const investorId = ids[row.investor % ids.length]!;
              const sentAt = day(row.day, row.hour);
              const id = mail(db, investorId, row.direction, sentAt, `Subject ${index}`, row.verified);
              return { id, investor_id: investorId, direction: row.direction, sent_at: sentAt, verified: row.verified };
            });
            for (const demo of [false, true]) {
              const side = investors
                .map((row, index) => ({
                  id: ids[index]!,
                  relationship_status: row.status,
                  last_contact_date: row.last === null ? null : day(row.last).slice(0, 10),
                  demo: row.demo,
                }))
                .filter((row) => row.demo === demo);
              const expected = repliesWaiting(side, saved);
              const fromSql = readRepliesWaiting(db, demo, limit);
              expect(fromSql.total).toBe(expected.length);
              expect(fromSql.rows.map((row) => [row.investor_id, row.id, row.received_at, row.verified])).toEqual(
                expected
                  .slice(0, limit)
                  .map((row) => [row.investor_id, row.mail_id, row.received_at, saved.find((m) => m.id === row.mail_id)!.verified]),
              );
            }
          } finally {
            db.$client.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("emails to log and logging", () => {
  it(
    "lists unlogged mail newest first with a count, and an investor's mail newest first",
    withDb((db) => {
      const ada = investor(db, "Ada");
      const older = mail(db, ada, "sent", day(5), "First");
      const newer = mail(db, ada, "received", day(2), "Second");
      mail(db, investor(db, "Grace"), "sent", day(3), "Third");
      expect(readMailToLog(db, false, 2)).toMatchObject({ total: 3, rows: [{ subject: "Second" }, { subject: "Third" }] });
      expect(readInvestorMail(db, ada, 10).rows.map((row) => row.id)).toEqual([newer, older]);
      expect(readInvestorMail(db, ada, 1)).toMatchObject({ total: 2, rows: [{ id: newer }] });
    }),
  );

  it(
    "logs one: a contact entry with the message's date and subject, logged_at set, the last contact forward and the status contacted",
    withDb((db) => {
      const ada = investor(db, "Ada", { status: "not_contacted" });
      const first = mail(db, ada, "sent", day(5), "Our seed round");
      const second = mail(db, ada, "received", day(2), "  ");
      expect(logMailContacts(db, { ids: [first] }, options(false))).toEqual({ logged: 1, investorIds: [ada] });
      expect(contacts(db, ada)).toEqual([{ date: day(5).slice(0, 10), channel: "email", note: "Our seed round" }]);
      expect(investorRow(db, ada)).toEqual({ relationship_status: "contacted", last_contact_date: day(5).slice(0, 10) });
      expect(readMailToLog(db, false, 5).rows.map((row) => row.id)).toEqual([second]);
      // Logging it again writes nothing.
      expect(logMailContacts(db, { ids: [first] }, options(false))).toEqual({ logged: 0, investorIds: [] });
      expect(contacts(db, ada)).toHaveLength(1);
      expect(logMailContacts(db, { ids: [second] }, options(false)).logged).toBe(1);
      expect(contacts(db, ada).at(-1)).toEqual({ date: day(2).slice(0, 10), channel: "email", note: NO_SUBJECT });
      expect(investorRow(db, ada).last_contact_date).toBe(day(2).slice(0, 10));
    }),
  );

  it(
    "logs all of one side, never moving the last contact back nor a later status back",
    withDb((db) => {
      const ada = investor(db, "Ada", { status: "meeting_scheduled", last: day(1).slice(0, 10) });
      const grace = investor(db, "Grace", { status: "researching" });
      const demo = investor(db, "Demo", { demo: true });
      mail(db, ada, "sent", day(9), "Old thread");
      mail(db, ada, "received", day(8), "Re: Old thread");
      mail(db, grace, "sent", day(4), "Intro");
      const demoMail = mail(db, demo, "sent", day(4), "Demo intro");
      const result = logMailContacts(db, "all", options(false));
      expect(result.logged).toBe(3);
      expect(result.investorIds.sort()).toEqual([ada, grace].sort());
      expect(contacts(db, ada).map((entry) => entry.note)).toEqual(["Old thread", "Re: Old thread"]);
      expect(investorRow(db, ada)).toEqual({ relationship_status: "meeting_scheduled", last_contact_date: day(1).slice(0, 10) });
      expect(investorRow(db, grace)).toEqual({ relationship_status: "contacted", last_contact_date: day(4).slice(0, 10) });
      expect(readMailToLog(db, false, 5).total).toBe(0);
      // The demo side is untouched, and an id of the other side writes nothing.
      expect(readMailToLog(db, true, 5).rows.map((row) => row.id)).toEqual([demoMail]);
      expect(logMailContacts(db, { ids: [demoMail] }, options(false))).toEqual({ logged: 0, investorIds: [] });
      expect(contacts(db, demo)).toEqual([]);
      expect(logMailContacts(db, { ids: [demoMail] }, options(true)).logged).toBe(1);
      expect(contacts(db, demo)).toHaveLength(1);
    }),
  );

  it(
    "logs at most LOG_ALL_LIMIT at once, the oldest first",
    withDb((db) => {
      const ada = investor(db, "Ada");
      for (let index = 0; index < LOG_ALL_LIMIT + 3; index++)
        mail(db, ada, "sent", new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString());
      expect(logMailContacts(db, "all", options(false)).logged).toBe(LOG_ALL_LIMIT);
      expect(readMailToLog(db, false, 5).total).toBe(3);
      expect(logMailContacts(db, "all", options(false)).logged).toBe(3);
    }),
  );

  it("writes a subject as the note, trimmed and bounded", () => {
    expect(mailNote("  Re:\n  the   deck ")).toBe("Re: the deck");
    expect(mailNote("")).toBe(NO_SUBJECT);
    expect(mailNote("x".repeat(5_000))).toHaveLength(2_000);
  });
});

describe("a Date header ahead of the clock", () => {
  const now = new Date("2026-03-02T20:00:00Z");

  it("never gives a time after the server received the message (or after now)", () => {
    // A sender in UTC+10 whose mailer labels local time as +0000: 10 hours in the future.
    const stated = "Tue, 3 Mar 2026 06:00:00 +0000";
    const internal = new Date("2026-03-02T19:59:00Z");
    const time = messageTime(stated, internal, now);
    expect(time.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it("so logging it cannot move the last contact date to tomorrow, and a quick answer counts as an answer", () => {
    const { db } = createTestDatabase();
    const jane = addInvestor(db, "Jane", "jane@fund.com");
    db.$client.prepare("update investors set relationship_status = 'contacted' where id = ?").run(jane);
    const book = new Map([["jane@fund.com", [jane]]]);
    const owner = { addresses: new Set(["founder@startup.test"]), sentMailbox: false };
    const insert = db.$client.prepare(
      "insert into mail_contacts (investor_id, message_id, direction, sent_at, subject) values (?, ?, ?, ?, ?)",
    );
    // Jane's reply (clock 10 h fast), received at 19:59 UTC; the founder answers at 20:30 UTC.
    const [reply] = mailContactsFor(
      {
        headers:
          "From: jane@fund.com\r\nTo: founder@startup.test\r\nSubject: Re: seed\r\nDate: Tue, 3 Mar 2026 06:00:00 +0000\r\nMessage-ID: <r@fund.com>\r\n\r\n",
        internalDate: new Date("2026-03-02T19:59:00Z"),
      },
      book,
      now,
      owner,
    );
    const later = new Date("2026-03-02T20:30:00Z");
    const [answer] = mailContactsFor(
      {
        headers:
          "From: founder@startup.test\r\nTo: jane@fund.com\r\nSubject: Re: Re: seed\r\nDate: Mon, 2 Mar 2026 20:30:00 +0000\r\nMessage-ID: <a@startup.test>\r\n\r\n",
      },
      book,
      later,
      owner,
    );
    for (const d of [reply!, answer!]) insert.run(d.investorId, d.messageId, d.direction, d.sentAt, d.subject);
    // Dated by the server, the reply comes before the answer: answered.
    expect(readRepliesWaiting(db, false, 5).total).toBe(0);
    logMailContacts(db, "all", { actor: TEST_ACTOR, demo: false, now: later, rules: DEFAULT_RULES });
    const row = db.$client.prepare("select last_contact_date from investors where id = ?").get(jane) as { last_contact_date: string };
    // Never a day that has not happened yet.
    expect(row.last_contact_date <= "2026-03-02").toBe(true);
  });
});
