import Database from "better-sqlite3";
import { TEST_ACTOR } from "../helpers/actor.ts";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { dashboardPage, pageRound } from "#app/services/dashboard-page.server.ts";
import { todaysDigest } from "#app/jobs/digest.server.ts";
import { loadDashboard } from "#db/queries/dashboard.server.ts";
import { ensureDemoData, refreshDemo, resetDemo } from "#app/jobs/demo.server.ts";
import { editInvestor } from "#db/queries/investors.server.ts";
import {
  BACKGROUND_KEPT_MS,
  DEMO_KEPT_MS,
  KEPT_RESULTS,
  keptUntilWrite,
  writeDemoOnly,
  writeInBackground,
} from "#db/queries/kept.server.ts";
import { logMailContacts } from "#db/queries/mail.server.ts";
import { loadTodayForPage } from "#db/queries/today.server.ts";
import { parseDashboardQuery } from "#app/domain/dashboard-query.ts";
import { ACTIONS, RELATIONSHIP_STATUSES } from "#app/domain/investor.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { writeState } from "#db/queries/app-state.server.ts";
import { NO_MAIL_SYNC, saveMailSyncStatus } from "#db/queries/mail-status.server.ts";
import { deleteSession, insertSession } from "#db/queries/sessions.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";

const now = new Date("2026-11-23T09:00:00Z");

describe("results kept until the database is written", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["performance"] }));
  afterEach(() => vi.useRealTimers());

  it("computes once while nothing is written, again after a write from this or another connection", () => {
    const { db, path } = createTestDatabase();
    let computed = 0;
    const read = () => keptUntilWrite(db, "count", () => ({ computed: ++computed }));
    const first = read();
    expect(read()).toBe(first);
    db.$client.prepare("insert into investors (name) values ('Ada')").run();
    const second = read();
    expect(second).not.toBe(first);
    expect(read()).toBe(second);
    const other = new Database(path);
    other.prepare("update investors set name = 'Ada King'").run();
    other.close();
    expect(read()).not.toBe(second);
    expect(computed).toBe(3);
    db.$client.close();
  });

  it("keeps each key apart and only the most recently used few", () => {
    const { db } = createTestDatabase();
    const seen: string[] = [];
    const read = (key: string) => keptUntilWrite(db, key, () => seen.push(key));
    for (let i = 0; i <= KEPT_RESULTS; i++) read(`k${i}`);
    read("k1"); // kept, and now the most recent
    read("k0"); // the oldest was dropped when the limit was passed
    expect(seen.filter((key) => key === "k0")).toHaveLength(2);
    expect(seen.filter((key) => key === "k1")).toHaveLength(1);
    db.$client.close();
  });

  it("gives the dashboard exactly what reading it afresh gives, after any sequence of edits", () => {
    const { db } = createTestDatabase();
    // No IMAP_* set: mail capture is off on the real side, always on in the demo.
    const app = fakeApp(db, now);
    const insert = db.$client.prepare(
      'insert into investors (name, score, action, relationship_status, is_demo, score_explained) values (?, ?, ?, ?, ?, \'{"total":1,"components":[],"action_reason":"r"}\')',
    );
    const edit = fc.oneof(
      fc.record({
        kind: fc.constant("add" as const),
        score: fc.integer({ min: 0, max: 100 }),
        action: fc.constantFrom(...ACTIONS),
        status: fc.constantFrom(...RELATIONSHIP_STATUSES),
        demo: fc.boolean(),
      }),
      fc.record({ kind: fc.constant("rescore" as const), score: fc.integer({ min: 0, max: 100 }), action: fc.constantFrom(...ACTIONS) }),
      fc.record({
        kind: fc.constant("view" as const),
        query: fc.constantFrom("", "sort=name&dir=asc", "action=follow_up", "all=dont_chase"),
      }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 25 }), (edits) => {
        let n = 0;
        for (const step of edits) {
          if (step.kind === "add") insert.run(`Investor ${n++}`, step.score, step.action, step.status, step.demo ? 1 : 0);
          else if (step.kind === "rescore")
            db.$client
              .prepare("update investors set score = ?, action = ? where id = (select max(id) from investors)")
              .run(step.score, step.action);
          else {
            // The demo's results are kept at least DEMO_KEPT_MS whatever is written (decision 018).
            vi.advanceTimersByTime(DEMO_KEPT_MS);
            for (const demo of [false, true]) {
              const params = new URLSearchParams(step.query);
              const kept = dashboardPage(app, demo, params);
              const query = parseDashboardQuery(params);
              expect(JSON.stringify(kept)).toBe(
                JSON.stringify({
                  query,
                  mine: null,
                  data: loadDashboard(db, demo, query),
                  today: loadTodayForPage(db, demo, params, { now, followUpAfterDays: DEFAULT_RULES.followUpAfterDays, mailSetUp: demo }),
                  digest: demo ? null : todaysDigest(app),
                  round: pageRound(app, demo, now.toISOString().slice(0, 10)),
                }),
              );
            }
          }
        }
      }),
      { numRuns: 60 },
    );
    db.$client.close();
  });
});

