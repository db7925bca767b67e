import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "../helpers/actor.ts";
import { UNDO_MINUTES, isUndoToken, recordedChange, undoPatch } from "#app/domain/undo.ts";
import { editInvestor, rescoreAllInvestors } from "#db/queries/investors.server.ts";
import { answerNextStep, logMail, recordEmailed, undoAction } from "#app/services/undo.server.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";

const morning = new Date("2026-11-25T09:00:00Z");

/** A database with one investor per side, and an app whose clock the test moves. */
function setUp(status = "not_contacted", lastContact: string | null = "2026-11-01") {
  const { db } = createTestDatabase();
  let clock = morning;
  const app = fakeApp(db, morning, { now: () => clock });
  const insert = db.$client.prepare("insert into investors (name, relationship_status, last_contact_date, is_demo) values (?, ?, ?, ?)");
  const real = Number(insert.run("Ada Real", status, lastContact, 0).lastInsertRowid);
  const demo = Number(insert.run("Demo Dora", status, lastContact, 1).lastInsertRowid);
  const read = (id: number) => ({
    ...(db.$client.prepare("select relationship_status as status, last_contact_date as last from investors where id = ?").get(id) as {
      status: string;
      last: string | null;
    }),
    notes: db.$client.prepare("select note from contact_entries where investor_id = ? order by id").pluck().all(id) as string[],
  });
  const emailed = (id: number, demoSide = false) => {
    const outcome = recordEmailed(app, TEST_ACTOR, id, demoSide);
    if (outcome.kind !== "recorded") throw new Error(`not recorded: ${outcome.kind}`);
    return outcome.undo;
  };
  return { db, app, real, demo, read, emailed, setClock: (at: Date) => (clock = at) };
}

describe("undoing Emailed", () => {
  it("removes exactly what it recorded: the entry, the status and the last contact date put back", () => {
    const { app, real, read, emailed } = setUp();
    const token = emailed(real);
    expect(isUndoToken(token)).toBe(true);
    expect(read(real)).toEqual({ status: "contacted", last: "2026-11-25", notes: ["Emailed"] });
    expect(undoAction(app, TEST_ACTOR, token, false)).toEqual({ investorIds: [real], unlogged: 0 });
    expect(read(real)).toEqual({ status: "not_contacted", last: "2026-11-01", notes: [] });
  });

  it("keeps what the founder did after it: a later status, a later note, a later contact that day", () => {
    const { db, app, real, read, emailed } = setUp();
    const token = emailed(real);
    editInvestor(
      db,
      real,
      { relationship_status: "in_conversation", add_contact: { date: "2026-11-25", channel: "call", note: "Called back" } },
      { actor: TEST_ACTOR, now: morning, rules: DEFAULT_RULES, demo: false },
    );
    expect(undoAction(app, TEST_ACTOR, token, false)).not.toBeNull();
    // Only the "Emailed" entry goes; the status and the date are now the later edit's, and stay.
    expect(read(real)).toEqual({ status: "in_conversation", last: "2026-11-25", notes: ["Called back"] });
  });

  it("keeps a last contact date edited by hand after it", () => {
    const { db, app, real, read, emailed } = setUp("contacted");
    const token = emailed(real);
    editInvestor(db, real, { last_contact_date: "2026-11-20" }, { actor: TEST_ACTOR, now: morning, rules: DEFAULT_RULES, demo: false });
    undoAction(app, TEST_ACTOR, token, false);
    expect(read(real)).toEqual({ status: "contacted", last: "2026-11-20", notes: [] });
  });

  it("works once, within the minutes it lasts, and only with the token of this change", () => {
    const { app, real, read, emailed, setClock } = setUp();
    const first = emailed(real);
    const second = emailed(real);
    expect(read(real).notes).toEqual(["Emailed", "Emailed"]);
    // The second token names the second entry only.
    undoAction(app, TEST_ACTOR, second, false);
    expect(read(real)).toEqual({ status: "contacted", last: "2026-11-25", notes: ["Emailed"] });
    expect(undoAction(app, TEST_ACTOR, second, false)).toBeNull();
    expect(undoAction(app, TEST_ACTOR, "not a token", false)).toBeNull();
    expect(undoAction(app, TEST_ACTOR, "A".repeat(22), false)).toBeNull();
    setClock(new Date(morning.getTime() + UNDO_MINUTES * 60_000));
    expect(undoAction(app, TEST_ACTOR, first, false)).toBeNull();
    expect(read(real)).toEqual({ status: "contacted", last: "2026-11-25", notes: ["Emailed"] });
  });

  it("never crosses sides: a demo token undoes nothing of the founder's, nor the founder's on the demo", () => {
    const { app, real, demo, read, emailed } = setUp();
    const realToken = emailed(real);
    const demoToken = emailed(demo, true);
    expect(undoAction(app, TEST_ACTOR, realToken, true)).toBeNull();
    expect(undoAction(app, TEST_ACTOR, demoToken, false)).toBeNull();
    expect(read(real).notes).toEqual(["Emailed"]);
    expect(read(demo).notes).toEqual(["Emailed"]);
    expect(undoAction(app, TEST_ACTOR, demoToken, true)).toEqual({ investorIds: [demo], unlogged: 0 });
    expect(read(demo)).toEqual({ status: "not_contacted", last: "2026-11-01", notes: [] });
    expect(read(real).notes).toEqual(["Emailed"]);
  });

  it("stores only the token's hash, and sweeps expired rows on the next action", () => {
    const { db, real, emailed, setClock } = setUp();
    const token = emailed(real);
    const hashes = () => db.$client.prepare("select token_hash from undo_changes").pluck().all() as string[];
    expect(hashes()).toHaveLength(1);
    expect(hashes()[0]).not.toContain(token);
    setClock(new Date(morning.getTime() + (UNDO_MINUTES + 1) * 60_000));
    emailed(real);
    expect(hashes()).toHaveLength(1);
  });
});

