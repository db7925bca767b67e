import { afterEach, describe, expect, it } from "vitest";
import type { AppDatabase } from "#db/database.server.ts";
import { DEMO_TEAM } from "#app/domain/demo-data.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { resetDemo } from "#app/jobs/demo.server.ts";
import { activeMembers, ensureOwner } from "#db/queries/members.server.ts";
import { countUnowned, readTodayList } from "#db/queries/today.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const NOW = new Date("2026-11-25T09:00:00Z");

/** Decision 062: the demo's synthetic team of two owns its investors, so owners and "Mine" show on /demo. */
describe("the demo's team", () => {
  let db: AppDatabase;
  afterEach(() => db.$client.close());

  const ownedBy = (id: number) =>
    db.$client.prepare("select count(*) from investors where is_demo = 1 and owner_member_id = ?").pluck().get(id) as number;

  it("gives the demo investors owners from a team of two demo members, kept across resets, never real members", () => {
    db = createTestDatabase().db;
    const owner = ensureOwner(db, NOW);
    resetDemo(db, NOW, DEFAULT_RULES);
    const team = activeMembers(db, true);
    expect(team.map((member) => member.name)).toEqual([...DEMO_TEAM]);
    expect(team.every((member) => member.isDemo)).toBe(true);
    expect(ownedBy(team[0]!.id)).toBeGreaterThan(ownedBy(team[1]!.id));
    expect(ownedBy(team[1]!.id)).toBeGreaterThan(0);
    expect(countUnowned(db, true)).toBeGreaterThan(0);
    expect(ownedBy(owner.id)).toBe(0);
    // A reset makes the investors again under the same two members, not two more.
    resetDemo(db, NOW, DEFAULT_RULES);
    expect(activeMembers(db, true).map((member) => member.id)).toEqual(team.map((member) => member.id));
    expect(ownedBy(team[0]!.id) + ownedBy(team[1]!.id) + countUnowned(db, true)).toBe(
      db.$client.prepare("select count(*) from investors where is_demo = 1").pluck().get() as number,
    );
    // Today's follow-ups on /demo carry their owner's name; "Mine" (the first member) leaves out the other's.
    const followUps = readTodayList(db, true, "follow_up", 50);
    expect(followUps.some((row) => row.owner === DEMO_TEAM[1])).toBe(true);
    const mine = readTodayList(db, true, "follow_up", 50, team[0]!.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.owner === DEMO_TEAM[0])).toBe(true);
  });
});
