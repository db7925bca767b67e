import { describe, expect, it } from "vitest";
import type { App } from "#app/app-context.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { keptPageKey } from "#app/http/page-cache.server.ts";
import { ANSWER_AFTER_RESCORE_UP_TO, RESCORE_CHUNK, rescoreInChunks, rescoreInProgress } from "#app/jobs/rescore-chunks.server.ts";
import { workInProgress } from "#app/services/dashboard-page.server.ts";
import { setRoundAndAsk } from "#app/services/round.server.ts";
import { shownProgress } from "#app/services/shown-progress.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { createStartup } from "#db/queries/startups.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { LEDGERLY } from "#tests/fixtures/founder-pipeline.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

/**
 * Today's line for a re-score or an import still running is part of the dashboard's loader data,
 * and a kept page is keyed by the identity of each object there (app/http/page-cache.server.ts).
 * Read as a new object every time, it had the page rendered afresh on every request while a
 * re-score ran (with 10,000 investors, every `GET /` for the re-score's length).
 */
describe("progress as a kept page shows it", () => {
  it("is the same object while the counts are the same, a new one when they change, nothing once over", () => {
    const read = shownProgress<{ done: number; total: number }>();
    const first = read({ done: 25, total: 100 }, 0);
    expect(read({ done: 25, total: 100 }, 1)).toBe(first);
    expect(first).toEqual({ done: 25, total: 100 });
    const next = read({ done: 50, total: 100 }, 2);
    expect(next).not.toBe(first);
    expect(next).toEqual({ done: 50, total: 100 });
    expect(read(null, 3)).toBeNull();
    expect(read({ done: 50, total: 100 }, 4)).not.toBe(next);
  });

  it("with a window, changes at most that often, but shows a start and an end at once", () => {
    const read = shownProgress<{ done: number; total: number }>(2_000);
    const first = read({ done: 0, total: 1_000 }, 10_000);
    expect(first).toEqual({ done: 0, total: 1_000 });
    expect(read({ done: 500, total: 1_000 }, 11_999)).toBe(first);
    expect(read({ done: 750, total: 1_000 }, 12_000)).toEqual({ done: 750, total: 1_000 });
    expect(read(null, 12_001)).toBeNull();
    expect(read({ done: 25, total: 1_000 }, 12_002)).toEqual({ done: 25, total: 1_000 });
  });

  it("keeps the dashboard's page key through a re-score's chunks while its rows are kept", async () => {
    const { db } = createTestDatabase();
    const app: App = fakeApp(db);
    try {
      const investors = ANSWER_AFTER_RESCORE_UP_TO + RESCORE_CHUNK * 4;
      for (let index = 0; index < investors; index++)
        createInvestor(
          db,
          { name: `Investor ${index}`, kind: "fund", sectors: ["Fintech"], stages: ["seed"], geographies: [] },
          { now: app.now(), actor: TEST_ACTOR, rules: DEFAULT_RULES },
        );
      // Two startups: marking the second as the round raising now re-scores everyone.
      createStartup(db, LEDGERLY, defaultRubric(LEDGERLY), "default", app.now());
      const payly = createStartup(db, { ...LEDGERLY, name: "Payly" }, defaultRubric({ ...LEDGERLY, name: "Payly" }), "default", app.now());
      await rescoreInChunks(app);

      // The dashboard's loader data as the route returns it, around the same kept rows.
      const rows = { kept: true };
      const pageKey = () =>
        keptPageKey("GET", "http://app.test/", 200, {
          matches: [{ route: { id: "root" } }, { route: { id: "routes/dashboard", handle: { keepHtml: true } } }],
          loaderData: { root: { signedIn: true }, "routes/dashboard": { data: rows, ...workInProgress(app) } },
          actionData: null,
          errors: null,
        });

      expect(await setRoundAndAsk(app, TEST_ACTOR, { startup_id: payly.id })).toMatchObject({ rescoring: true });
      const over = rescoreInChunks(app, { startupIds: [] });
      let finished = false;
      void over.then(() => (finished = true));
      const counts = new Set<number>();
      const keys = new Set<string>();
      while (!finished) {
        const progress = rescoreInProgress(app);
        if (progress) {
          counts.add(progress.done);
          const shown = workInProgress(app).rescoring;
          expect(shown).not.toBeNull();
          // Two requests in the same moment: the same page.
          expect(pageKey()).toBe(pageKey());
          keys.add(pageKey()!);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      // The re-score moved through its chunks; the page changed far less often (at most every 2 s).
      expect(counts.size).toBeGreaterThanOrEqual(4);
      expect(keys.size).toBeLessThan(counts.size);
      expect(workInProgress(app).rescoring).toBeNull();
    } finally {
      db.$client.close();
    }
  });
});
