import { describe, expect, it } from "vitest";
import { COUNT_TODAY_SQL } from "#db/queries/today.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

/** Issue 35's mixed load: what a page rebuilt after every write reads, as SQLite plans it. */
describe("the page's counts, as SQLite reads them", () => {
  it("Today's counts for everyone read the (is_demo, action) index, not the table", () => {
    const { db } = createTestDatabase();
    const plan = (db.$client.prepare(`explain query plan ${COUNT_TODAY_SQL}`).all(0) as Array<{ detail: string }>).map((row) => row.detail);
    expect(plan).toEqual([expect.stringMatching(/^SEARCH i USING COVERING INDEX investors_demo_action \(is_demo=\?\)$/)]);
    db.$client.close();
  });
});
