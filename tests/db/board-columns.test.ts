import { describe, expect, it } from "vitest";
import { BOARD_COLUMN_BY_SCORE_SQL, BOARD_COLUMN_BY_STATUS_SQL, readBoardCards } from "#db/queries/board.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

/** The board's columns as one window over every row read them before decision 066. */
function windowed(
  db: ReturnType<typeof createTestDatabase>["db"],
  demo: boolean,
  limit: number,
  expanded: { status: string; limit: number } | null,
) {
  return db.$client
    .prepare(
      `select id, relationship_status, (select m.name from members m where m.id = owner_member_id) as owner from (
         select id, relationship_status, owner_member_id, row_number() over (partition by relationship_status order by score desc, id) as place
           from investors where is_demo = ?)
       where place <= (case when relationship_status = ? then ? else ? end) order by relationship_status, place`,
    )
    .all(demo ? 1 : 0, expanded?.status ?? "", expanded?.limit ?? limit, limit);
}

describe("the board's columns (decision 066)", () => {
  it("are the same cards as one window over the side, columns big and small, ties by id", () => {
    const { db } = createTestDatabase();
    const insert = db.$client.prepare("insert into investors (name, relationship_status, score, is_demo) values (?, ?, ?, ?)");
    db.$client.transaction(() => {
      // not_contacted is big (walked by score), committed small (read by its index), passed empty.
      for (let i = 0; i < 3_000; i++) insert.run(`Big ${i}`, "not_contacted", i % 7, 0);
      for (let i = 0; i < 30; i++) insert.run(`Small ${i}`, "committed", i % 3, 0);
      for (let i = 0; i < 40; i++) insert.run(`Demo ${i}`, "contacted", i % 5, 1);
    })();
    const shown = (rows: Array<{ id: number; relationship_status: string; owner: string | null }>) =>
      rows.map(({ id, relationship_status, owner }) => ({ id, relationship_status, owner }));
    for (const demo of [false, true]) {
      for (const expanded of [null, { status: "not_contacted" as const, limit: 200 }, { status: "committed" as const, limit: 200 }]) {
        expect(shown(readBoardCards(db, demo, 20, expanded))).toEqual(windowed(db, demo, 20, expanded));
      }
    }
    db.$client.close();
  });

  it("read a column by an index, never by scanning the side", () => {
    const { db } = createTestDatabase();
    for (const sql of [BOARD_COLUMN_BY_SCORE_SQL, BOARD_COLUMN_BY_STATUS_SQL]) {
      const plan = (db.$client.prepare(`explain query plan ${sql}`).all(0, "contacted", 20) as Array<{ detail: string }>).map(
        (row) => row.detail,
      );
      expect(
        plan.some((detail) => /^SCAN investors\b/.test(detail)),
        plan.join("; "),
      ).toBe(false);
      expect(plan[0]).toMatch(/^SEARCH investors USING INDEX investors_demo_(score|status) /);
    }
    db.$client.close();
  });
});