describe("undoing Log and Log all", () => {
  /** Two investors per side with mail to log, one email of the first already logged before. */
  function withMail() {
    const base = setUp("researching", null);
    const { db } = base;
    const insert = db.$client.prepare(
      "insert into mail_contacts (investor_id, message_id, direction, sent_at, subject, logged_at) values (?, ?, ?, ?, ?, ?)",
    );
    const grace = Number(
      db.$client
        .prepare(
          "insert into investors (name, relationship_status, last_contact_date, is_demo) values ('Grace Real', 'in_conversation', '2026-11-10', 0)",
        )
        .run().lastInsertRowid,
    );
    const mail = (investor: number, id: string, sentAt: string, subject: string, loggedAt: string | null = null) =>
      Number(insert.run(investor, `<${id}@fund.example.com>`, "sent", sentAt, subject, loggedAt).lastInsertRowid);
    const old = mail(base.real, "old", "2026-10-01T09:00:00Z", "Earlier, logged by hand", "2026-10-02T09:00:00Z");
    const ids = {
      seed: mail(base.real, "seed", "2026-11-20T09:00:00Z", "Seed round"),
      deck: mail(base.real, "deck", "2026-11-22T09:00:00Z", "The deck"),
      numbers: mail(grace, "numbers", "2026-11-24T09:00:00Z", "Numbers"),
      demo: mail(base.demo, "demo", "2026-11-23T09:00:00Z", "Demo mail"),
    };
    const unlogged = () => db.$client.prepare("select id from mail_contacts where logged_at is null order by id").pluck().all() as number[];
    return { ...base, grace, old, ids, unlogged };
  }

  it("Log all: takes back every entry, every logged mark, each status and date, and only them", () => {
    const { app, real, grace, demo, ids, old, read, unlogged } = withMail();
    const { logged, undo } = logMail(app, TEST_ACTOR, "all", false);
    expect(logged).toBe(3);
    expect(isUndoToken(undo)).toBe(true);
    expect(read(real)).toEqual({ status: "contacted", last: "2026-11-22", notes: ["Seed round", "The deck"] });
    expect(read(grace)).toEqual({ status: "in_conversation", last: "2026-11-24", notes: ["Numbers"] });
    expect(unlogged()).toEqual([ids.demo]);

    expect(undoAction(app, TEST_ACTOR, undo, false)).toEqual({ investorIds: [real, grace], unlogged: 3 });
    expect(read(real)).toEqual({ status: "researching", last: null, notes: [] });
    expect(read(grace)).toEqual({ status: "in_conversation", last: "2026-11-10", notes: [] });
    // The email logged before stays logged; the demo's was never touched.
    expect(unlogged()).toEqual([ids.seed, ids.deck, ids.numbers, ids.demo]);
    expect(unlogged()).not.toContain(old);
    expect(read(demo)).toEqual({ status: "researching", last: null, notes: [] });
  });

  it("Log: one email, and what the founder did since stays (a later status, a later contact)", () => {
    const { db, app, real, ids, read, unlogged } = withMail();
    const { logged, undo } = logMail(app, TEST_ACTOR, { ids: [ids.deck] }, false);
    expect(logged).toBe(1);
    editInvestor(
      db,
      real,
      { relationship_status: "meeting_scheduled", add_contact: { date: "2026-11-25", channel: "call", note: "Booked a call" } },
      { actor: TEST_ACTOR, now: morning, rules: DEFAULT_RULES, demo: false },
    );
    expect(undoAction(app, TEST_ACTOR, undo, false)).toEqual({ investorIds: [real], unlogged: 1 });
    expect(read(real)).toEqual({ status: "meeting_scheduled", last: "2026-11-25", notes: ["Booked a call"] });
    expect(unlogged()).toContain(ids.deck);
    // Once only.
    expect(undoAction(app, TEST_ACTOR, undo, false)).toBeNull();
  });

  it("a second Log's token takes back the second only", () => {
    const { app, real, ids, read, unlogged } = withMail();
    const first = logMail(app, TEST_ACTOR, { ids: [ids.seed] }, false).undo;
    const second = logMail(app, TEST_ACTOR, { ids: [ids.deck] }, false).undo;
    expect(undoAction(app, TEST_ACTOR, second, false)).toEqual({ investorIds: [real], unlogged: 1 });
    expect(read(real)).toEqual({ status: "contacted", last: "2026-11-20", notes: ["Seed round"] });
    expect(unlogged()).toContain(ids.deck);
    expect(unlogged()).not.toContain(ids.seed);
    expect(undoAction(app, TEST_ACTOR, first, false)).toEqual({ investorIds: [real], unlogged: 1 });
    expect(read(real)).toEqual({ status: "researching", last: null, notes: [] });
  });

  it("nothing logged, no token; and the demo's token undoes the demo's log only", () => {
    const { app, real, demo, ids, read, unlogged } = withMail();
    expect(logMail(app, TEST_ACTOR, { ids: [ids.demo] }, false)).toEqual({ logged: 0, undo: null });
    const real1 = logMail(app, TEST_ACTOR, { ids: [ids.seed] }, false).undo;
    const demo1 = logMail(app, TEST_ACTOR, { ids: [ids.demo] }, true).undo;
    expect(undoAction(app, TEST_ACTOR, demo1, false)).toBeNull();
    expect(undoAction(app, TEST_ACTOR, real1, true)).toBeNull();
    expect(undoAction(app, TEST_ACTOR, demo1, true)).toEqual({ investorIds: [demo], unlogged: 1 });
    expect(read(demo)).toEqual({ status: "researching", last: null, notes: [] });
    expect(read(real).notes).toEqual(["Seed round"]);
    expect(unlogged()).toContain(ids.demo);
    expect(unlogged()).not.toContain(ids.seed);
  });
});