/** Decision 018: the open demo's writes touch demo rows only, so the founder's kept results stay kept. */
describe("the founder's kept results across the demo's writes", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["performance"] }));
  afterEach(() => vi.useRealTimers());

  it("stay kept through demo resets, refreshes, edits and logs; a real write or another connection still renews them", () => {
    const { db, path } = createTestDatabase();
    ensureDemoData(db, now, DEFAULT_RULES);
    const app = fakeApp(db, now);
    const params = new URLSearchParams();
    const real = dashboardPage(app, false, params);
    const demo = dashboardPage(app, true, params);
    const demoId = db.$client.prepare("select id from investors where is_demo = 1 order by id limit 1").pluck().get() as number;

    refreshDemo(db, now, DEFAULT_RULES);
    editInvestor(db, demoId, { add_contact: { note: "a visitor's note" } }, { actor: TEST_ACTOR, now, rules: DEFAULT_RULES, demo: true });
    logMailContacts(db, "all", { actor: TEST_ACTOR, demo: true, now, rules: DEFAULT_RULES });
    expect(dashboardPage(app, false, params)).toBe(real);
    // The demo's own page is kept a moment whatever anyone writes, then follows the writes.
    expect(dashboardPage(app, true, params)).toBe(demo);
    vi.advanceTimersByTime(DEMO_KEPT_MS);
    const demoAfter = dashboardPage(app, true, params);
    expect(demoAfter).not.toBe(demo);
    // A reset makes every demo investor again under new ids: the demo's page follows at once, inside
    // the window too (a page kept from before would link to investors that are gone).
    expect(dashboardPage(app, true, params)).toBe(demoAfter);
    resetDemo(db, now, DEFAULT_RULES);
    expect(dashboardPage(app, false, params)).toBe(real);
    const demoReset = dashboardPage(app, true, params);
    expect(demoReset).not.toBe(demoAfter);
    const demoIds = new Set(db.$client.prepare("select id from investors where is_demo = 1").pluck().all() as number[]);
    expect(demoReset.data.investors.length).toBeGreaterThan(0);
    expect(demoReset.data.investors.every((row) => demoIds.has(row.id))).toBe(true);

    // A real write (here an edit without the demo flag, on a real row) renews the founder's side.
    const realId = db.$client.prepare("insert into investors (name) values ('Ada') returning id").pluck().get() as number;
    const renewed = dashboardPage(app, false, params);
    expect(renewed).not.toBe(real);
    editInvestor(db, realId, { personal_notes: "met at a dinner" }, { actor: TEST_ACTOR, now, rules: DEFAULT_RULES });
    expect(dashboardPage(app, false, params)).not.toBe(renewed);
    const beforeOther = dashboardPage(app, false, params);
    const other = new Database(path);
    other.prepare("update investors set name = 'Ada King' where id = ?").run(realId);
    other.close();
    expect(dashboardPage(app, false, params)).not.toBe(beforeOther);
    db.$client.close();
  });
});

