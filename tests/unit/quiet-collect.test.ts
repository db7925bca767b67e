import { describe, expect, it } from "vitest";
import { createQuietCollector } from "#app/http/quiet-collect.server.ts";

const MIB = 1024 * 1024;

/** A collector on a hand-driven clock: timers run when `advance` passes their time. */
function harness(options: { busy?: () => boolean } = {}) {
  let clock = 0;
  let rss = 100 * MIB;
  const timers: Array<{ at: number; run: () => void; live: boolean }> = [];
  const collections: Array<{ before: number; after: number }> = [];
  const collector = createQuietCollector({
    collect: () => {
      rss = 110 * MIB;
    },
    rss: () => rss,
    busy: options.busy ?? (() => false),
    quietMs: 500,
    growthBytes: 16 * MIB,
    minIntervalMs: 10_000,
    now: () => clock,
    setTimer: (run, ms) => {
      const timer = { at: clock + ms, run, live: true };
      timers.push(timer);
      return { cancel: () => (timer.live = false) };
    },
    onCollected: (before, after) => collections.push({ before: before / MIB, after: after / MIB }),
  });
  const advance = (ms: number) => {
    const until = clock + ms;
    for (;;) {
      const next = timers.filter((t) => t.live && t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      clock = next.at;
      next.live = false;
      next.run();
    }
    clock = until;
  };
  const grow = (mib: number) => (rss += mib * MIB);
  /** One request that grows the process by `mib`, from start to end. */
  const request = (mib: number) => {
    collector.started();
    grow(mib);
    collector.ended();
  };
  return { collector, advance, collections, grow, request };
}

describe("giving memory back when the server goes quiet (decision 042)", () => {
  it("collects half a second after the last request of a spell that grew the process", () => {
    const { advance, collections, request } = harness();
    for (let i = 0; i < 100; i++) {
      request(0.5);
      if (i < 99) advance(10);
    }
    expect(collections).toEqual([]);
    advance(499);
    expect(collections).toEqual([]);
    advance(1);
    expect(collections).toEqual([{ before: 150, after: 110 }]);
  });

  it("never collects while a request is in flight, however long it lasts", () => {
    const { collector, advance, collections, grow } = harness();
    collector.started();
    collector.started();
    grow(40);
    collector.ended();
    advance(60_000);
    expect(collections).toEqual([]);
    collector.ended();
    advance(500);
    expect(collections).toHaveLength(1);
  });

  it("leaves a small spell alone: a few page views are not worth a collection", () => {
    const { advance, collections, request } = harness();
    request(15);
    advance(5_000);
    expect(collections).toEqual([]);
  });

  it("waits for background work to end, then collects once it is over", () => {
    let refreshing = true;
    const { collector, advance, collections, request } = harness({ busy: () => refreshing });
    request(60);
    advance(5_000);
    expect(collections).toEqual([]);
    refreshing = false;
    collector.poke();
    advance(500);
    expect(collections).toEqual([{ before: 160, after: 110 }]);
  });

  it("collects at most once in 10 s, so a client pausing between bursts cannot make it collect each time", () => {
    const { advance, collections, request } = harness();
    for (let burst = 0; burst < 10; burst++) {
      request(30);
      advance(600);
    }
    // 10 bursts in 6 s: the first collected at 0.5 s, the next waits for 10.5 s.
    expect(collections).toHaveLength(1);
    advance(10_000);
    expect(collections).toHaveLength(2);
  });

  it("does nothing without a collection to run (a process started without --expose-gc)", () => {
    let looked = 0;
    const collector = createQuietCollector({
      collect: undefined,
      rss: () => ++looked,
      busy: () => ++looked > 0,
      setTimer: () => {
        looked++;
        return { cancel() {} };
      },
    });
    collector.started();
    collector.ended();
    collector.poke();
    // No timer set, no memory read: nothing runs after a request at all.
    expect(looked).toBe(0);
  });
});
