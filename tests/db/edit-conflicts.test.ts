import { describe, expect, it } from "vitest";
import { activitySinceVersion, investorActivity } from "#db/queries/activity.server.ts";
import { editInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { EditConflict } from "#app/domain/conflict.ts";
import { memberActor } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { recordEmailed, undoAction } from "#app/services/undo.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const now = new Date("2026-12-02T09:00:00Z");

function setUp() {
  const { db } = createTestDatabase();
  const maren = memberActor(ensureOwner(db, now));
  const jonasId = Number(
    db.$client.prepare("insert into members (name, role, created_at) values ('Jonas', 'member', ?)").run(now.toISOString()).lastInsertRowid,
  );
  const jonas = memberActor({ id: jonasId, name: "Jonas", role: "member" });
  const id = Number(
    db.$client.prepare("insert into investors (name, relationship_status) values ('Fjord Climate', 'contacted')").run().lastInsertRowid,
  );
  const row = () =>
    db.$client.prepare("select version, relationship_status as status, personal_notes as notes from investors where id = ?").get(id) as {
      version: number;
      status: string;
      notes: string | null;
    };
  return { db, maren, jonas, id, row };
}

describe("no lost updates in the edit's transaction (decision 063)", () => {
  it("writes the version after the change into each activity row, and finds the rows after a version", () => {
    const { db, jonas, id } = setUp();
    editInvestor(db, id, { relationship_status: "due_diligence", personal_notes: "x" }, { now, rules: DEFAULT_RULES, actor: jonas });
    editInvestor(db, id, { personal_notes: "y" }, { now, rules: DEFAULT_RULES, actor: jonas });
    expect(investorActivity(db, id).map((entry) => [entry.kind, entry.detail.version])).toEqual([
      ["notes", 3],
      ["notes", 2],
      ["status", 2],
    ]);
    expect(activitySinceVersion(db, id, 2).map((entry) => entry.kind)).toEqual(["notes"]);
    expect(activitySinceVersion(db, id, 1)).toHaveLength(3);
  });

  it("refuses an edit based on an older version that changes the same group, and writes nothing of it", () => {
    const { db, maren, jonas, id, row } = setUp();
    editInvestor(db, id, { relationship_status: "due_diligence" }, { now, rules: DEFAULT_RULES, actor: jonas, basedOn: 1 });
    let refused: unknown;
    try {
      editInvestor(
        db,
        id,
        { relationship_status: "passed", personal_notes: "mine" },
        { now, rules: DEFAULT_RULES, actor: maren, basedOn: 1 },
      );
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(EditConflict);
    const conflict = refused as EditConflict;
    expect(conflict.version).toBe(2);
    expect(conflict.changes.map((change) => [change.kind, change.actorMemberId])).toEqual([
      ["status", jonas.kind === "member" ? jonas.memberId : 0],
    ]);
    // Rolled back whole: the notes that did not clash were not written either.
    expect(row()).toEqual({ version: 2, status: "due_diligence", notes: null });
    expect(investorActivity(db, id)).toHaveLength(1);
  });

  it("saves an edit based on an older version when the newer change touched other groups, or when it is based on the current one", () => {
    const { db, maren, jonas, id, row } = setUp();
    editInvestor(db, id, { relationship_status: "due_diligence" }, { now, rules: DEFAULT_RULES, actor: jonas });
    editInvestor(db, id, { personal_notes: "mine" }, { now, rules: DEFAULT_RULES, actor: maren, basedOn: 1 });
    expect(row()).toEqual({ version: 3, status: "due_diligence", notes: "mine" });
    editInvestor(db, id, { relationship_status: "passed" }, { now, rules: DEFAULT_RULES, actor: maren, basedOn: 3 });
    expect(row()).toMatchObject({ version: 4, status: "passed" });
  });

  it("never refuses a contact, and an edit without a base version is not checked", () => {
    const { db, maren, jonas, id, row } = setUp();
    editInvestor(db, id, { personal_notes: "theirs" }, { now, rules: DEFAULT_RULES, actor: jonas });
    editInvestor(db, id, { add_contact: { note: "Called" } }, { now, rules: DEFAULT_RULES, actor: maren, basedOn: 1 });
    editInvestor(db, id, { personal_notes: "mine" }, { now, rules: DEFAULT_RULES, actor: maren });
    expect(row()).toMatchObject({ notes: "mine" });
  });

  it("an undo moves the version and says so, so an edit based on before it clashes with what it put back", async () => {
    const { db, maren, jonas, id, row } = setUp();
    const app = fakeApp(db, now);
    db.$client.prepare("update investors set relationship_status = 'not_contacted' where id = ?").run(id);
    const emailed = recordEmailed(app, jonas, id, false);
    if (emailed.kind !== "recorded") throw new Error(emailed.kind);
    const before = row().version;
    expect(undoAction(app, jonas, emailed.undo, false)).not.toBeNull();
    expect(row().version).toBe(before + 1);
    expect(() =>
      editInvestor(db, id, { relationship_status: "in_conversation" }, { now, rules: DEFAULT_RULES, actor: maren, basedOn: before }),
    ).toThrow(EditConflict);
  });
});
