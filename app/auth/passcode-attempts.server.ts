import { writeState } from "#db/queries/app-state.server.ts";
import type { App } from "../app-context.ts";
import { apiError } from "../http/api-error.ts";
import { clientKey, createRateLimiter } from "../http/rate-limit.server.ts";
import { requestDevice } from "./device.server.ts";
import { GUESS_LIMITS, createGuessLimiter, describeWait } from "./guess-limit.server.ts";
import { type GuessLogWriter, createGuessLog } from "./guess-log.server.ts";
import { type PasscodeSource, checkPasscode, hashPasscode, isSlowHash } from "./passcode.server.ts";

/** Who is trying: the address group, and the trusted device when the browser signed in before. */
export type Attempter = { client: string; device?: string };

export type PasscodeVerdict = { ok: true } | { ok: false; retryAfterSeconds?: number; heldBack?: "client" | "everyone" };

/**
 * Every passcode attempt (the sign-in form, the x-admin-passcode header, "Refresh now") passes
 * the same gate first (decisions 013 and 019):
 *
 * - a client (an address group, or a trusted device) that guessed wrong too often waits before
 *   its next attempt is checked;
 * - past the ceiling of wrong guesses a minute over all clients, an attempt is refused unchecked
 *   unless it comes from a trusted device. The ceiling guards ADMIN_PASSCODE, which the founder
 *   chose and may be guessable; the generated passcode (79 random bits, checked with a keyed
 *   hash in microseconds) is checked for everyone, flood or not, so a flood cannot keep the
 *   founder out of a fresh install or after a restart;
 * - a hash stored before decision 019 (scrypt, ~50 ms) is checked at most `slowChecksPerSecond`
 *   times a second and replaced by the fast form at the first right sign-in.
 */
export function createPasscodeGate(
  options: { now?: () => number; slowChecksPerSecond?: number; ceilingPerMinute?: number; writeLog?: GuessLogWriter } = {},
) {
  const guesses = createGuessLimiter({
    now: options.now,
    ceilingPerMinute: options.ceilingPerMinute ?? GUESS_LIMITS.passcodeCeilingPerMinute,
  });
  const slowChecks = createRateLimiter({ limit: options.slowChecksPerSecond ?? 5, windowMs: 1000, now: options.now });
  const guessLog = createGuessLog("wrong passcodes in the last minute", { now: options.now, write: options.writeLog });

  return {
    /**
     * Any other secret a person chose or was given (a member's passphrase, an invitation link,
     * decision 060) under the same budget as the passcode: the client's wait first, then the
     * ceiling (a chosen secret may be guessable), then `check`; a wrong answer counts.
     */
    async attempt(who: Attempter, check: () => boolean | Promise<boolean>): Promise<PasscodeVerdict> {
      const key = who.device ? `device:${who.device}` : who.client;
      const ownWait = guesses.waitBeforeChecking(key, { trusted: true });
      const wait = ownWait ?? (who.device ? undefined : guesses.waitForCeiling());
      if (wait !== undefined) {
        guessLog.count("refusedUnchecked");
        return { ok: false, retryAfterSeconds: wait, heldBack: ownWait !== undefined ? "client" : "everyone" };
      }
      if (await check()) return { ok: true };
      guesses.recordWrongGuess(key);
      guessLog.count("wrong");
      return { ok: false };
    },
    verify(who: Attempter, given: string | null | undefined, source: PasscodeSource): PasscodeVerdict {
      if (!given) return { ok: false };
      const key = who.device ? `device:${who.device}` : who.client;
      const ownWait = guesses.waitBeforeChecking(key, { trusted: true });
      if (ownWait !== undefined) {
        guessLog.count("refusedUnchecked");
        return { ok: false, retryAfterSeconds: ownWait, heldBack: "client" };
      }
      const generated = source.kind === "hash" && !isSlowHash(source.hash);
      const ceilingWait = who.device || generated ? undefined : guesses.waitForCeiling();
      if (ceilingWait !== undefined) {
        guessLog.count("refusedUnchecked");
        return { ok: false, retryAfterSeconds: ceilingWait, heldBack: "everyone" };
      }
      // Too many slow checks this second: not a wrong guess, just not checked yet.
      if (source.kind === "hash" && isSlowHash(source.hash) && slowChecks.check("all") !== undefined) {
        return { ok: false, retryAfterSeconds: 1, heldBack: "everyone" };
      }
      if (checkPasscode(given, source)) return { ok: true };
      guesses.recordWrongGuess(key);
      guessLog.count("wrong");
      return { ok: false };
    },
  };
}

const gate = createPasscodeGate();

export function verifyPasscode(request: Request, given: string | null | undefined, app: App): PasscodeVerdict {
  const device = requestDevice(request, app.sessionSecret, app.config.NODE_ENV === "production");
  const verdict = gate.verify({ client: clientKey(request), device }, given, app.passcode);
  if (verdict.ok && given && app.passcode.kind === "hash" && isSlowHash(app.passcode.hash)) {
    // The passcode is known to be right: store it in the fast form from now on.
    const hash = hashPasscode(given);
    writeState(app.db, "passcode_hash", hash);
    app.passcode = { kind: "hash", hash };
  }
  return verdict;
}

/** Wrong answers to secrets nobody can guess (an invitation link's 256 bits, a passkey's signature): per client, no ceiling. */
const unguessable = createGuessLimiter();

/**
 * A guess at another secret from this request (decision 060). A member's passphrase is chosen by a
 * person and may be guessable: it is counted in the passcode's budget, ceiling included, and a
 * device cookie earns it nothing (any sign-in mints one, so trusting them would give a guesser
 * as many budgets as cookies; and a disabled member's would still count). An invitation link or a
 * passkey cannot be guessed: its wrong answers slow their own client only, never reach the
 * ceiling, and a flood of them cannot keep an invitee, a passkey or the owner's passcode out.
 */
export async function verifyGuess(
  request: Request,
  app: App,
  check: () => boolean | Promise<boolean>,
  secret: "chosen" | "unguessable" = "chosen",
): Promise<PasscodeVerdict> {
  const client = clientKey(request);
  if (secret === "chosen") return gate.attempt({ client }, check);
  const wait = unguessable.waitBeforeChecking(client, { trusted: true });
  if (wait !== undefined) return { ok: false, retryAfterSeconds: wait, heldBack: "client" };
  if (await check()) return { ok: true };
  unguessable.recordWrongGuess(client);
  return { ok: false };
}

/** The sentence the sign-in page shows when an attempt was held back. */
export function waitSentence(verdict: { retryAfterSeconds: number; heldBack?: "client" | "everyone" }): string {
  const wait = describeWait(verdict.retryAfterSeconds);
  return verdict.heldBack === "everyone"
    ? `Too many wrong passcodes are being tried on this app right now. Wait ${wait} and try again; a browser that signed in here before is not held back.`
    : `Too many wrong passcodes from your network. Wait ${wait} and try again.`;
}

/** The x-admin-passcode header: true when right; a 429 error Response when held back. */
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
