/**
 * Memory given back when the server goes quiet (decision 042). A busy spell (a page asked for
 * hundreds of times, an import, a refresh) leaves the process tens of MiB above what it holds
 * live: V8's young generation at its largest, old-space pages of garbage, and the native memory
 * of answers already sent, which is freed only when the objects that own it are collected. V8's
 * own memory reducer hands it back about 8 s into a quiet spell. This does it half a second into
 * one, once per spell and only when the process grew by a margin since the last time: a
 * collection that compacts and shrinks the heap (`gc({ flavor: "last-resort" })`, about 0.1 s
 * with 5,000 investors) run when no request is in flight and no background work is running.
 *
 * It needs the process started with `--expose-gc` (scripts/server-flags.ts); without it (the
 * development server, the tests' in-process apps) it does nothing.
 */

export type QuietCollectorOptions = {
  /** Runs the collection; undefined when the process has no `gc`. */
  collect: (() => void) | undefined;
  /** The process's resident memory now, in bytes. */
  rss: () => number;
  /** Whether background work (a refresh, a discovery) is running: then nothing is collected. */
  busy: () => boolean;
  /** How long nothing may happen before collecting. */
  quietMs?: number;
  /** How much the process must have grown since the last collection (or start), in bytes. */
  growthBytes?: number;
  /** The shortest time between two collections, so a client pausing between bursts cannot cause one each time. */
  minIntervalMs?: number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
  /** Told after each collection, with the resident memory before and after. */
  onCollected?: (before: number, after: number, tookMs: number) => void;
};

export type QuietCollector = {
  /** A request started: no collection until it ends. */
  started(): void;
  /** A request ended (answered or closed). */
  ended(): void;
  /** Something that ran without requests (a refresh) ended: the quiet spell starts now. */
  poke(): void;
};

const MIB = 1024 * 1024;

export function createQuietCollector(options: QuietCollectorOptions): QuietCollector {
  const collect = options.collect;
  if (!collect) return { started() {}, ended() {}, poke() {} };
  const quietMs = options.quietMs ?? 500;
  const growth = options.growthBytes ?? 16 * MIB;
  const minInterval = options.minIntervalMs ?? 10_000;
  const now = options.now ?? (() => performance.now());
  const setTimer =
    options.setTimer ??
    ((run: () => void, ms: number) => {
      const timer = setTimeout(run, ms);
      timer.unref();
      return { cancel: () => clearTimeout(timer) };
    });

  let inFlight = 0;
  let timer: { cancel(): void } | undefined;
  // The level a collection brought the process down to (or where it started): growth is measured from it.
  let floor = options.rss();
  let lastCollected = Number.NEGATIVE_INFINITY;

  const check = () => {
    timer = undefined;
    if (inFlight > 0) return;
    if (options.busy()) return;
    const before = options.rss();
    floor = Math.min(floor, before);
    if (before - floor < growth) return;
    const wait = lastCollected + minInterval - now();
    if (wait > 0) {
      schedule(wait);
      return;
    }
    const started = now();
    collect();
    lastCollected = now();
    const after = options.rss();
    floor = after;
    options.onCollected?.(before, after, lastCollected - started);
  };
  const schedule = (ms: number) => {
    timer?.cancel();
    timer = setTimer(check, ms);
  };

  return {
    started() {
      inFlight++;
      timer?.cancel();
      timer = undefined;
    },
    ended() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight === 0) schedule(quietMs);
    },
    poke() {
      if (inFlight === 0) schedule(quietMs);
    },
  };
}

/**
 * The process's full, compacting collection when it was started with `--expose-gc`: the
 * "last-resort" flavour is the one that also shrinks the young generation and releases pages.
 */
export function exposedCollection(): (() => void) | undefined {
  const gc = (globalThis as { gc?: (options?: Record<string, string>) => unknown }).gc;
  if (typeof gc !== "function") return undefined;
  return () => {
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
  };
}
