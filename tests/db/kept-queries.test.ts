import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { keptQuery } from "#db/database.server.ts";
import { getInvestor, investorById } from "#db/queries/investor-row.server.ts";
import { investors } from "#db/schema.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

function withInvestors() {
  const { db } = createTestDatabase();
  const insert = db.$client.prepare(
    "insert into investors (name, is_demo, sectors, created_at, updated_at) values (?, ?, ?, '2026-11-26', '2026-11-26')",
  );
  insert.run("Ada", 0, JSON.stringify(["fintech"]));
  insert.run("Demo Dan", 1, "[]");
  return db;
}

describe("drizzle queries built once per connection (keptQuery, decision 046)", () => {
  it("builds a query once, for the connection and for every transaction on it", () => {
    const db = withInvestors();
    let built = 0;
    const read = (d: Parameters<typeof keptQuery>[0]) =>
      keptQuery(d, "test-name", (b) => {
        built++;
        return b
          .select({ name: investors.name })
          .from(investors)
          .where(eq(investors.id, sql.placeholder("id")))
          .prepare();
      });
    expect(read(db).get({ id: 1 })).toEqual({ name: "Ada" });
    db.transaction((tx) => {
      expect(read(tx).get({ id: 2 })).toEqual({ name: "Demo Dan" });
      tx.transaction((nested) => expect(read(nested).get({ id: 1 })).toEqual({ name: "Ada" }));
    });
    expect(built).toBe(1);
    // Another connection builds its own.
    expect(read(withInvestors()).get({ id: 1 })).toEqual({ name: "Ada" });
    expect(built).toBe(2);
  });

  it("reads what drizzle's own select reads, on the right side only", () => {
    const db = withInvestors();
    const adHoc = db.select().from(investors).where(eq(investors.id, 1)).get();
    expect(getInvestor(db, 1)).toEqual(adHoc);
    expect(getInvestor(db, 1)?.sectors).toEqual(["fintech"]);
    expect(getInvestor(db, 1, false)).toEqual(adHoc);
    expect(getInvestor(db, 1, true)).toBeUndefined();
    expect(getInvestor(db, 2, true)?.isDemo).toBe(true);
    expect(getInvestor(db, 2, false)).toBeUndefined();
    expect(getInvestor(db, 99)).toBeUndefined();
  });

  it("sees a transaction's own writes, and not after it rolled back", () => {
    const db = withInvestors();
    expect(() =>
      db.transaction((tx) => {
        tx.update(investors).set({ name: "Ada Lovelace" }).where(eq(investors.id, 1)).run();
        expect(getInvestor(tx, 1)?.name).toBe("Ada Lovelace");
        throw new Error("roll back");
      }),
    ).toThrow("roll back");
    expect(getInvestor(db, 1)?.name).toBe("Ada");
  });

  it("keeps reading whole rows when another caller took its statement in another mode", () => {
    const db = withInvestors();
    const kept = investorById(db);
    expect(kept.get({ id: 1 })?.name).toBe("Ada");
    // The connection hands the same compiled statement to anyone with the same SQL text.
    const { sql: text } = kept.getQuery();
    expect(db.$client.prepare(text).pluck().get(2)).toBe(2);
    expect(kept.get({ id: 2 })?.name).toBe("Demo Dan");
    expect(db.$client.prepare(text).get(1)).toMatchObject({ name: "Ada" });
    expect(kept.get({ id: 1 })?.sectors).toEqual(["fintech"]);
  });
});

describe("the names of kept queries", () => {
  it("are unique across the code, so no two queries share one", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const files = ["app", "db"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => `${dir}/${file}`),
    );
    const names = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/keptQuery\(\s*\w+,\s*"([^"]+)"/g)].map((match) => match[1]),
    );
    expect(names.length).toBeGreaterThanOrEqual(9);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
