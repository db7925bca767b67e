import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { IMPORT_CHUNK, IMPORT_SHARE, commitImportInChunks, importRestMs } from "#app/services/import-commit.server.ts";
import { existingForImport } from "#db/queries/import.server.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

/** Issue 35's mixed load: one client's imports back to back must leave pages their turn (decision 066). */
describe("imports paced beside pages", () => {
  it("rest three times as long as a chunk took, so imports take at most a quarter of the thread", () => {
    expect(IMPORT_SHARE).toBe(0.25);
    expect(importRestMs(20)).toBe(60);
    expect(importRestMs(0)).toBe(0);
    expect(importRestMs(-5)).toBe(0);
  });

  it("let another request in before each import's first chunk, even one right after another import", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    const saved = () => db.$client.prepare("select count(*) from investors where is_demo = 0").pluck().get() as number;
    for (const round of [0, 1]) {
      const csv = ["Investor Name,Firm", ...Array.from({ length: IMPORT_CHUNK }, (_, i) => `Investor ${round}-${i},Firm ${i}`)].join("\n");
      const before = saved();
      const done = commitImportInChunks(app, TEST_ACTOR, () =>
        planImport(parseInvestorCsv(csv), existingForImport(db, parseInvestorCsv(csv).rows)),
      );
      // A request that arrived meanwhile (a macrotask queued now) runs before the import writes a row.
      const seenByRequest = await new Promise<number>((resolve) => setImmediate(() => resolve(saved())));
      expect(seenByRequest).toBe(before);
      expect(await done).toEqual({ created: IMPORT_CHUNK, updated: 0, introPaths: 0, introPeople: 0 });
      expect(saved()).toBe(before + IMPORT_CHUNK);
    }
  });
});
