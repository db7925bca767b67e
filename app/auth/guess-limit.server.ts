/**
 * Limits on guessing a secret (the passcode, the cron bearer) that slow the guesser without
 * locking out the founder (decisions 013 and 019).
 *
 * The gate comes before the check: a client that guessed wrong too often must wait before its
 * next attempt is even looked at, so a refusal says nothing about whether the guess was right.
 * Only wrong guesses count against a client (an address group, or a trusted device): a client
 * with no recent wrong guesses is checked at once. Two limits work over all clients together:
 * past `slowDownAfterPerMinute` wrong guesses in the last minute nobody gets free guesses (each
 * further wrong guess makes its client wait, 1 s, 2 s, 4 s… up to a minute), and past
 * `ceilingPerMinute` no attempt from an untrusted client is checked at all until the minute's
 * count falls back below it. The ceiling is what bounds a guesser with endless addresses: a new
 * address gains nothing, and forgetting the stalest client (the map is bounded) gives nothing back.
 */

/** The numbers in force, as docs/api.md#limits states them (a test keeps the two in step). */
export const GUESS_LIMITS = {
  freeWrongGuesses: 10,
  windowMinutes: 15,
  maxWaitSeconds: 60,
  slowDownAfterPerMinute: 60,
  passcodeCeilingPerMinute: 120,
  cronCeilingPerMinute: 120,
  trackedClients: 10_000,
} as const;

export type GuessLimitOptions = {
  /** Wrong guesses a client may make, in `windowMs`, before it has to wait between attempts. */
  freeWrongGuesses?: number;
  /** How long a wrong guess is remembered against its client (from its latest wrong guess). */
  windowMs?: number;
  /** The longest a client is made to wait between attempts. */
  maxWaitMs?: number;
  /** Wrong guesses from all clients in the last minute beyond which nobody gets free guesses. */
  slowDownAfterPerMinute?: number;
  /** Wrong guesses checked in the last minute, all clients together, at which untrusted attempts stop being checked. */
  ceilingPerMinute?: number;
  now?: () => number;
  maxClients?: number;
};

export type GuessLimiter = {
  /**
   * Seconds this client must wait before an attempt of its is checked; undefined: check it now.
   * A trusted client (a browser that signed in before) is not held back by the ceiling.
   */
  waitBeforeChecking(client: string, options?: { trusted?: boolean }): number | undefined;
  /** Seconds until the ceiling lets untrusted attempts be checked again; undefined: below it now. */
  waitForCeiling(): number | undefined;
  /** Counts a wrong guess against the client (and towards the limits over all clients). */
  recordWrongGuess(client: string): void;
  /** Wrong guesses checked in the last minute, all clients together. */
  wrongLastMinute(): number;
};

type ClientGuesses = { count: number; lastAt: number };

export function createGuessLimiter(options: GuessLimitOptions = {}): GuessLimiter {
  const free = options.freeWrongGuesses ?? GUESS_LIMITS.freeWrongGuesses;
  const windowMs = options.windowMs ?? GUESS_LIMITS.windowMinutes * 60_000;
  const maxWaitMs = options.maxWaitMs ?? GUESS_LIMITS.maxWaitSeconds * 1000;
  const slowDownAfter = options.slowDownAfterPerMinute ?? GUESS_LIMITS.slowDownAfterPerMinute;
  const ceiling = options.ceilingPerMinute ?? Number.POSITIVE_INFINITY;
  const now = options.now ?? Date.now;
  const maxClients = options.maxClients ?? GUESS_LIMITS.trackedClients;
  /** Per client, its recent wrong guesses, in least-recently-seen order. */
  const wrong = new Map<string, ClientGuesses>();
  /** Wrong guesses from everyone, per second of the last minute: a ring of 60 counters. */
  const perSecond = new Array<number>(60).fill(0);
  const secondOf = new Array<number>(60).fill(-1);

  function recent(client: string, at: number): ClientGuesses | undefined {
    const state = wrong.get(client);
    return state && at - state.lastAt < windowMs ? state : undefined;
  }
  function countedIn(second: number): number {
    const slot = second % 60;
    return secondOf[slot] === second ? perSecond[slot]! : 0;
  }
  function globalLastMinute(at: number): number {
    const second = Math.floor(at / 1000);
    let total = 0;
    for (let back = 0; back < 60; back++) total += countedIn(second - back);
    return total;
  }
  /** Seconds until fewer than `ceiling` wrong guesses remain in the last minute. */
  function ceilingWait(at: number): number | undefined {
    let total = globalLastMinute(at);
    if (total < ceiling) return undefined;
    const second = Math.floor(at / 1000);
    for (let back = 59; back >= 0; back--) {
      total -= countedIn(second - back);
      if (total < ceiling) return Math.max(1, Math.ceil(((second - back + 60) * 1000 - at) / 1000));
    }
    return 60;
  }
  /** The wait after `count` recent wrong guesses: none while free, then doubling from 1 s. */
  function waitAfter(count: number, at: number): number {
    const allowance = globalLastMinute(at) > slowDownAfter ? 0 : free;
    const beyond = count - allowance;
    return beyond <= 0 ? 0 : Math.min(1000 * 2 ** Math.min(beyond - 1, 30), maxWaitMs);
  }

  return {
    waitBeforeChecking(client, { trusted = false } = {}) {
      const at = now();
      const state = recent(client, at);
      if (state) {
        const readyAt = state.lastAt + waitAfter(state.count, at);
        if (readyAt > at) return Math.max(1, Math.ceil((readyAt - at) / 1000));
      }
      return trusted ? undefined : ceilingWait(at);
    },
    waitForCeiling() {
      return ceilingWait(now());
    },
    recordWrongGuess(client) {
      const at = now();
      const count = (recent(client, at)?.count ?? 0) + 1;
      // Re-inserting keeps the map in least-recently-seen order, so eviction drops the stalest.
      wrong.delete(client);
      wrong.set(client, { count, lastAt: at });
      while (wrong.size > maxClients) wrong.delete(wrong.keys().next().value!);
      const second = Math.floor(at / 1000);
      const slot = second % 60;
      if (secondOf[slot] !== second) {
        secondOf[slot] = second;
        perSecond[slot] = 0;
      }
      perSecond[slot] = perSecond[slot]! + 1;
    },
    wrongLastMinute() {
      return globalLastMinute(now());
    },
  };
}

/** Words for a wait, for a person: "1 second", "40 seconds", "2 minutes". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
