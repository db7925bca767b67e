import { deckFactsOf, liveDeckLinkNonce } from "#db/queries/deck-signals.server.ts";
import type { App } from "../app-context.ts";
import { deckLinkToken } from "../auth/deck-link-token.server.ts";
import type { DeckFacts } from "../domain/deck-signals.ts";

/**
 * What the investor page's outreach draft needs of the deck (decision 068): the views' facts (a
 * read makes the draft) and the investor's own live link, its address derived again from the
 * nonce with the app's link key (the token is never stored) on the origin the browser used.
 */
export function deckForDraft(app: App, investorId: number, origin: string): { deck: DeckFacts | null; deckLink: string | null } {
  const nonce = liveDeckLinkNonce(app.db, investorId, app.now());
  return {
    deck: deckFactsOf(app.db, investorId),
    deckLink: nonce ? `${origin}/d/${deckLinkToken(app.deckLinkKey, nonce)}` : null,
  };
}
