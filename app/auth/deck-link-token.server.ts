import { createHash, createHmac, randomBytes } from "node:crypto";

/**
 * A deck link's token (decision 068): 256 bits, derived from the link's random nonce with the
 * app's link key (DECK_LINK_SECRET, or a random key kept in the database), so the database holds
 * only the nonce and the token's SHA-256. A visitor's token is looked up by its hash; the founder's
 * page derives the token again to show and copy the link. A copy of the database without the key
 * (a replica, an export) names no working link when the key is set in the environment.
 */

/** A new link's nonce: 128 random bits, base64url. */
export function newDeckLinkNonce(): string {
  return randomBytes(16).toString("base64url");
}

/** The token of the link with this nonce: 43 base64url characters. */
export function deckLinkToken(key: string, nonce: string): string {
  return createHmac("sha256", key).update(`deck-link:${nonce}`).digest("base64url");
}

/** What the database keeps and looks a token up by: its SHA-256 in hex. */
export function deckLinkTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token's shape before any lookup: anything else is refused without touching the database. */
export const DECK_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
