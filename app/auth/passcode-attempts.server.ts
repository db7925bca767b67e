import { createHash, timingSafeEqual } from "node:crypto";
import type { App } from "../app.server.ts";
import { apiError } from "../http/api-error.ts";
import { clientKey, createRateLimiter } from "../http/rate-limit.server.ts";
import { createGuessLimiter, describeWait } from "./guess-limit.server.ts";
import { type PasscodeSource, checkPasscode } from "./passcode.server.ts";

/**
 * Every passcode attempt (the sign-in form, the x-admin-passcode header) passes the same gate
 * first: a client that guessed wrong too often waits before its next attempt is checked, whether
 * or not the founder has signed in since the start (decision 013). A correct passcode is
 * remembered as a SHA-256 so later checks are cheap; until then a generated passcode is checked
 * with scrypt (about 50 ms, slow on purpose), so those checks have a budget of their own.
 */
export function createPasscodeGate(options: { now?: () => number; slowChecksPerSecond?: number } = {}) {
  const guesses = createGuessLimiter({ now: options.now });
  const slowChecks = createRateLimiter({ limit: options.slowChecksPerSecond ?? 5, windowMs: 1000, now: options.now });
  let remembered: Buffer | undefined;

  function checkAttempt(given: string, source: PasscodeSource): "right" | "wrong" | "busy" {
    const digest = sha256(given);
    if (remembered) return timingSafeEqual(digest, remembered) ? "right" : "wrong";
    if (source.kind === "hash" && slowChecks.check("all") !== undefined) return "busy";
    if (!checkPasscode(given, source)) return "wrong";
    remembered = digest;
    return "right";
  }

  return {
    verify(client: string, given: string | null | undefined, source: PasscodeSource): PasscodeVerdict {
      if (!given) return { ok: false };
      const wait = guesses.waitBeforeChecking(client);
      if (wait !== undefined) return { ok: false, retryAfterSeconds: wait };
      const answer = checkAttempt(given, source);
      if (answer === "right") return { ok: true };
      // Too many slow checks this second: not a wrong guess, just not checked yet.
      if (answer === "busy") return { ok: false, retryAfterSeconds: 1 };
      guesses.recordWrongGuess(client);
      return { ok: false };
    },
    /** Forgets the remembered passcode. */
    forget(): void {
      remembered = undefined;
    },
  };
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

export type PasscodeVerdict = { ok: true } | { ok: false; retryAfterSeconds?: number };

const gate = createPasscodeGate();

export function verifyPasscode(request: Request, given: string | null | undefined, app: App): PasscodeVerdict {
  return gate.verify(clientKey(request), given, app.passcode);
}

/** The sentence the sign-in page shows when a client must wait. */
export function waitSentence(retryAfterSeconds: number): string {
  return `Too many wrong passcodes from your network. Wait ${describeWait(retryAfterSeconds)} and try again.`;
}

/** The x-admin-passcode header: true when right; a 429 error Response when guessing too often. */
export function headerPasscodeAccepted(request: Request, app: App): boolean {
  const header = request.headers.get("x-admin-passcode");
  if (header === null) return false;
  const verdict = verifyPasscode(request, header, app);
  if (!verdict.ok && verdict.retryAfterSeconds !== undefined) {
    throw apiError(429, "rate_limited", `Too many wrong passcodes. Try again in ${describeWait(verdict.retryAfterSeconds)}.`, {
      headers: { "retry-after": String(verdict.retryAfterSeconds) },
    });
  }
  return verdict.ok;
}

/** Forgets the remembered passcode (tests). */
export function forgetPasscode(): void {
  gate.forget();
}
