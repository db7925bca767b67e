import { rescoreAllInvestors } from "#db/queries/investors.server.ts";
import { listStartups, scoreStartup, updateFitSignals } from "#db/queries/startups.server.ts";
import type { App } from "../app.server.ts";

/** Route #6: every global and per-startup score from saved data with today's decay; no search, no model. */
export function rescoreEverything(app: App): { investors: number; startups: number; duration_ms: number } {
  const started = performance.now();
  const now = app.now();
  const all = listStartups(app.db);
  // With no startup left every fit is null again (SPEC §2), so this runs either way.
  updateFitSignals(app.db);
  const investors = rescoreAllInvestors(app.db, now, app.rules);
  for (const startup of all) scoreStartup(app.db, startup.id, now, app.rules);
  return { investors, startups: all.length, duration_ms: Math.round(performance.now() - started) };
}