describe("what an undo writes back (pure)", () => {
  const change = recordedChange(
    7,
    { relationshipStatus: "researching", lastContactDate: null },
    { relationshipStatus: "contacted", lastContactDate: "2026-11-25" },
    [3],
  );

  it("records only the values the action moved", () => {
    expect(change).toEqual({
      id: 7,
      contactEntryIds: [3],
      status: { from: "researching", to: "contacted" },
      lastContactDate: { from: null, to: "2026-11-25" },
    });
    const same = { relationshipStatus: "contacted" as const, lastContactDate: "2026-11-25" };
    expect(recordedChange(7, same, same, [4])).toEqual({ id: 7, contactEntryIds: [4] });
  });

  it("puts a value back only while it is still what the action set, and no kept contact carries the date", () => {
    expect(undoPatch(change, { relationshipStatus: "contacted", lastContactDate: "2026-11-25" }, [])).toEqual({
      relationshipStatus: "researching",
      lastContactDate: null,
    });
    expect(undoPatch(change, { relationshipStatus: "passed", lastContactDate: "2026-11-26" }, [])).toEqual({});
    expect(undoPatch(change, { relationshipStatus: "contacted", lastContactDate: "2026-11-25" }, ["2026-11-25", null])).toEqual({
      relationshipStatus: "researching",
    });
  });
});

