import { describe, expect, it } from "vitest";
import { openDatabase } from "#db/database.server.ts";
import { todayOrderReads } from "#db/queries/today-order.server.ts";
import { readTodayList } from "#db/queries/today.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

type Db = ReturnType<typeof createTestDatabase>["db"];

/** The list as one sort of every investor of its action (what every page did before decision 066). */
function sorted(db: Db, action: "follow_up" | "dont_chase", limit: number): number[] {
  const order =
    action === "follow_up"
      ? "next_step_date is null, next_step_date asc, last_contact_date is null, last_contact_date asc, score desc, name_key(name), id"
      : "action_since is null, substr(action_since, 1, 10) desc, score desc, name_key(name), id";
  return (
    db.$client.prepare(`select id from investors where is_demo = 0 and action = ? order by ${order} limit ?`).all(action, limit) as Array<{
      id: number;
    }>
  ).map((row) => row.id);
}

function seeded(): Db {
  const { db } = createTestDatabase();
  const insert = db.$client.prepare(
    "insert into investors (name, action, score, next_step_date, last_contact_date, action_since, is_demo) values (?, ?, ?, ?, ?, ?, 0)",
  );
  for (let i = 0; i < 200; i++) {
    const action = ["follow_up", "dont_chase", "wait"][i % 3];
    insert.run(
      `Investor ${i % 37}`,
      action,
      i % 9,
      i % 4 === 0 ? null : `2026-11-${String(1 + (i % 28)).padStart(2, "0")}`,
      i % 5 === 0 ? null : "2026-10-01",
      i % 6 === 0 ? null : `2026-11-${String(1 + (i % 20)).padStart(2, "0")}T10:00:00Z`,
    );
  }
  return db;
}

const ids = (db: Db, action: "follow_up" | "dont_chase") => readTodayList(db, false, action, 5).map((row) => row.id);

describe("Today's follow-up and don't-chase order, kept until it could change (decision 066)", () => {
  it("is the full sort's order after each kind of write, and sorts again only when a write could change it", () => {
    const db = seeded();
    const check = () => {
      for (const action of ["follow_up", "dont_chase"] as const) expect(ids(db, action)).toEqual(sorted(db, action, 5));
    };
    check();
    const reads = todayOrderReads(db);
    // Writes the orders never read: a note, a score rewritten as it was, an investor added who waits.
    db.$client.prepare("update investors set personal_notes = 'coffee' where id = 3").run();
    db.$client.prepare("update investors set score = score where action = 'follow_up'").run();
    db.$client.prepare("insert into investors (name, action, is_demo) values ('Waiting', 'wait', 0)").run();
    check();
    expect(todayOrderReads(db)).toBe(reads);
    // Writes that could: a score, a date, an action, a name, a row in a list deleted or added.
    for (const write of [
      "update investors set score = 99 where id = (select max(id) from investors where action = 'follow_up')",
      "update investors set next_step_date = '2026-01-01' where id = (select max(id) from investors where action = 'follow_up')",
      "update investors set action = 'follow_up' where id = (select min(id) from investors where action = 'wait')",
      "update investors set name = 'Aaron' where id = (select max(id) from investors where action = 'dont_chase')",
      "delete from investors where id = (select min(id) from investors where action = 'dont_chase')",
      "insert into investors (name, action, score, action_since, is_demo) values ('Newcomer', 'dont_chase', 9, '2026-12-01T00:00:00Z', 0)",
    ]) {
      const before = todayOrderReads(db);
      db.$client.prepare(write).run();
      check();
      expect(todayOrderReads(db), write).toBeGreaterThan(before);
    }
    // Another connection's commit: sorted again.
    const other = openDatabase(db.$client.name);
    other.$client.prepare("update investors set score = 100 where id = (select min(id) from investors where action = 'follow_up')").run();
    other.$client.close();
    check();
    db.$client.close();
  });
});
