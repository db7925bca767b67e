import { describe, expect, it } from "vitest";
import { editInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { DEMO_ACTIVITY_KEPT, investorActivity, recordActivity } from "#db/queries/activity.server.ts";
import { memberActor, systemActor } from "#app/domain/people.ts";
import { recordEmailed, undoAction } from "#app/services/undo.server.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";

const now = new Date("2026-12-02T09:00:00Z");

function setUp() {
  const { db } = createTestDatabase();
  const owner = memberActor(ensureOwner(db, now));
  const jonasId = Number(
    db.$client.prepare("insert into members (name, role, created_at) values ('Jonas', 'member', ?)").run(now.toISOString()).lastInsertRowid,
  );
  const jonas = memberActor({ id: jonasId, name: "Jonas", role: "member" });
  const id = Number(
    db.$client.prepare("insert into investors (name, relationship_status) values ('Fjord Climate', 'contacted')").run().lastInsertRowid,
  );
  const version = () => db.$client.prepare("select version from investors where id = ?").pluck().get(id) as number;
  return { db, owner, jonas, jonasId, id, version };
}

describe("every change has an author (decision 059)", () => {
  it("records who moved what, in the edit's transaction, and moves the version", () => {
    const { db, jonas, jonasId, id, version } = setUp();
    expect(version()).toBe(1);
    editInvestor(
      db,
      id,
      { relationship_status: "due_diligence", add_contact: { note: "Call with Kristin", channel: "call" } },
      { now, rules: DEFAULT_RULES, actor: jonas },
    );
    const rows = investorActivity(db, id);
    expect(rows.map((row) => [row.kind, row.actorMemberId, row.subject])).toEqual([
      ["contact", jonasId, "Fjord Climate"],
      ["status", jonasId, "Fjord Climate"],
    ]);
    expect(rows[1]!.detail).toEqual({ from: { relationshipStatus: "contacted" }, to: { relationshipStatus: "due_diligence" }, version: 2 });
    expect(version()).toBe(2);
  });

  it("records nothing and keeps the version for an edit that changed nothing", () => {
    const { db, owner, id, version } = setUp();
    editInvestor(db, id, { relationship_status: "contacted" }, { now, rules: DEFAULT_RULES, actor: owner });
    expect(investorActivity(db, id)).toEqual([]);
    expect(version()).toBe(1);
  });

  it("never keeps the author of a change that rolled back", () => {
    const { db, owner, id } = setUp();
    expect(() =>
      db.$client.transaction(() => {
        editInvestor(db, id, { relationship_status: "passed" }, { now, rules: DEFAULT_RULES, actor: owner });
        throw new Error("the ranking after it failed");
      })(),
    ).toThrow();
    expect(investorActivity(db, id)).toEqual([]);
    expect(db.$client.prepare("select relationship_status from investors where id = ?").pluck().get(id)).toBe("contacted");
  });

  it("says who pressed Emailed and who undid it", () => {
    const { db, owner, jonas, jonasId, id } = setUp();
    const app = fakeApp(db, now);
    const outcome = recordEmailed(app, jonas, id, false);
    if (outcome.kind !== "recorded") throw new Error(outcome.kind);
    expect(undoAction(app, owner, outcome.undo, false)).not.toBeNull();
    const rows = investorActivity(db, id);
    expect(rows.map((row) => [row.kind, row.actorMemberId])).toEqual([
      ["last_contact", owner.kind === "member" ? owner.memberId : -1],
      ["undo", owner.kind === "member" ? owner.memberId : -1],
      ["contact", jonasId],
      ["last_contact", jonasId],
    ]);
  });
});

describe("the open demo's record (decision 061)", () => {
  it("keeps only the newest DEMO_ACTIVITY_KEPT rows of the demo's, whatever visitors press, and never a real row", () => {
    const { db, owner } = setUp();
    recordActivity(db, owner, { investorId: null, subject: "real" }, [{ kind: "round", detail: {} }], now);
    const visitor = systemActor("visitor");
    for (let n = 0; n < DEMO_ACTIVITY_KEPT + 25; n++) {
      recordActivity(db, visitor, { investorId: null, subject: `demo ${n}`, isDemo: true }, [{ kind: "round", detail: {} }], now);
    }
    const count = (demo: number) => db.$client.prepare("select count(*) from activity where is_demo = ?").pluck().get(demo);
    expect(count(1)).toBe(DEMO_ACTIVITY_KEPT);
    expect(count(0)).toBe(1);
    const oldest = db.$client.prepare("select subject from activity where is_demo = 1 order by id limit 1").pluck().get();
    expect(oldest).toBe("demo 25");
  });
});