describe("answering the next step after Emailed (decision 053)", () => {
  const stepped = () => {
    const { db, app, real, emailed } = setUp("in_conversation", "2026-10-01");
    db.$client.prepare("update investors set next_step = 'Send the deck', next_step_date = '2026-10-12' where id = ?").run(real);
    rescoreAllInvestors(db, morning, DEFAULT_RULES);
    const row = () =>
      db.$client
        .prepare("select action, next_step as step, next_step_date as date, last_contact_date as last from investors where id = ?")
        .get(real) as {
        action: string;
        step: string | null;
        date: string | null;
        last: string | null;
      };
    return { db, app, real, emailed, row };
  };

  it("joins the Emailed's token: one undo takes back the email and the answer, and the follow-up is due again", () => {
    const { app, real, emailed, row } = stepped();
    expect(row()).toMatchObject({ action: "follow_up", step: "Send the deck" });
    const token = emailed(real);
    expect(row()).toMatchObject({ action: "wait", step: "Send the deck", last: "2026-11-25" });
    const answer = answerNextStep(app, TEST_ACTOR, real, false, { next_step: "Call about the terms", next_step_date: "2026-12-02" }, token);
    expect(answer).toEqual({ kind: "recorded", undo: token });
    expect(row()).toEqual({ action: "wait", step: "Call about the terms", date: "2026-12-02", last: "2026-11-25" });
    expect(undoAction(app, TEST_ACTOR, token, false)).toEqual({ investorIds: [real], unlogged: 0 });
    expect(row()).toEqual({ action: "follow_up", step: "Send the deck", date: "2026-10-12", last: "2026-10-01" });
  });

  it("answered without a live token gets one of its own, which puts the step back and leaves the email", () => {
    const { app, real, emailed, row } = stepped();
    emailed(real);
    const answer = answerNextStep(app, TEST_ACTOR, real, false, { next_step: null, next_step_date: null }, "not-a-token");
    if (answer.kind !== "recorded") throw new Error("not recorded");
    expect(row()).toMatchObject({ step: null, date: null, last: "2026-11-25" });
    undoAction(app, TEST_ACTOR, answer.undo, false);
    expect(row()).toMatchObject({ step: "Send the deck", date: "2026-10-12", last: "2026-11-25", action: "wait" });
  });

  it("keeps a step the founder changed after the answer: the undo puts back only what is still the answer's", () => {
    const { db, app, real, emailed, row } = stepped();
    const token = emailed(real);
    answerNextStep(app, TEST_ACTOR, real, false, { next_step: null, next_step_date: null }, token);
    editInvestor(
      db,
      real,
      { next_step: "Intro to their partner", next_step_date: "2026-12-01" },
      { actor: TEST_ACTOR, now: morning, rules: DEFAULT_RULES },
    );
    undoAction(app, TEST_ACTOR, token, false);
    expect(row()).toMatchObject({ step: "Intro to their partner", date: "2026-12-01", last: "2026-10-01" });
  });
});
