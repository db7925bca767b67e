import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { STATEMENTS_KEPT, statement } from "#db/database.server.ts";
import { investors } from "#db/schema.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

function withInvestors(names: string[]) {
  const { db } = createTestDatabase();
  const insert = db.$client.prepare("insert into investors (name, created_at, updated_at) values (?, '2026-11-26', '2026-11-26')");
  for (const name of names) insert.run(name);
  return db;
}

describe("compiled statements kept per connection", () => {
  it("hands back the statement compiled before for the same SQL", () => {
    const db = withInvestors(["Ada"]);
    const sql = "select name from investors where id = ?";
    expect(db.$client.prepare(sql)).toBe(db.$client.prepare(sql));
    expect(db.$client.prepare(sql)).not.toBe(db.$client.prepare(`${sql} `));
  });

  it("hands it back in its default mode, whatever the last caller turned on", () => {
    const db = withInvestors(["Ada", "Grace"]);
    const sql = "select name from investors order by id";
    expect(db.$client.prepare(sql).pluck().all()).toEqual(["Ada", "Grace"]);
    expect(db.$client.prepare(sql).all()).toEqual([{ name: "Ada" }, { name: "Grace" }]);
    expect(db.$client.prepare(sql).raw().all()).toEqual([["Ada"], ["Grace"]]);
    expect(db.$client.prepare(sql).get()).toEqual({ name: "Ada" });
    // drizzle's own reads run through the same statements, in raw mode and back.
    expect(db.select({ name: investors.name }).from(investors).where(eq(investors.id, 2)).get()).toEqual({ name: "Grace" });
    expect(db.select({ name: investors.name }).from(investors).where(eq(investors.id, 1)).get()).toEqual({ name: "Ada" });
  });

  it("compiles the SQL afresh for a nested use while the kept statement still iterates", () => {
    const db = withInvestors(["Ada", "Grace"]);
    const sql = "select id, name from investors order by id";
    const outer = db.$client.prepare(sql);
    const seen: string[] = [];
    for (const row of outer.iterate() as IterableIterator<{ id: number; name: string }>) {
      const inner = db.$client.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push(`${row.name}:${(inner.all() as unknown[]).length}`);
    }
    expect(seen).toEqual(["Ada:2", "Grace:2"]);
  });

  it("keeps at most STATEMENTS_KEPT, the least recently used dropped first", () => {
    const db = withInvestors([]);
    const first = db.$client.prepare("select 0 as n");
    const often = db.$client.prepare("select -1 as n");
    for (let n = 1; n <= STATEMENTS_KEPT; n++) {
      db.$client.prepare(`select ${n} as n`);
      if (n % 10 === 0) db.$client.prepare("select -1 as n");
    }
    expect(db.$client.prepare("select -1 as n")).toBe(often);
    expect(db.$client.prepare("select 0 as n")).not.toBe(first);
  });

  it("never lets another caller change the mode of a statement `statement()` keeps", () => {
    const db = withInvestors(["Ada"]);
    const sql = "select name from investors order by id";
    const kept = statement(db, sql);
    db.$client.prepare(sql).pluck();
    expect(kept.all()).toEqual([{ name: "Ada" }]);
  });
});
