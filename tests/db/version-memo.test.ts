import { describe, expect, it } from "vitest";
import { countToday } from "#db/queries/today.server.ts";
import { whileUnwritten } from "#db/queries/version-memo.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

describe("reads made once per version of the database (decision 066)", () => {
  it("computes once until any write, then again; never keeps inside a transaction", () => {
    const { db } = createTestDatabase();
    let computed = 0;
    const read = () => whileUnwritten(db, "probe", () => ++computed);
    expect([read(), read(), read()]).toEqual([1, 1, 1]);
    db.$client.prepare("insert into investors (name, is_demo) values ('Ada', 0)").run();
    expect([read(), read()]).toEqual([2, 2]);
    db.$client.transaction(() => {
      expect([read(), read()]).toEqual([3, 4]);
    })();
    db.$client.close();
  });

  it("gives Today's counts once per version, fresh after a write", () => {
    const { db } = createTestDatabase();
    db.$client.prepare("insert into investors (name, action, is_demo) values ('Ada', 'follow_up', 0)").run();
    const first = countToday(db, false);
    expect(countToday(db, false)).toBe(first);
    db.$client.prepare("insert into investors (name, action, is_demo) values ('Grace', 'follow_up', 0)").run();
    expect(countToday(db, false).follow_up).toBe(2);
    db.$client.close();
  });
});
