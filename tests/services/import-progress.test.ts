import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { IMPORT_CHUNK, commitImportInChunks, importInProgress } from "#app/services/startups.server.ts";
import { existingForImport } from "#db/queries/import.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

/** Today tells another tab that an import is still being saved (its lists are not the whole file yet). */
describe("an import being saved", () => {
  it("says how many of its rows are saved while it runs, and nothing once done", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    const rows = IMPORT_CHUNK * 2 + 20;
    const csv = ["Investor Name,Firm", ...Array.from({ length: rows }, (_, i) => `Investor ${i},Firm ${i}`)].join("\n");
    expect(importInProgress()).toBeNull();
    const done = commitImportInChunks(app, () => planImport(parseInvestorCsv(csv), existingForImport(db)));
    // Each chunk gives the event loop back (setImmediate): look between chunks, as another request would.
    let finished = false;
    void done.then(() => (finished = true));
    const seen: number[] = [];
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      const progress = importInProgress();
      if (!progress) continue;
      expect(progress.total).toBe(rows);
      expect(progress.saved).toBe(db.$client.prepare("select count(*) from investors where is_demo = 0").pluck().get());
      seen.push(progress.saved);
    }
    expect(await done).toEqual({ created: rows, updated: 0 });
    expect(importInProgress()).toBeNull();
    expect(seen).toEqual([IMPORT_CHUNK, IMPORT_CHUNK * 2, rows]);
  });

  it("says nothing for an import of one chunk or less", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    const csv = ["Investor Name,Firm", ...Array.from({ length: IMPORT_CHUNK }, (_, i) => `Investor ${i},Firm ${i}`)].join("\n");
    const done = commitImportInChunks(app, () => planImport(parseInvestorCsv(csv), existingForImport(db)));
    let finished = false;
    void done.then(() => (finished = true));
    const seen: unknown[] = [];
    // Look at every turn the commit gives back, as the larger import's test does.
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(importInProgress());
    }
    expect(await done).toEqual({ created: IMPORT_CHUNK, updated: 0 });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((progress) => progress === null)).toBe(true);
  });
});
