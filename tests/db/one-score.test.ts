import { describe, expect, it } from "vitest";
import type { AppDatabase } from "#db/database.server.ts";
import { createInvestor, rescoreInvestor } from "#db/queries/investors.server.ts";
import { getStartup, latestRubric, rubricInputs } from "#db/queries/startups.server.ts";
import { loadToday, readToday } from "#db/queries/today.server.ts";
import type { App } from "#app/app-context.ts";
import { setRoundAndAsk } from "#app/services/round.server.ts";
import { createStartupWithRubric, editRubric } from "#app/services/startups.server.ts";
import { rankForStartup } from "#app/domain/rubric/startup-ranking.ts";
import type { InvestorProfile } from "#app/domain/investor.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { LEDGERLY } from "#tests/fixtures/founder-pipeline.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

/**
 * One startup, one number (decision 039): the score Today shows for an investor is the score the
 * startup's page shows, and the two pages put the investors to email first in the same order.
 */

const PROFILES: InvestorProfile[] = [
  {
    name: "Northbridge Partners",
    kind: "fund",
    sectors: ["Fintech"],
    stages: ["seed"],
    geographies: ["Germany"],
    check_min: 500_000,
    check_max: 2_000_000,
  },
  {
    name: "Centrum Fintech Fund",
    kind: "fund",
    sectors: ["Fintech", "Payments"],
    stages: ["seed", "series_a"],
    geographies: ["Poland", "Czechia"],
    check_min: 50_000,
    check_max: 500_000,
  },
  {
    name: "Cobalt Seed",
    kind: "fund",
    sectors: ["Fintech"],
    stages: ["seed"],
    geographies: ["Europe"],
    check_min: 300_000,
    check_max: 1_200_000,
  },
  {
    name: "Copper Seed",
    kind: "fund",
    sectors: ["Fintech"],
    stages: ["seed"],
    geographies: ["Europe"],
    check_min: 100_000,
    check_max: 400_000,
  },
  {
    name: "Meridian Global Ventures",
    kind: "fund",
    sectors: [],
    stages: ["seed"],
    geographies: ["Global"],
    check_min: 250_000,
    check_max: 1_000_000,
  },
  {
    name: "Oakline Family Office",
    kind: "other",
    sectors: ["Fintech", "Real estate", "Healthcare", "Energy"],
    stages: ["seed", "series_a", "series_b_plus"],
    geographies: ["Europe", "United States", "Asia"],
    check_min: 100_000,
    check_max: 14_000_000,
  },
  {
    name: "Crescent Fund",
    kind: "fund",
    sectors: ["Fintech"],
    stages: ["series_a"],
    geographies: ["France"],
    check_min: 1_000_000,
    check_max: 3_000_000,
  },
  {
    name: "Redwood Growth Partners",
    kind: "fund",
    sectors: ["Consumer"],
    stages: ["series_b_plus"],
    geographies: ["United States"],
    check_min: 10_000_000,
    check_max: 30_000_000,
  },
];

describe("one startup, one score", () => {
  it("Today and the startup's page show the same score, action and email-first order for each investor", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const now = app.now();
      for (const profile of PROFILES) createInvestor(db, profile, { now, actor: TEST_ACTOR, rules: DEFAULT_RULES });
      const { startup } = await createStartupWithRubric(app, LEDGERLY);

      expectOneScore(db, startup.id, app);
      expect(readToday(db, false, 50).email_first.length).toBeGreaterThan(1);

      // A rubric edited on the startup's page moves Today's numbers and threshold with it.
      const rubric = latestRubric(db, startup.id)!.rubric;
      await editRubric(app, TEST_ACTOR, startup.id, {
        ...rubric,
        weights: { ...rubric.weights, relationship: 10 },
        thresholds: { email_first: 50, dont_chase: 20 },
      });
      expectOneScore(db, startup.id, app);
      expect(loadToday(db, false, { now, followUpAfterDays: 7, shown: 5 }).scoredFor).toMatchObject({
        startup: "Ledgerly",
        emailFirstAt: 50,
      });

      // So does one investor's edit (one investor re-scored alone).
      db.$client
        .prepare("update investors set relationship_status = 'contacted', last_contact_date = '2026-11-01' where name = 'Cobalt Seed'")
        .run();
      rescoreInvestor(
        db,
        (db.$client.prepare("select id from investors where name = 'Cobalt Seed'").get() as { id: number }).id,
        now,
        app.rules,
      );
      expectOneScore(db, startup.id, app);
    } finally {
      db.$client.close();
    }
  });

  it("with two startups, the one marked raising now gives the score, and marking the other moves it", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const now = app.now();
      for (const profile of PROFILES) createInvestor(db, profile, { now, actor: TEST_ACTOR, rules: DEFAULT_RULES });
      const ledgerly = await createStartupWithRubric(app, { ...LEDGERLY, name: "Ledgerly" });
      const payly = await createStartupWithRubric(app, { ...LEDGERLY, name: "Payly", stage: "series_a", role_wanted: "follow" });
      await setRoundAndAsk(app, TEST_ACTOR, { startup_id: ledgerly.startup.id, target: 1_500_000, currency: "USD", role_wanted: "lead" });
      expectOneScore(db, ledgerly.startup.id, app);
      await setRoundAndAsk(app, TEST_ACTOR, { startup_id: payly.startup.id, target: 1_500_000, currency: "USD", role_wanted: "follow" });
      expectOneScore(db, payly.startup.id, app);
    } finally {
      db.$client.close();
    }
  });
});

function expectOneScore(db: AppDatabase, startupId: number, app: App) {
  const now = app.now();
  const saved = getStartup(db, startupId)!;
  const page = rankForStartup(rubricInputs(db, startupId), { ...saved, rubric: latestRubric(db, startupId)!.rubric }, now, app.rules);
  const stored = db.$client.prepare("select id, score, action from investors where is_demo = 0").all() as {
    id: number;
    score: number;
    action: string;
  }[];
  const onPage = new Map(page.map(({ row, result }) => [row.investor.id, result]));
  expect(stored).toHaveLength(PROFILES.length);
  for (const investor of stored) {
    expect({ id: investor.id, score: investor.score, action: investor.action }).toEqual({
      id: investor.id,
      score: onPage.get(investor.id)!.score,
      action: onPage.get(investor.id)!.action,
    });
  }

  const today = readToday(db, false, 50);
  const pageEmailFirst = page.filter(({ result }) => result.action === "email_first").map(({ row }) => row.investor.id);
  expect(today.email_first.map((row) => row.id)).toEqual(pageEmailFirst);
  expect(today.dont_chase.map((row) => row.id).sort()).toEqual(
    page
      .filter(({ result }) => result.action === "dont_chase")
      .map(({ row }) => row.investor.id)
      .sort(),
  );
}
