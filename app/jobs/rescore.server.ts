import { rescoreInvestorIds } from "#db/queries/rescore.server.ts";
import { investorsMissingStartupScores } from "#db/queries/startups.server.ts";
import { readState, writeState } from "#db/queries/app-state.server.ts";
import type { App } from "../app-context.ts";
import { log } from "../log.server.ts";
import { rescoreEveryoneInBackground } from "./rescore-chunks.server.ts";

/** Route #6: every global and per-startup score from saved data with today's decay; no search, no model. */
export async function rescoreEverything(app: App): Promise<{ investors: number; startups: number; duration_ms: number }> {
  const started = performance.now();
  const result = await rescoreEveryoneInBackground(app);
  writeState(app.db, "scored_with", scoringStamp(app));
  return { investors: result.investors, startups: result.startups, duration_ms: Math.round(performance.now() - started) };
}

/** Bumped whenever the scoring rules change meaning, so saved scores are redone at the next start. */
export const SCORING_VERSION = "8"; // 8: a deck read, opened or unopened makes a follow-up due (decision 068)

/**
 * The rules, whether a refresh can look for news (a wait reason says "a refresh looks for it" only
 * then, so setting TAVILY_API_KEY and restarting rewrites them) and the day the scores were made with.
 */
function scoringStamp(app: App): string {
  const search = app.rules.newsRefresh ? "+search" : "";
  return `${SCORING_VERSION}${search}:${app.now().toISOString().slice(0, 10)}`;
}

/**
 * Re-scores at start when the saved scores come from older rules or an earlier day (the machine
 * may have been down at the daily re-score): follow-ups fall due by the calendar, not by a refresh.
 */
export async function rescoreIfStale(app: App): Promise<boolean> {
  if (readState(app.db, "scored_with") === scoringStamp(app)) {
    repairMissingStartupScores(app);
    return false;
  }
  await rescoreEverything(app);
  return true;
}

/** At start: scores only the investors a killed process left without their per-startup scores. */
export function repairMissingStartupScores(app: App): number {
  const ids = investorsMissingStartupScores(app.db);
  if (ids.length === 0) return 0;
  rescoreInvestorIds(app.db, ids, app.now(), app.rules);
  log.info(`scored ${ids.length} investors that were missing per-startup scores`);
  return ids.length;
}
