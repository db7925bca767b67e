import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "#db/database.server.ts";
import { readRunPlan } from "#db/queries/refresh.server.ts";

/** The migrations as they were before `tag`: a database saved by the previous release. */
function migrationsBefore(tag: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), "ipi-migrations-")), "migrations");
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migration 0006: a run's plan moves from JSON columns to rows", () => {
  it("keeps the queue, the groups, the reasons and what was searched of a run saved before it", () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), "ipi-migrate-")), "app.db"));
    migrate(db, { migrationsFolder: migrationsBefore("0006_run_items") });
    db.$client
      .prepare(
        `insert into runs (run_id, trigger, status, chain, queue, selection_reasons, sweeps, cursor, searched, created_at)
         values ('old-run', 'cron', 'waiting_chain', 2, '[7,3,9]', '{"7":"never checked","3":"in conversation","9":"quiet","11":"searched with 1 other","12":"searched with 1 other"}',
                 '[[11,12],[5]]', 1, '[3,11]', '2026-11-20T06:00:00.000Z')`,
      )
      .run();

    migrate(db, { migrationsFolder: migrationsFolder() });

    const run = db.$client.prepare("select queue_length, steps, selected, cursor from runs where run_id = 'old-run'").get();
    expect(run).toEqual({ queue_length: 3, steps: 5, selected: 6, cursor: 1 });
    const plan = readRunPlan(db, "old-run", 3);
    expect(plan.queue).toEqual([7, 3, 9]);
    expect(plan.sweeps).toEqual([[11, 12], [5]]);
    expect(plan.reasons).toMatchObject({ 7: "never checked", 3: "in conversation", 11: "searched with 1 other", 5: "" });
    expect(plan.searched.sort((a, b) => a - b)).toEqual([3, 11]);
    const columns = db.$client.prepare("select name from pragma_table_info('runs')").pluck().all();
    expect(columns).not.toContain("queue");
    expect(columns).not.toContain("selection_reasons");

    // The plan goes with its run.
    db.$client.prepare("delete from runs where run_id = 'old-run'").run();
    expect(db.$client.prepare("select count(*) from run_items").pluck().get()).toBe(0);
  });
});
