import { apiError } from "../http/api-error.ts";
import { clientKey } from "../http/rate-limit.server.ts";
import { createGuessLimiter, describeWait } from "./guess-limit.server.ts";
import { secretsMatch } from "./secret-compare.server.ts";

/** The scheduler's credential: `Authorization: Bearer <CRON_SECRET>`. */
export function hasCronBearer(request: Request, cronSecret: string | undefined): boolean {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return secretsMatch(match?.[1], cronSecret);
}

// Wrong bearers are limited like wrong passcodes (decision 013), with a count of their own.
const guesses = createGuessLimiter();

/**
 * The cron bearer behind the guess gate: true when right; false when wrong (counted against the
 * client); throws a 429 error Response when the client must wait before it is checked.
 */
export function cronBearerAccepted(request: Request, cronSecret: string | undefined): boolean {
  // Nothing to guess when no secret is set: every call is refused alike.
  if (!cronSecret) return false;
  const client = clientKey(request);
  const wait = guesses.waitBeforeChecking(client);
  if (wait !== undefined) {
    throw apiError(429, "rate_limited", `Too many wrong cron bearers. Try again in ${describeWait(wait)}.`, {
      headers: { "retry-after": String(wait) },
    });
  }
  if (hasCronBearer(request, cronSecret)) return true;
  guesses.recordWrongGuess(client);
  return false;
}
