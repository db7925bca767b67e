/**
 * A line of progress as a kept page shows it. A kept page is keyed by the identity of each object
 * in its loader data (app/http/page-cache.server.ts), so a line read as a new object on every
 * request had the page rendered afresh on every request while work ran: with 10,000 investors, every
 * `GET /` during a re-score. The reader here hands back the same frozen object while the counts are
 * unchanged and, with `atMostEveryMs`, a new one at most that often: the line lags the work by at most
 * that long, as the rows below it do during background writes (decision 037). Its start and its end
 * show at once.
 */
export type ProgressReader<T extends Record<string, number>> = (current: T | null, now?: number) => Readonly<T> | null;

export function shownProgress<T extends Record<string, number>>(atMostEveryMs = 0): ProgressReader<T> {
  let shown: { value: Readonly<T>; at: number } | null = null;
  return (current, now = performance.now()) => {
    if (current === null) {
      shown = null;
      return null;
    }
    if (shown && (sameCounts(shown.value, current) || now - shown.at < atMostEveryMs)) return shown.value;
    shown = { value: Object.freeze({ ...current }), at: now };
    return shown.value;
  };
}

function sameCounts(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
