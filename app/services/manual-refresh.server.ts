import { readState, writeState } from "#db/queries/app-state.server.ts";
import type { App } from "../app-context.ts";
import { type StartedRun, startRefresh } from "../jobs/refresh.server.ts";
import { pollRuns, refreshDeps } from "../jobs/worker.server.ts";

export const MANUAL_REFRESH_INTERVAL_MS = 10 * 60 * 1000;
const LAST_MANUAL_REFRESH = "last_manual_refresh_at";

class TooSoon extends Error {
  readonly waitSeconds: number;
  constructor(waitSeconds: number) {
    super("too soon");
    this.waitSeconds = waitSeconds;
  }
}

/** Seconds to wait when the error is the 10-minute limit; undefined for any other error. */
export function manualRefreshWait(error: unknown): number | undefined {
  return error instanceof TooSoon ? error.waitSeconds : undefined;
}

/**
 * Route #4 and the dashboard's "Refresh now": one manual refresh per 10 minutes, the time kept
 * in app_state so a restart does not reset it. Only an accepted refresh counts.
 */
export async function startManualRefresh(app: App, linkedin: boolean): Promise<StartedRun> {
  const deps = refreshDeps(app);
  if (!deps.search) return startRefresh(deps, { trigger: "manual", linkedin });
  const now = app.now();
  const last = readState(app.db, LAST_MANUAL_REFRESH);
  if (last) {
    const elapsed = now.getTime() - Date.parse(last);
    if (elapsed >= 0 && elapsed < MANUAL_REFRESH_INTERVAL_MS) {
      throw new TooSoon(Math.ceil((MANUAL_REFRESH_INTERVAL_MS - elapsed) / 1000));
    }
  }
  const started = await startRefresh(deps, { trigger: "manual", linkedin });
  writeState(app.db, LAST_MANUAL_REFRESH, now.toISOString());
  void pollRuns(app);
  return started;
}
