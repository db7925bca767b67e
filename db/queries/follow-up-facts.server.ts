import type { DeckFacts } from "#app/domain/deck-signals.ts";
import type { WarmPath } from "#app/domain/warm-path.ts";
import type { AppDatabase, Db } from "../database.server.ts";
import { deckFactsIn, deckFactsOf } from "./deck-signals.server.ts";
import type { InvestorSet } from "./investor-set.ts";
import { bestPathsIn, warmPathOf } from "./warm-paths.server.ts";

/**
 * What the follow-up rules (app/domain/follow-ups.ts) read beside an investor's own row: the warm
 * path in hand (decision 065) and the deck's views (decision 068). Every scoring reads both, so a
 * new fact is added here once, not at each of the four places that score.
 */
export type FollowUpContext = { intro: WarmPath | null; deck: DeckFacts | null };

/** For the investors of `set`, read once: a lookup by id. */
export function followUpFactsIn(db: AppDatabase, set: InvestorSet): (investorId: number) => FollowUpContext {
  const paths = bestPathsIn(db, set);
  const decks = deckFactsIn(db, set);
  return (investorId) => ({ intro: paths.get(investorId) ?? null, deck: decks.get(investorId) ?? null });
}

/** For one investor (inside a caller's transaction too). */
export function followUpFactsOf(db: Db, investorId: number): FollowUpContext {
  return { intro: warmPathOf(db, investorId), deck: deckFactsOf(db, investorId) };
}