/** Decision 037: background work's writes (a refresh's steps) leave the founder's results kept a moment. */
describe("the founder's kept results across background writes", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["performance"] }));
  afterEach(() => vi.useRealTimers());

  it("stay kept up to BACKGROUND_KEPT_MS after a background write, and no longer; the founder's own write renews them at once", () => {
    const { db } = createTestDatabase();
    let computed = 0;
    const read = () => keptUntilWrite(db, "real", () => ({ computed: ++computed }), "real");
    const insert = (name: string, demo = 0) => db.$client.prepare("insert into investors (name, is_demo) values (?, ?)").run(name, demo);
    const first = read();
    writeInBackground(db, () => insert("Found by a refresh"));
    expect(read()).toBe(first);
    vi.advanceTimersByTime(BACKGROUND_KEPT_MS - 1);
    expect(read()).toBe(first);
    vi.advanceTimersByTime(1);
    const second = read();
    expect(second).not.toBe(first);
    expect(read()).toBe(second);
    // Within the window, the founder's write is shown at once.
    writeInBackground(db, () => insert("Found again"));
    insert("Typed by the founder");
    expect(read()).not.toBe(second);
    // "any" results take no window: every write counts at once.
    const any = keptUntilWrite(db, "any", () => ({}));
    writeInBackground(db, () => insert("Another"));
    expect(keptUntilWrite(db, "any", () => ({}))).not.toBe(any);
    db.$client.close();
  });

  it("count a write once when background work runs inside a demo-only write: the founder's results stay kept", () => {
    const { db } = createTestDatabase();
    let computed = 0;
    const read = () => keptUntilWrite(db, "real", () => ({ computed: ++computed }), "real");
    const first = read();
    writeDemoOnly(db, () =>
      writeInBackground(db, () => db.$client.prepare("insert into investors (name, is_demo) values ('Demo', 1)").run()),
    );
    vi.advanceTimersByTime(BACKGROUND_KEPT_MS * 5);
    expect(read()).toBe(first);
    db.$client.close();
  });
});

/** Decision 028: the version a page is kept by is the version of what it reads. */
describe("writes that change nothing a kept page reads", () => {
  it("leave the dashboard kept: a session, the mail-sync status, the re-score stamp, a re-score that changed no score", () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db, now);
    db.$client.prepare("insert into investors (name, score) values ('Ada', 40), ('Grace', 70)").run();
    const params = new URLSearchParams();
    const page = dashboardPage(app, false, params);

    insertSession(db, { idHash: "h".repeat(64), createdAt: now.toISOString(), expiresAt: now.toISOString() });
    deleteSession(db, "h".repeat(64));
    saveMailSyncStatus(db, { ...NO_MAIL_SYNC, started_at: now.toISOString() }, now);
    writeState(db, "scored_with", "2:2026-11-23");
    // A re-score that gives each investor the score it had; only the stamp moves.
    db.$client.prepare("update investors set score = score, action = action, updated_at = 'later'").run();
    expect(dashboardPage(app, false, params)).toBe(page);

    // A settings key still counts, and so does a score that changed.
    writeState(db, "founder_name", "Ada Founder");
    const afterSetting = dashboardPage(app, false, params);
    expect(afterSetting).not.toBe(page);
    db.$client.prepare("update investors set score = 41 where name = 'Ada'").run();
    const afterScore = dashboardPage(app, false, params);
    expect(afterScore).not.toBe(afterSetting);
    expect(JSON.stringify(afterScore.data)).toContain("41");
    db.$client.close();
  });
});
