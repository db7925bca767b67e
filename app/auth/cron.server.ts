import { apiError } from "../http/api-error.ts";
import { clientKey } from "../http/rate-limit.server.ts";
import { GUESS_LIMITS, createGuessLimiter, describeWait } from "./guess-limit.server.ts";
import { createGuessLog } from "./guess-log.server.ts";
import { secretsMatch } from "./secret-compare.server.ts";

/** The scheduler's credential: `Authorization: Bearer <CRON_SECRET>`. */
export function hasCronBearer(request: Request, cronSecret: string | undefined): boolean {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return secretsMatch(match?.[1], cronSecret);
}

// Wrong bearers are limited like wrong passcodes (decisions 013 and 019), with counts of their
// own. The ceiling holds for every caller: a scheduler has no device cookie, and CRON_SECRET,
// though at least 32 characters, is chosen by a person. A scheduler refused during a flood is
// told when to come back (Retry-After); the built-in scheduler needs no bearer.
const guesses = createGuessLimiter({ ceilingPerMinute: GUESS_LIMITS.cronCeilingPerMinute });
const guessLog = createGuessLog("wrong cron bearers in the last minute");

/**
 * The cron bearer behind the guess gate: true when right; false when wrong (counted against the
 * client); throws a 429 error Response when the attempt is held back unchecked.
 */
export function cronBearerAccepted(request: Request, cronSecret: string | undefined): boolean {
  // Nothing to guess when no secret is set: every call is refused alike.
  if (!cronSecret) return false;
  const client = clientKey(request);
  const wait = guesses.waitBeforeChecking(client);
  if (wait !== undefined) {
    guessLog.count("refusedUnchecked");
    throw apiError(429, "rate_limited", `Too many wrong cron bearers. Try again in ${describeWait(wait)}.`, {
      headers: { "retry-after": String(wait) },
    });
  }
  if (hasCronBearer(request, cronSecret)) return true;
  guesses.recordWrongGuess(client);
  guessLog.count("wrong");
  return false;
}
