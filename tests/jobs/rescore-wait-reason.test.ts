import { describe, expect, it } from "vitest";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { rescoreIfStale } from "#app/jobs/rescore.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { createStartup } from "#db/queries/startups.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { LEDGERLY } from "#tests/fixtures/founder-pipeline.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

/**
 * A wait reason says "a refresh looks for it" only when web search is configured; setting it (or
 * taking it away) and restarting rewrites the saved reasons, as a change of rules does.
 */
describe("the saved wait reason follows whether a refresh can look", () => {
  it("is rewritten at start when web search is configured or taken away", async () => {
    const { db } = createTestDatabase();
    const now = new Date("2026-11-25T09:00:00Z");
    createStartup(db, LEDGERLY, defaultRubric(LEDGERLY), "default", now);
    const id = createInvestor(
      db,
      {
        name: "13o3",
        kind: "fund",
        sectors: ["IoT", "SaaS", "Energy", "Fintech", "Media", "Real Estate"],
        stages: ["seed", "series_a"],
        geographies: ["UK", "USA", "Germany", "France", "Brazil", "Canada"],
        check_min: 200_000,
        check_max: 1_000_000,
      },
      { now, actor: TEST_ACTOR, rules: DEFAULT_RULES },
    );
    const reason = () =>
      db.$client.prepare("select json_extract(score_explained, '$.action_reason') from investors where id = ?").pluck().get(id) as string;

    const withoutSearch = fakeApp(db, now, { rules: { ...DEFAULT_RULES, newsRefresh: false } });
    expect(await rescoreIfStale(withoutSearch)).toBe(true);
    expect(reason()).toContain(
      "waits for news: nothing found yet about what they did lately, and no refresh looks: web search is not configured",
    );
    expect(await rescoreIfStale(withoutSearch)).toBe(false);

    const withSearch = fakeApp(db, now, { rules: { ...DEFAULT_RULES, newsRefresh: true } });
    expect(await rescoreIfStale(withSearch)).toBe(true);
    expect(reason()).toContain("waits for news: nothing found yet about what they did lately (a refresh looks for it)");
    db.$client.close();
  });
});
