import { readRound, saveRound } from "#db/queries/round.server.ts";
import type { App } from "../app-context.ts";
import { type RoundPut, roundJson, roundWriteOf } from "../domain/round-input.ts";

/** The founder's round raising now with its totals, as `GET /api/round` answers it. */
export function currentRound(app: App) {
  const { round, totals } = readRound(app.db);
  return roundJson(round, totals);
}

export type RoundSaved =
  | { saved: true; round: ReturnType<typeof currentRound> }
  | { saved: false; reason: "no_startup" | "unknown_startup" | "which_startup" };

/**
 * Sets a startup's round (`startup_id`, else the round raising now) and makes it the one raising
 * now. Without a startup to name: `no_startup` (none yet) or `which_startup` (several, none marked).
 */
export function setRound(app: App, body: RoundPut, raisingNow = true): RoundSaved {
  const reading = readRound(app.db);
  const startupId = body.startup_id ?? reading.round?.id;
  if (startupId === undefined) return { saved: false, reason: reading.startups === 0 ? "no_startup" : "which_startup" };
  const { startup_id: _named, ...fields } = body;
  if (!saveRound(app.db, startupId, roundWriteOf(fields, raisingNow), app.now())) return { saved: false, reason: "unknown_startup" };
  return { saved: true, round: currentRound(app) };
}
