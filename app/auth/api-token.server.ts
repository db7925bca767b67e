import { createHash, randomBytes } from "node:crypto";
import { markTokenUsed, tokenHolder } from "#db/queries/member-tokens.server.ts";
import type { SessionMember } from "#db/queries/members.server.ts";
import type { App } from "../app-context.ts";
import { apiError } from "../http/api-error.ts";
import { clientKey } from "../http/rate-limit.server.ts";
import { createGuessLimiter, describeWait } from "./guess-limit.server.ts";
import { createGuessLog } from "./guess-log.server.ts";

/**
 * Personal API tokens (decision 063): `Authorization: Bearer ipi_…` acts as the member who made
 * it, on the JSON API's session routes beside the cookie. A token is 32 random bytes; only its
 * SHA-256 is stored, so the look-up is by hash (nothing to compare in constant time: the hash of
 * a guess says nothing of the token).
 */

export const TOKEN_PREFIX = "ipi_";
const TOKEN_SHAPE = /^ipi_[A-Za-z0-9_-]{43}$/;

/** How often a token's "last used" is written: at most once a minute per token, not per request. */
const LAST_USED_EVERY_MS = 60_000;

export function newApiToken(): { token: string; hash: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, hash: hashApiToken(token) };
}

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The token a request carries as `Authorization: Bearer ipi_…`, or null (none, or another bearer such as the cron's). */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(ipi_\S*)$/i.exec((request.headers.get("authorization") ?? "").trim());
  return match ? match[1]! : null;
}

// Wrong tokens are slowed per client like wrong passcodes (decisions 013 and 019), with counts of
// their own. No ceiling over all clients: 256 random bits are out of reach at any rate, so a flood
// must not keep the team's scripts out (as with the generated passcode).
const guesses = createGuessLimiter();
const guessLog = createGuessLog("wrong API tokens in the last minute");

/**
 * The member a request's token names: null without a token; throws a 401 for a wrong, revoked or
 * disabled member's token, and a 429 when its client guessed wrong too often (unchecked).
 */
export function tokenMember(request: Request, app: App): SessionMember | null {
  const token = bearerToken(request);
  if (token === null) return null;
  const client = clientKey(request);
  const wait = guesses.waitBeforeChecking(client);
  if (wait !== undefined) {
    guessLog.count("refusedUnchecked");
    throw apiError(429, "rate_limited", `Too many wrong API tokens. Try again in ${describeWait(wait)}.`, {
      headers: { "retry-after": String(wait) },
    });
  }
  const holder = TOKEN_SHAPE.test(token) ? tokenHolder(app.db, hashApiToken(token)) : undefined;
  if (!holder) {
    guesses.recordWrongGuess(client);
    guessLog.count("wrong");
    throw apiError(401, "unauthorized", "That API token is not valid: it was revoked, its member disabled, or it is mistyped.");
  }
  const now = app.now();
  if (!holder.lastUsedAt || now.getTime() - Date.parse(holder.lastUsedAt) >= LAST_USED_EVERY_MS) markTokenUsed(app.db, holder.tokenId, now);
  return { id: holder.id, name: holder.name, role: holder.role };
}
