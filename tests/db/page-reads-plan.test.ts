import { describe, expect, it } from "vitest";
import { PASS_REASONS_SQL } from "#db/queries/board.server.ts";
import { FIRST_MORNING_SQL } from "#db/queries/first-morning.server.ts";
import { scoreHistogram } from "#db/queries/charts.server.ts";
import { COUNT_TODAY_SQL, FOLLOW_UPS_BY_OWNER_SQL, countFollowUpsByOwner, countToday } from "#db/queries/today.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const planOf = (db: ReturnType<typeof createTestDatabase>["db"], sql: string, ...args: unknown[]) =>
  (db.$client.prepare(`explain query plan ${sql}`).all(...args) as Array<{ detail: string }>).map((row) => row.detail);

/** A side of investors with every action, score and owner (and none), demo rows beside them. */
function seeded() {
  const { db } = createTestDatabase();
  const member = db.$client.prepare("insert into members (name, role, is_demo) values (?, 'member', 0) returning id");
  const owners = ["Maren", "Jonas", "Maren"].map((name) => (member.get(name) as { id: number }).id);
  const investor = db.$client.prepare("insert into investors (name, action, score, owner_member_id, is_demo) values (?, ?, ?, ?, ?)");
  const actions = ["email_first", "follow_up", "wait", "dont_chase", "research"];
  db.$client.transaction(() => {
    for (let i = 0; i < 3_000; i++)
      investor.run(`Investor ${i}`, actions[i % 5], (i * 37) % 101, i % 4 === 3 ? null : owners[i % 3], i % 7 === 0 ? 1 : 0);
  })();
  return db;
}

/** Issue 35's mixed load: what a page rebuilt after every write reads, as SQLite plans it (decisions 066, 069). */
describe("the page's counts, as SQLite reads them", () => {
  it("Today's counts, everyone's and a member's, read the (is_demo, action, owner) index alone, and equal a sum over the rows", () => {
    const db = seeded();
    expect(planOf(db, `${COUNT_TODAY_SQL} group by action`, 0)).toEqual([
      expect.stringMatching(/^SEARCH i USING COVERING INDEX investors_demo_action \(is_demo=\?\)$/),
    ]);
    expect(planOf(db, `${COUNT_TODAY_SQL} and i.owner_member_id = ? group by action`, 0, 1)).toEqual([
      expect.stringMatching(/^SEARCH i USING COVERING INDEX investors_demo_action \(is_demo=\?\)$/),
    ]);
    const jonas = (db.$client.prepare("select id from members where name = 'Jonas'").get() as { id: number }).id;
    for (const demo of [false, true]) {
      for (const mine of [null, jonas]) {
        const summed = db.$client
          .prepare(
            `select count(*) as tracked, coalesce(sum(action = 'email_first'), 0) as email_first, coalesce(sum(action = 'follow_up'), 0) as follow_up,
                    coalesce(sum(action = 'dont_chase'), 0) as dont_chase, coalesce(sum(action = 'research'), 0) as research
               from investors where is_demo = ? and (? is null or owner_member_id = ?)`,
          )
          .get(demo ? 1 : 0, mine, mine);
        expect(countToday(db, demo, mine)).toEqual(summed);
      }
    }
    db.$client.close();
  });

  it("whose follow-ups are due is counted from the index alone, and equals a count over the rows joined to their owners", () => {
    const db = seeded();
    expect(planOf(db, FOLLOW_UPS_BY_OWNER_SQL, 0)).toContain(
      "SEARCH investors USING COVERING INDEX investors_demo_action (is_demo=? AND action=? AND owner_member_id>?)",
    );
    for (const demo of [false, true]) {
      const joined = db.$client
        .prepare(
          `select o.name as name, count(*) as count from investors i join members o on o.id = i.owner_member_id
            where i.is_demo = ? and i.action = 'follow_up' group by o.id order by count desc, o.name`,
        )
        .all(demo ? 1 : 0);
      expect(countFollowUpsByOwner(db, demo)).toEqual(joined);
      // Two members named Maren stay two lines, as before.
      if (!demo) expect(joined.filter((row) => (row as { name: string }).name === "Maren")).toHaveLength(2);
    }
    db.$client.close();
  });

  it("the score bands are the banded counts of every score, everyone's and a member's", () => {
    const db = seeded();
    const member = (db.$client.prepare("select id from members where name = 'Jonas'").get() as { id: number }).id;
    for (const demo of [false, true]) {
      for (const mine of [null, member]) {
        const expected = Array.from({ length: 10 }, () => 0);
        const scores = db.$client
          .prepare(`select score from investors where is_demo = ? and (? is null or owner_member_id = ?)`)
          .all(demo ? 1 : 0, mine, mine) as Array<{ score: number }>;
        for (const { score } of scores) expected[Math.min(Math.floor(score / 10), 9)]! += 1;
        expect(scoreHistogram(db, demo, mine)).toEqual(expected);
        expect(expected.reduce((a, b) => a + b)).toBe(scores.length);
      }
    }
    db.$client.close();
  });

  it("the first morning looks for a real contact among the contacts, not among the investors", () => {
    const db = seeded();
    const plan = planOf(db, FIRST_MORNING_SQL);
    expect(plan).toContain("SCAN c USING COVERING INDEX contact_entries_investor");
    expect(
      plan.some((detail) => /^(SCAN|SEARCH) i\b/.test(detail) && !detail.includes("PRIMARY KEY")),
      plan.join("; "),
    ).toBe(false);
    db.$client.close();
  });

  it("the board's pass reasons read the passed investors' own index", () => {
    const db = seeded();
    expect(planOf(db, PASS_REASONS_SQL, 0)).toEqual(["SEARCH investors USING COVERING INDEX investors_passed_reason (is_demo=?)"]);
    db.$client.close();
  });
});
