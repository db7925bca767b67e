import { createHash, timingSafeEqual } from "node:crypto";
import type { App } from "../app.server.ts";
import { apiError } from "../http/api-error.ts";
import { clientKey, createRateLimiter } from "../http/rate-limit.server.ts";
import { checkPasscode } from "./passcode.server.ts";

/**
 * Passcode checks are deliberately slow (scrypt) and synchronous, so unlimited wrong guesses
 * could stall the one process. A correct passcode is remembered (as a SHA-256) so later checks
 * are cheap; wrong guesses are limited per client and overall, and past the limit a guess is
 * refused without computing anything.
 */
const failuresPerClient = createRateLimiter({ limit: 10, windowMs: 10 * 60_000 });
const failuresOverall = createRateLimiter({ limit: 60, windowMs: 60_000 });
let remembered: Buffer | undefined;

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

export type PasscodeVerdict = { ok: true } | { ok: false; retryAfterSeconds?: number };

export function verifyPasscode(request: Request, given: string | null | undefined, app: App): PasscodeVerdict {
  if (!given) return { ok: false };
  const digest = sha256(given);
  if (remembered && timingSafeEqual(digest, remembered)) return { ok: true };
  const client = clientKey(request);
  const limited = failuresPerClient.peek(client) ?? failuresOverall.peek("all");
  if (limited !== undefined) return { ok: false, retryAfterSeconds: limited };
  if (checkPasscode(given, app.passcode)) {
    remembered = digest;
    return { ok: true };
  }
  failuresPerClient.check(client);
  failuresOverall.check("all");
  return { ok: false };
}

/** The x-admin-passcode header: true when right; a 429 error Response when guessing too often. */
export function headerPasscodeAccepted(request: Request, app: App): boolean {
  const header = request.headers.get("x-admin-passcode");
  if (header === null) return false;
  const verdict = verifyPasscode(request, header, app);
  if (!verdict.ok && verdict.retryAfterSeconds !== undefined) {
    throw apiError(429, "rate_limited", `Too many wrong passcodes. Try again in ${verdict.retryAfterSeconds} seconds.`, {
      headers: { "retry-after": String(verdict.retryAfterSeconds) },
    });
  }
  return verdict.ok;
}

/** Forgets the remembered passcode (tests). */
export function forgetPasscode(): void {
  remembered = undefined;
}
