import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { existingForImport, keyUnkeyedInvestors } from "#db/queries/import.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const header = "Investor Name,Firm,Email,Status";

function plan(db: ReturnType<typeof createTestDatabase>["db"], ...rows: string[]) {
  const parsed = parseInvestorCsv([header, ...rows].join("\n"));
  const existing = [...existingForImport(db, parsed.rows)];
  return { existing, plan: planImport(parsed, existing) };
}

describe("an import reads only the saved investors its rows could be (decision 064)", () => {
  it("reads the rows its names and emails name, not the pipeline, and still matches each", () => {
    const { db } = createTestDatabase();
    const insert = db.$client.prepare("insert into investors (name, firm, email) values (?, ?, ?)");
    for (let n = 0; n < 2_000; n++) insert.run(`Saved Investor ${n}`, `Fund ${n}`, `saved${n}@fund${n}.example`);
    insert.run("ÉMILE  Dubois", "Côte Capital", null);
    // Saved by another path, not yet keyed: a preview reads them all (and writes nothing), a commit keys them.
    expect(plan(db, "Brand New,New Fund,,Contacted").existing).toHaveLength(2_001);
    expect(db.$client.prepare("select count(*) from investors where identity_name is not null").pluck().get()).toBe(0);
    expect(keyUnkeyedInvestors(db)).toBe(2_001);
    const { existing, plan: planned } = plan(
      db,
      "émile dubois,Côte Capital,,Contacted",
      "Someone Else,Other,SAVED7@FUND7.EXAMPLE,Contacted",
      "Brand New,New Fund,,Contacted",
    );
    expect(existing.map((row) => row.name).sort()).toEqual(["Saved Investor 7", "ÉMILE  Dubois"]);
    expect(planned.update.map((row) => row.profile.name).sort()).toEqual(["Someone Else", "émile dubois"]);
    expect(planned.create.map((row) => row.profile.name)).toEqual(["Brand New"]);
  });

  it("keys rows saved by any path, and a rename by any path is matched by its new name, never the old", () => {
    const { db } = createTestDatabase();
    db.$client.prepare("insert into investors (name, firm) values ('Kristin Lund', 'Fjord')").run();
    expect(plan(db, "Kristin Lund,Fjord,,Contacted").plan.update).toHaveLength(1);
    keyUnkeyedInvestors(db);
    expect(db.$client.prepare("select identity_name from investors").pluck().get()).toBe("kristin lund");
    // Renamed as another connection would (a script, the sqlite3 shell): the trigger clears the key.
    db.$client.prepare("update investors set name = 'Kristin Lund-Berg'").run();
    expect(db.$client.prepare("select identity_name from investors").pluck().get()).toBeNull();
    expect(plan(db, "Kristin Lund,Fjord,,Contacted").plan.update).toHaveLength(0);
    expect(plan(db, "kristin lund-berg,Fjord,,Contacted").plan.update).toHaveLength(1);
    keyUnkeyedInvestors(db);
    expect(plan(db, "Kristin Lund,Fjord,,Contacted").existing).toEqual([]);
    expect(plan(db, "kristin lund-berg,Fjord,,Contacted").plan.update).toHaveLength(1);
  });

  it("never matches a demo investor", () => {
    const { db } = createTestDatabase();
    db.$client.prepare("insert into investors (name, is_demo) values ('Demo Dora', 1)").run();
    expect(plan(db, "Demo Dora,,,Contacted").plan.create).toHaveLength(1);
  });
});
