import { afterEach, describe, expect, it } from "vitest";
import type { AppDatabase } from "#db/database.server.ts";
import { DEMO_CONTACTS_PER_INVESTOR, DEMO_EVIDENCE_PER_INVESTOR } from "#app/domain/demo-bounds.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { demoPastBounds, ensureDemoData, refreshDemo } from "#app/jobs/demo.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const NOW = new Date("2026-11-25T09:00:00Z");

/** Decision 018: the demo set stays within its bounds, and a database past them is reset at start. */
describe("the demo set's bounds", () => {
  let db: AppDatabase;
  afterEach(() => db.$client.close());

  const most = (table: "contact_entries" | "evidence") =>
    db.$client
      .prepare(
        `select coalesce(max(n), 0) from (select count(*) as n from ${table} t join investors i on i.id = t.investor_id where i.is_demo = 1 group by t.investor_id)`,
      )
      .pluck()
      .get() as number;

  it("is reset at start when a demo investor holds more than the bounds (rows written before them)", () => {
    db = createTestDatabase().db;
    expect(ensureDemoData(db, NOW, DEFAULT_RULES)).toBeGreaterThan(0);
    expect(demoPastBounds(db)).toBe(false);
    // A second start with the seeded set: nothing to do.
    expect(ensureDemoData(db, NOW, DEFAULT_RULES)).toBe(0);

    const id = db.$client.prepare("select id from investors where is_demo = 1 order by id limit 1").pluck().get() as number;
    const insert = db.$client.prepare("insert into contact_entries (investor_id, note, created_at) values (?, ?, ?)");
    for (let i = 0; i < DEMO_CONTACTS_PER_INVESTOR + 1; i++) insert.run(id, `visitor note ${i}`, NOW.toISOString());
    expect(demoPastBounds(db)).toBe(true);

    expect(ensureDemoData(db, NOW, DEFAULT_RULES)).toBeGreaterThan(0);
    expect(most("contact_entries")).toBeLessThan(DEMO_CONTACTS_PER_INVESTOR);
    expect(db.$client.prepare("select count(*) from contact_entries where note like 'visitor note %'").pluck().get()).toBe(0);
  });

  it("keeps each demo investor's newest evidence however many simulated refreshes run", () => {
    db = createTestDatabase().db;
    ensureDemoData(db, NOW, DEFAULT_RULES);
    for (let i = 0; i < 40; i++) refreshDemo(db, new Date(NOW.getTime() + i * 60_000), DEFAULT_RULES);
    expect(most("evidence")).toBe(DEMO_EVIDENCE_PER_INVESTOR);
    expect(demoPastBounds(db)).toBe(false);
  });
});
