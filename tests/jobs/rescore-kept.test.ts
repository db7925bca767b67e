import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_ACTOR } from "../helpers/actor.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { RESCORE_CHUNK, rescoreInChunks } from "#app/jobs/rescore-chunks.server.ts";
import { rescoreEverything } from "#app/jobs/rescore.server.ts";
import { dashboardPage } from "#app/services/dashboard-page.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { createInvestor, editInvestor } from "#db/queries/investors.server.ts";
import { BACKGROUND_KEPT_MS } from "#db/queries/kept.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

/**
 * The re-score the app runs itself (each morning, at a start with scores from an earlier day, route
 * #6) writes as background work (decision 037): the founder's Today stays kept through its chunks up
 * to BACKGROUND_KEPT_MS, then shows what it changed; the founder's own writes show at once.
 */

let db: AppDatabase;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["performance"] });
  db = createTestDatabase().db;
});
afterEach(() => {
  vi.useRealTimers();
  db.$client.close();
});

const actions = () => db.$client.prepare("select action, score, score_explained from investors where is_demo = 0 order by id").all();

describe("Today while the app re-scores everyone", () => {
  it("stays kept through the re-score's chunks for a moment, then shows the new scores", async () => {
    const contacted = new Date("2026-11-20T07:00:00Z");
    const ids = Array.from({ length: RESCORE_CHUNK * 3 }, (_, index) =>
      createInvestor(
        db,
        { name: `Investor ${index}`, firm: `Firm ${index}`, kind: "fund", sectors: [], stages: [], geographies: [] },
        { now: contacted, actor: TEST_ACTOR, rules: DEFAULT_RULES },
      ),
    );
    for (const id of ids)
      editInvestor(
        db,
        id,
        { relationship_status: "contacted", last_contact_date: "2026-11-20" },
        { actor: TEST_ACTOR, now: contacted, rules: DEFAULT_RULES },
      );
    const params = new URLSearchParams();
    const yesterday = fakeApp(db, new Date("2026-11-21T07:00:00Z"));
    await rescoreInChunks(yesterday);
    const before = actions();

    // The next mornings: a week after the contact, every follow-up falls due.
    const morning = fakeApp(db, new Date("2026-11-28T06:00:00Z"));
    const page = dashboardPage(morning, false, params);
    await rescoreEverything(morning);
    expect(actions()).not.toEqual(before);
    // Every chunk was a background write: the page computed before it is still the one shown.
    expect(dashboardPage(morning, false, params)).toBe(page);
    vi.advanceTimersByTime(BACKGROUND_KEPT_MS);
    const after = dashboardPage(morning, false, params);
    expect(after).not.toBe(page);
    expect(JSON.stringify(after.today)).not.toBe(JSON.stringify(page.today));

    // The founder's own write shows at once, inside the window too.
    expect(dashboardPage(morning, false, params)).toBe(after);
    editInvestor(db, ids[0]!, { relationship_status: "passed" }, { actor: TEST_ACTOR, now: morning.now(), rules: DEFAULT_RULES });
    expect(dashboardPage(morning, false, params)).not.toBe(after);
  });
});
