/**
 * Limits on guessing a secret (the passcode, the cron bearer) that slow the guesser without
 * locking out the founder (decision 013).
 *
 * The gate comes before the check: a client that guessed wrong too often must wait before its
 * next attempt is even looked at, so a refusal says nothing about whether the guess was right.
 * Only wrong guesses count, and only against the client that made them: a client with no recent
 * wrong guesses is always checked at once, so the right secret from anywhere else still works
 * while someone guesses. Many wrong guesses overall do not close the door for everyone; they
 * take away every client's free guesses (a global slow-down), so each further wrong guess from
 * any address makes that address wait, 1 s, 2 s, 4 s… up to a minute.
 */

export type GuessLimitOptions = {
  /** Wrong guesses a client may make, in `windowMs`, before it has to wait between attempts. */
  freeWrongGuesses?: number;
  /** How long a wrong guess is remembered against its client. */
  windowMs?: number;
  /** The longest a client is made to wait between attempts. */
  maxWaitMs?: number;
  /** Wrong guesses from all clients in the last minute beyond which nobody gets free guesses. */
  slowDownAfterPerMinute?: number;
  now?: () => number;
  maxClients?: number;
};

export type GuessLimiter = {
  /** Seconds this client must wait before an attempt of its is checked; undefined: check it now. */
  waitBeforeChecking(client: string): number | undefined;
  /** Counts a wrong guess against the client (and towards the global slow-down). */
  recordWrongGuess(client: string): void;
};

export function createGuessLimiter(options: GuessLimitOptions = {}): GuessLimiter {
  const free = options.freeWrongGuesses ?? 10;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const slowDownAfter = options.slowDownAfterPerMinute ?? 60;
  const now = options.now ?? Date.now;
  const maxClients = options.maxClients ?? 10_000;
  /** Per client, the times of its recent wrong guesses (oldest first), in least-recently-seen order. */
  const wrong = new Map<string, number[]>();
  /** Wrong guesses from everyone, per second of the last minute: a ring of 60 counters. */
  const perSecond = new Array<number>(60).fill(0);
  const secondOf = new Array<number>(60).fill(-1);

  function recent(client: string, at: number): number[] {
    return (wrong.get(client) ?? []).filter((time) => at - time < windowMs);
  }
  function globalLastMinute(at: number): number {
    const second = Math.floor(at / 1000);
    let total = 0;
    for (let i = 0; i < 60; i++) if (second - secondOf[i]! < 60) total += perSecond[i]!;
    return total;
  }
  /** The wait after `count` recent wrong guesses: none while free, then doubling from 1 s. */
  function waitAfter(count: number, at: number): number {
    const allowance = globalLastMinute(at) > slowDownAfter ? 0 : free;
    const beyond = count - allowance;
    return beyond <= 0 ? 0 : Math.min(1000 * 2 ** Math.min(beyond - 1, 30), maxWaitMs);
  }

  return {
    waitBeforeChecking(client) {
      const at = now();
      const list = recent(client, at);
      if (list.length === 0) return undefined;
      const readyAt = list[list.length - 1]! + waitAfter(list.length, at);
      return readyAt > at ? Math.max(1, Math.ceil((readyAt - at) / 1000)) : undefined;
    },
    recordWrongGuess(client) {
      const at = now();
      const list = recent(client, at);
      list.push(at);
      // Re-inserting keeps the map in least-recently-seen order, so eviction drops the stalest.
      wrong.delete(client);
      wrong.set(client, list);
      while (wrong.size > maxClients) wrong.delete(wrong.keys().next().value!);
      const second = Math.floor(at / 1000);
      const slot = second % 60;
      if (secondOf[slot] !== second) {
        secondOf[slot] = second;
        perSecond[slot] = 0;
      }
      perSecond[slot] = (perSecond[slot] ?? 0) + 1;
    },
  };
}

/** Words for a wait, for a person: "1 second", "40 seconds", "2 minutes". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
