import { rescoreInvestor } from "#db/queries/investors.server.ts";
import { introPathOnSide } from "#db/queries/warm-paths.server.ts";
import { setIntroState } from "#db/queries/intros.server.ts";
import { writeDemoOnly } from "#db/queries/kept.server.ts";
import type { App } from "../app-context.ts";
import type { Actor } from "../domain/people.ts";
import { dayOf } from "../domain/warm-path.ts";
import { rescoreInvestorsForStartups } from "./startups.server.ts";

export type IntroAskedOutcome = { kind: "not_found" } | { kind: "recorded"; investorId: number; pathId: number };

/**
 * An intro write on this side: on the demo, counted as demo-only (decision 018), so anonymous
 * visitors' asks and paths never drop the founder's kept Today and dashboard.
 */
export function introWrite<T>(app: App, demo: boolean, write: () => T): T {
  return demo ? writeDemoOnly(app.db, write) : write();
}

/**
 * After a path is added, removed or moved for these investors (the import's column, the investor
 * page's panel, mail): their scores and actions redone, in the caller's transaction when there is
 * one, so Today, the ranking and the follow-ups follow at once (decision 065).
 */
export function rescoreForPaths(app: App, investorIds: readonly number[], demo: boolean): void {
  const now = app.now();
  for (const id of new Set(investorIds)) rescoreInvestor(app.db, id, now, app.rules);
  if (!demo) rescoreInvestorsForStartups(app, [...new Set(investorIds)]);
}

/**
 * Today's "Asked" on a warm row (decision 065): the intro through that path marked asked today (the
 * app's clock), or put back to "to ask" by the notice's Undo, and the investor re-scored in the
 * same transaction, so Today stops offering the ask (they now wait on the connector) and, 5 days
 * on, shows the nudge. The path must be this investor's and on this side.
 */
export function markIntroAsked(
  app: App,
  actor: Actor,
  input: { investorId: number; pathId: number; state: "asked" | "to_ask" },
  demo: boolean,
): IntroAskedOutcome {
  const now = app.now();
  return introWrite(app, demo, () => markAsked(app, actor, input, demo, now));
}

function markAsked(
  app: App,
  actor: Actor,
  input: { investorId: number; pathId: number; state: "asked" | "to_ask" },
  demo: boolean,
  now: Date,
): IntroAskedOutcome {
  return app.db.$client.transaction((): IntroAskedOutcome => {
    const path = introPathOnSide(app.db, input.pathId, demo);
    if (!path || path.investorId !== input.investorId) return { kind: "not_found" };
    setIntroState(app.db, actor, input.pathId, input.state, dayOf(now), now);
    rescoreForPaths(app, [input.investorId], demo);
    return { kind: "recorded", investorId: input.investorId, pathId: input.pathId };
  })();
}
