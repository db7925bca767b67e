import { log } from "../log.server.ts";

/**
 * Wrong guesses are logged as counts, one line a minute at most (decision 019): a line each let
 * a flood write 27,339 lines in 60 s. The first wrong guess after a quiet minute is told at once,
 * so a single typo shows up straight away; what follows within the minute is added up and told
 * in one line when the minute is over.
 */
export type GuessCounts = { wrong: number; refusedUnchecked: number };
export type GuessLogWriter = (message: string, counts: GuessCounts) => void;

export function createGuessLog(what: string, options: { write?: GuessLogWriter; now?: () => number; intervalMs?: number } = {}) {
  const write = options.write ?? ((message, counts) => log.warn(message, counts));
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 60_000;
  let counts: GuessCounts = { wrong: 0, refusedUnchecked: 0 };
  let lastLineAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    timer = undefined;
    if (counts.wrong === 0 && counts.refusedUnchecked === 0) return;
    lastLineAt = now();
    write(what, counts);
    counts = { wrong: 0, refusedUnchecked: 0 };
  }

  return {
    count(kind: keyof GuessCounts): void {
      counts[kind]++;
      if (timer) return;
      const since = now() - lastLineAt;
      if (since >= intervalMs) {
        flush();
        return;
      }
      timer = setTimeout(flush, intervalMs - since);
      timer.unref?.();
    },
  };
}
