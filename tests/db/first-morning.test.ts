import { describe, expect, it } from "vitest";
import { firstMorningSteps, importedSentence } from "#app/domain/first-morning.ts";
import { firstMorning } from "#app/services/first-morning.server.ts";
import { readFirstMorningFacts } from "#db/queries/first-morning.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";

const now = new Date("2026-11-25T09:00:00Z");

describe("the first morning's guide", () => {
  it("ticks each step from the founder's rows only, and is gone once all three are done", () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db, now);
    const run = (sql: string) => db.$client.prepare(sql).run();
    const done = () => firstMorning(app)?.steps.map((step) => `${step.key}:${step.done}`);

    expect(done()).toEqual(["startup:false", "import:false", "today:false"]);
    // The demo's rows are someone else's pipeline: none of them ticks a step.
    run("insert into startups (name, pitch, sector, stage, geography, is_demo) values ('Demo Co', 'x', 'fintech', 'seed', 'Europe', 1)");
    const demoId = Number(run("insert into investors (name, is_demo) values ('Demo Investor', 1)").lastInsertRowid);
    run(`insert into contact_entries (investor_id, note) values (${demoId}, 'Demo contact')`);
    expect(done()).toEqual(["startup:false", "import:false", "today:false"]);

    run("insert into startups (name, pitch, sector, stage, geography) values ('Ledgerly', 'Books', 'fintech', 'seed', 'Europe')");
    expect(done()).toEqual(["startup:true", "import:false", "today:false"]);
    // An import writes investors, never a contact entry: Today is still to be read.
    const id = Number(run("insert into investors (name, last_contact_date) values ('Ada', '2026-11-01')").lastInsertRowid);
    expect(done()).toEqual(["startup:true", "import:true", "today:false"]);
    run(`insert into contact_entries (investor_id, date, channel, note) values (${id}, '2026-11-25', 'email', 'Emailed')`);
    expect(readFirstMorningFacts(db)).toEqual({ startup: true, investors: true, contacted: true });
    expect(firstMorning(app)).toBeNull();
  });

  it("counts a first intro asked as reading Today: Asked on a warm path is the first outreach (a walkthrough's guide stayed after it)", () => {
    const { db } = createTestDatabase();
    const run = (sql: string) => db.$client.prepare(sql).run();
    run("insert into startups (name, pitch, sector, stage, geography) values ('Fjordly', 'Books', 'fintech', 'seed', 'Europe')");
    const id = Number(run("insert into investors (name) values ('Thomas Bakke')").lastInsertRowid);
    const person = Number(run("insert into people (name, name_key) values ('Lena Berg', 'lena berg')").lastInsertRowid);
    const path = Number(
      run(`insert into intro_paths (investor_id, person_id, source) values (${id}, ${person}, 'import')`).lastInsertRowid,
    );
    expect(readFirstMorningFacts(db).contacted).toBe(false);
    // The demo's asked intros are someone else's morning.
    const demoId = Number(run("insert into investors (name, is_demo) values ('Demo Investor', 1)").lastInsertRowid);
    const demoPerson = Number(
      run("insert into people (name, name_key, is_demo) values ('Erik Solberg', 'erik solberg', 1)").lastInsertRowid,
    );
    run(
      `insert into intro_paths (investor_id, person_id, source, state, asked_on, is_demo) values (${demoId}, ${demoPerson}, 'import', 'asked', '2026-11-20', 1)`,
    );
    expect(readFirstMorningFacts(db).contacted).toBe(false);
    // A sheet's "Intro requested" row is the sheet's past, not an outreach from Today: an import
    // sets the path asked with no member (a walkthrough saw the guide ticked right after an import).
    run(`update intro_paths set state = 'asked', asked_on = '2026-11-20' where id = ${path}`);
    expect(readFirstMorningFacts(db).contacted).toBe(false);
    const member = Number(run("insert into members (name, role, created_at) values ('Maren', 'owner', '2026-11-01')").lastInsertRowid);
    run(`update intro_paths set asked_on = '2026-11-25', state_by_member_id = ${member} where id = ${path}`);
    expect(readFirstMorningFacts(db)).toEqual({ startup: true, investors: true, contacted: true });
  });

  it("keeps the steps in the order a new founder takes them, whatever is done first", () => {
    expect(firstMorningSteps({ startup: false, investors: true, contacted: true })?.map((step) => step.key)).toEqual([
      "startup",
      "import",
      "today",
    ]);
    expect(firstMorningSteps({ startup: true, investors: true, contacted: true })).toBeNull();
  });

  it("says what an import did in one line, leaving out the zero counts but the first", () => {
    expect(importedSentence({ created: 26, updated: 3, unchanged: 0, refused: 2 })).toBe("26 imported, 3 updated, 2 refused");
    expect(importedSentence({ created: 0, updated: 0, unchanged: 4, refused: 0 })).toBe("0 imported, 4 unchanged");
  });
});
