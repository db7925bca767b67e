import { rescoreAllInvestors } from "#db/queries/investors.server.ts";
import type { App } from "../app.server.ts";

/** Re-score every investor (and, once startups exist, every per-startup ranking). */
export function rescoreEverything(app: App): { investors: number; startups: number; duration_ms: number } {
  const started = performance.now();
  const investors = rescoreAllInvestors(app.db, app.now(), app.rules);
  return { investors, startups: 0, duration_ms: Math.round(performance.now() - started) };
}
