import { readRound, saveRound, startupRounds } from "#db/queries/round.server.ts";
import { getStartup } from "#db/queries/startups.server.ts";
import type { App } from "../app-context.ts";
import type { InvestorEdit } from "../domain/investor.ts";
import type { Actor } from "../domain/people.ts";
import { type AmountRounds, amountStartupRefusal, roundRaisingNow } from "../domain/round.ts";
import { type RoundPut, roundJson, roundWriteOf } from "../domain/round-input.ts";
import { rescoreAfterSave } from "../jobs/rescore-chunks.server.ts";
import { changeRoleWanted } from "./startups.server.ts";

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
export function setRound(app: App, actor: Actor, body: RoundPut, raisingNow = true): RoundSaved {
  const reading = readRound(app.db);
  const startupId = body.startup_id ?? reading.round?.id;
  if (startupId === undefined) return { saved: false, reason: reading.startups === 0 ? "no_startup" : "which_startup" };
  const { startup_id: _named, ...fields } = body;
  if (!saveRound(app.db, actor, startupId, roundWriteOf(fields, raisingNow), app.now())) return { saved: false, reason: "unknown_startup" };
  return { saved: true, round: currentRound(app) };
}

/**
 * The round saved from the startup page or `PUT /api/round`, and the ask that follows from it: when the
 * role wanted or the round's target changed, the rubric's cheque range follows them and the
 * investors are re-ranked (decision 029: a lead writes 20–60 % of the round) — the one place the
 * role is set, so the page asks for it once.
 */
export async function setRoundAndAsk(
  app: App,
  actor: Actor,
  body: RoundPut,
  raisingNow = true,
): Promise<RoundSaved & { rescored?: number; rescoring?: boolean }> {
  const startupId = body.startup_id ?? readRound(app.db).round?.id;
  const before = startupId === undefined ? undefined : getStartup(app.db, startupId);
  const raisingBefore = readRound(app.db).round?.id;
  const result = setRound(app, actor, body, raisingNow);
  if (!result.saved || !before || startupId === undefined) return result;
  const after = getStartup(app.db, startupId);
  const askSame =
    !after ||
    (after.roleWanted === before.roleWanted && after.roundSize === before.roundSize && after.roundCurrency === before.roundCurrency);
  const raisingAfter = readRound(app.db).round?.id;
  // Another round raising now: its scores become every investor's own (decision 039).
  if (askSame && raisingAfter !== raisingBefore) {
    const { rescoring } = await rescoreAfterSave(app, { startupIds: raisingAfter === undefined ? [] : [raisingAfter] });
    return { ...result, round: currentRound(app), rescoring };
  }
  if (askSame) return result;
  const { rescored, rescoring } = await changeRoleWanted(app, actor, startupId, after.roleWanted ?? null);
  return { ...result, round: currentRound(app), rescored, rescoring };
}

/** The rounds an investor's amount may belong to, for the investor page (none on the demo: it has one round). */
export function amountRounds(app: App, demo: boolean): AmountRounds {
  if (demo) return { startups: [], raisingNow: null };
  const rounds = startupRounds(app.db);
  return { startups: rounds.map(({ id, name }) => ({ id, name })), raisingNow: roundRaisingNow(rounds)?.name ?? null };
}

/** Why an investor edit's `amount_startup_id` is refused (not a startup of the founder's), or undefined. */
export function amountRoundRefusal(app: App, edit: Pick<InvestorEdit, "amount_startup_id">, demo: boolean): string | undefined {
  if (edit.amount_startup_id === undefined || edit.amount_startup_id === null) return undefined;
  return amountStartupRefusal(edit.amount_startup_id, demo, demo ? [] : startupRounds(app.db));
}
