import { describe, expect, it } from "vitest";
import { BOARD_COLUMN_SQL, readBoardCards } from "#db/queries/board.server.ts";
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

describe("the board's columns (decisions 066, 069)", () => {
  it("are the same cards as one window over the side, columns big and small, ties by id", () => {
    const { db } = createTestDatabase();
    const insert = db.$client.prepare("insert into investors (name, relationship_status, score, is_demo) values (?, ?, ?, ?)");
    db.$client.transaction(() => {
      // not_contacted is big, committed small, passed empty; the big column scores below the rest.
      for (let i = 0; i < 3_000; i++) insert.run(`Big ${i}`, "not_contacted", i % 7, 0);
      for (let i = 0; i < 2_000; i++) insert.run(`High ${i}`, "researching", 50 + (i % 9), 0);
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

  it("read a column's first cards straight from one index: no scan of the side, no sort, whatever the column's size", () => {
    const { db } = createTestDatabase();
    const plan = (db.$client.prepare(`explain query plan ${BOARD_COLUMN_SQL}`).all(0, "contacted", 20) as Array<{ detail: string }>).map(
      (row) => row.detail,
    );
    // Walking the score index for a column whose cards all score low read nearly the whole side
    // (47 ms a board at 28,900 investors); a sort would read the whole column.
    expect(plan[0], plan.join("; ")).toBe("SEARCH investors USING INDEX investors_demo_status_score (is_demo=? AND relationship_status=?)");
    expect(
      plan.some((detail) => /^SCAN investors\b|TEMP B-TREE/.test(detail)),
      plan.join("; "),
    ).toBe(false);
    db.$client.close();
  });
});
