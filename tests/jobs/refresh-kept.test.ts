import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_ACTOR } from "../helpers/actor.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { type RefreshDeps, startRefresh, workRun } from "#app/jobs/refresh.server.ts";
import { dashboardPage } from "#app/services/dashboard-page.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { createInvestor, editInvestor } from "#db/queries/investors.server.ts";
import { BACKGROUND_KEPT_MS } from "#db/queries/kept.server.ts";
import { type FakeGemini, type FakeTavily, startFakeGemini, startFakeTavily } from "#tests/fakes/index.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { testRefreshDeps } from "#tests/helpers/refresh-deps.ts";
import { judgementFor, promptOf } from "#tests/helpers/judge-fake.ts";

/**
 * Decision 037: a refresh's steps are background writes. The founder's Today stays kept through
 * them up to BACKGROUND_KEPT_MS, and shows at once the run's end and the founder's own writes.
 */

const now = new Date("2026-11-22T07:00:00Z");
let tavily: FakeTavily;
let gemini: FakeGemini;
let db: AppDatabase;

function deps(overrides: Partial<RefreshDeps> = {}): RefreshDeps {
  return testRefreshDeps({ db, now, tavilyUrl: tavily.url, geminiUrl: gemini.url }, { batchSize: 1, ...overrides });
}

function addInvestors(count: number): number[] {
  return Array.from({ length: count }, (_, index) =>
    createInvestor(
      db,
      { name: `Investor ${index}`, firm: `Firm ${index}`, kind: "fund", sectors: [], stages: [], geographies: [] },
      { now, actor: TEST_ACTOR, rules: DEFAULT_RULES },
    ),
  );
}

beforeAll(async () => {
  [tavily, gemini] = await Promise.all([startFakeTavily(), startFakeGemini()]);
});
afterAll(async () => {
  await Promise.all([tavily.close(), gemini.close()]);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["performance"] });
  db = createTestDatabase().db;
  tavily.reset();
  gemini.reset();
  gemini.answerWith((body: unknown) => judgementFor(promptOf(body)));
});
afterEach(() => {
  vi.useRealTimers();
  db.$client.close();
});

describe("Today while a refresh runs", () => {
  it("stays kept through the run's steps for a moment, then shows what they found; the run's end shows at once", async () => {
    const ids = addInvestors(4);
    const app = fakeApp(db, now);
    const params = new URLSearchParams();
    const score = () => db.$client.prepare("select sum(score) from investors").pluck().get() as number;
    const before = dashboardPage(app, false, params);
    const scoreBefore = score();
    const started = await startRefresh(deps(), { trigger: "manual", linkedin: false });

    let checks = 0;
    let startedPage: ReturnType<typeof dashboardPage> | undefined;
    let keptThroughSteps = 0;
    let renewedAfterWindow = 0;
    const status = await workRun(
      deps({
        // Called before each step: the steps so far wrote evidence and scores in the background.
        shouldStop: () => {
          checks++;
          // Before the first step (the run is taken: a write of the founder's side, shown at once).
          if (checks === 1) startedPage = dashboardPage(app, false, params);
          if (checks === 3) {
            expect(score()).not.toBe(scoreBefore);
            if (dashboardPage(app, false, params) === startedPage) keptThroughSteps++;
            vi.advanceTimersByTime(BACKGROUND_KEPT_MS);
            const renewed = dashboardPage(app, false, params);
            if (renewed !== startedPage) renewedAfterWindow++;
            expect(JSON.stringify(renewed.data)).not.toBe(JSON.stringify(startedPage!.data));
          }
          return false;
        },
      }),
      started.run_id,
    );
    expect(status).toBe("completed");
    expect(checks).toBeGreaterThanOrEqual(4);
    expect(keptThroughSteps).toBe(1);
    expect(renewedAfterWindow).toBe(1);

    // The run's end is the founder's to see at once, inside the window too.
    const afterSteps = dashboardPage(app, false, params);
    expect(afterSteps).not.toBe(before);

    // So is the founder's own write, at once, during a run or not.
    const kept = dashboardPage(app, false, params);
    expect(dashboardPage(app, false, params)).toBe(kept);
    editInvestor(db, ids[0]!, { relationship_status: "passed" }, { actor: TEST_ACTOR, now, rules: DEFAULT_RULES });
    expect(dashboardPage(app, false, params)).not.toBe(kept);
  });

  it("a founder's write in the middle of a run shows at once", async () => {
    const ids = addInvestors(3);
    const app = fakeApp(db, now);
    const params = new URLSearchParams();
    const started = await startRefresh(deps(), { trigger: "manual", linkedin: false });
    let checks = 0;
    let seen = 0;
    await workRun(
      deps({
        shouldStop: () => {
          checks++;
          if (checks === 2) {
            const kept = dashboardPage(app, false, params);
            editInvestor(db, ids[2]!, { relationship_status: "in_conversation" }, { actor: TEST_ACTOR, now, rules: DEFAULT_RULES });
            const after = dashboardPage(app, false, params);
            expect(after).not.toBe(kept);
            expect(JSON.stringify(after.data)).toContain("in_conversation");
            seen++;
          }
          return false;
        },
      }),
      started.run_id,
    );
    expect(seen).toBe(1);
  });
});
