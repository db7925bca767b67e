import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RELATIONSHIP_STATUSES, type RelationshipStatus } from "#app/domain/investor.ts";
import {
  MIN_RECHECK_DAYS,
  NEWS_RATE_PRIOR,
  type SelectionCandidate,
  checkPriority,
  freshWeightWaiting,
  newsRatePerDay,
  selectInvestorsToCheck,
  selectionReason,
} from "#app/domain/selection.ts";

const now = new Date("2026-11-23T07:00:00Z");
const RUNS = { numRuns: 1_000 };
const CLOSED: RelationshipStatus[] = ["passed", "not_a_fit", "soft_committed", "committed"];

function daysAgo(days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

function candidate(id: number, overrides: Partial<SelectionCandidate> = {}): SelectionCandidate {
  return {
    id,
    relationship_status: "not_contacted",
    score: 40,
    signal_activity: null,
    signals_checked_at: daysAgo(10),
    last_contact_date: null,
    recent_news_count: 0,
    last_news_at: null,
    ...overrides,
  };
}

function select(candidates: SelectionCandidate[], creditBudget: number, creditsPerInvestor = 1) {
  return selectInvestorsToCheck(candidates, { now, creditBudget, creditsPerInvestor });
}

describe("selectInvestorsToCheck", () => {
  it("never selects passed, not-a-fit, soft committed or committed investors, and counts them", () => {
    const candidates = [
      ...CLOSED.map((status, index) => candidate(index + 1, { relationship_status: status, signals_checked_at: null, score: 100 })),
      candidate(10),
    ];
    const selection = select(candidates, 100);
    expect(selection.queue).toEqual([10]);
    expect(selection.skipped).toEqual({ closed: CLOSED.length, overBudget: 0, recentlyChecked: 0 });
  });

  it("stops exactly at the credit budget", () => {
    const candidates = Array.from({ length: 20 }, (_, index) => candidate(index + 1));
    const selection = select(candidates, 7);
    expect(selection.queue).toHaveLength(7);
    expect(selection.estimatedCredits).toBe(7);
    expect(selection.skipped.overBudget).toBe(13);
    expect(select(candidates, 0).queue).toEqual([]);
    expect(select(candidates, -5).queue).toEqual([]);
  });

  it("fits half as many investors when LinkedIn doubles the credits per check", () => {
    const candidates = Array.from({ length: 20 }, (_, index) => candidate(index + 1));
    expect(select(candidates, 10, 1).queue).toHaveLength(10);
    const withLinkedIn = select(candidates, 10, 2);
    expect(withLinkedIn.queue).toHaveLength(5);
    expect(withLinkedIn.estimatedCredits).toBe(10);
    // An odd budget leaves the last credit unspent rather than overspending.
    expect(select(candidates, 11, 2).estimatedCredits).toBe(10);
    // The first five are the same five, in the same order.
    expect(withLinkedIn.queue).toEqual(select(candidates, 10, 1).queue.slice(0, 5));
  });

  it("checks never-checked investors first among equals", () => {
    const candidates = [
      candidate(1, { signals_checked_at: daysAgo(40) }),
      candidate(2, { signals_checked_at: daysAgo(5) }),
      candidate(3, { signals_checked_at: null }),
      candidate(4, { signals_checked_at: daysAgo(12) }),
    ];
    expect(select(candidates, 10).queue).toEqual([3, 1, 4, 2]);
    expect(select(candidates, 1).queue).toEqual([3]);
  });

  it("breaks exact ties by id", () => {
    const candidates = [candidate(9), candidate(3), candidate(5)];
    expect(select(candidates, 10).queue).toEqual([3, 5, 9]);
  });

  it("prefers active conversations, prolific publishers and high scores, all else equal", () => {
    expect(select([candidate(1), candidate(2, { relationship_status: "in_conversation" })], 1).queue).toEqual([2]);
    expect(select([candidate(1), candidate(2, { recent_news_count: 4, last_news_at: daysAgo(2) })], 1).queue).toEqual([2]);
    expect(select([candidate(1, { score: 30 }), candidate(2, { score: 80 })], 1).queue).toEqual([2]);
    expect(select([candidate(1, { signal_activity: 10 }), candidate(2, { signal_activity: 90 })], 1).queue).toEqual([2]);
  });

  it("puts a prolific publisher checked 3 days ago ahead of a quiet investor unchecked for weeks", () => {
    const prolific = candidate(1, { signals_checked_at: daysAgo(3), recent_news_count: 8, last_news_at: daysAgo(3) });
    const quiet = candidate(2, { signals_checked_at: daysAgo(20), recent_news_count: 0 });
    expect(select([quiet, prolific], 1).queue).toEqual([1]);
  });

  it("does not spend a credit on an investor checked less than two days ago", () => {
    const candidates = [
      candidate(1, { signals_checked_at: daysAgo(0.5), recent_news_count: 20, relationship_status: "due_diligence" }),
      candidate(2, { signals_checked_at: daysAgo(MIN_RECHECK_DAYS - 0.01) }),
      candidate(3, { signals_checked_at: daysAgo(MIN_RECHECK_DAYS) }),
      // A check stamped in the future (clock skew) counts as just checked.
      candidate(4, { signals_checked_at: daysAgo(-1) }),
    ];
    const selection = select(candidates, 100);
    expect(selection.queue).toEqual([3]);
    expect(selection.skipped.recentlyChecked).toBe(3);
  });

  it("treats an unreadable check time as never checked", () => {
    const selection = select([candidate(1), candidate(2, { signals_checked_at: "not a date" })], 1);
    expect(selection.queue).toEqual([2]);
    expect(selection.reasons[2]).toBe("never checked");
  });

  it("checks an investor listed twice only once", () => {
    const selection = select([candidate(1), candidate(1, { relationship_status: "due_diligence" }), candidate(2)], 10);
    expect(selection.queue).toEqual([1, 2]);
    expect(selection.estimatedCredits).toBe(2);
  });

  it("gives a short reason for every queued investor", () => {
    const candidates = [
      candidate(1, { signals_checked_at: null }),
      candidate(2, { relationship_status: "in_conversation", signals_checked_at: daysAgo(6.5) }),
      candidate(3, { recent_news_count: 4, last_news_at: daysAgo(1), signals_checked_at: daysAgo(3) }),
      candidate(4, { score: 72, signals_checked_at: daysAgo(9) }),
      candidate(5, { score: 0, signals_checked_at: daysAgo(12) }),
      candidate(6, { relationship_status: "due_diligence", signals_checked_at: null }),
    ];
    const selection = select(candidates, 100);
    expect(selection.reasons).toEqual({
      1: "never checked",
      2: "in conversation; last checked 6 days ago",
      3: "publishes often (4 items in 30 days); last checked 3 days ago",
      4: "score 72, last checked 9 days ago",
      5: "last checked 12 days ago",
      6: "due diligence; never checked",
    });
    expect(
      Object.keys(selection.reasons)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...selection.queue].sort((a, b) => a - b));
  });

  it("is deterministic: the same answer for the same input in any order", () => {
    const candidates = Array.from({ length: 50 }, (_, index) =>
      candidate(index + 1, {
        relationship_status: RELATIONSHIP_STATUSES[index % RELATIONSHIP_STATUSES.length]!,
        score: (index * 37) % 101,
        signals_checked_at: index % 7 === 0 ? null : daysAgo((index * 3) % 25),
        recent_news_count: index % 5,
      }),
    );
    const first = select(candidates, 20);
    expect(select(candidates, 20)).toEqual(first);
    expect(select([...candidates].reverse(), 20)).toEqual(first);
  });

  it("refuses a check that costs nothing and a date that is not one", () => {
    expect(() => select([candidate(1)], 10, 0)).toThrow(RangeError);
    expect(() => selectInvestorsToCheck([candidate(1)], { now: new Date(Number.NaN), creditBudget: 10, creditsPerInvestor: 1 })).toThrow(
      RangeError,
    );
  });

  it("ranks 10,000 candidates quickly", () => {
    const candidates = Array.from({ length: 10_000 }, (_, index) =>
      candidate(index + 1, {
        relationship_status: RELATIONSHIP_STATUSES[index % RELATIONSHIP_STATUSES.length]!,
        score: index % 101,
        signals_checked_at: index % 11 === 0 ? null : daysAgo(index % 40),
        recent_news_count: index % 9,
      }),
    );
    select(candidates, 100);
    const started = performance.now();
    const selection = select(candidates, 100);
    expect(performance.now() - started).toBeLessThan(250);
    expect(selection.queue).toHaveLength(100);
  });
});

describe("the priority formula", () => {
  it("estimates the news rate from the prior until checks have watched the window", () => {
    expect(newsRatePerDay(candidate(1, { signals_checked_at: null }), now)).toBeCloseTo(NEWS_RATE_PRIOR.items / NEWS_RATE_PRIOR.days);
    // Checked just now, 4 items in 30 days: (0.5 + 4) / (15 + 30).
    expect(newsRatePerDay(candidate(1, { signals_checked_at: daysAgo(0), recent_news_count: 4 }), now)).toBeCloseTo(0.1);
    // Items are counted over at least a week of watching, however close to the window's edge.
    expect(newsRatePerDay(candidate(1, { signals_checked_at: daysAgo(29.5), recent_news_count: 2 }), now)).toBeCloseTo(2.5 / 22);
    expect(newsRatePerDay(candidate(1, { signals_checked_at: null, recent_news_count: 2 }), now)).toBeCloseTo(2.5 / 22);
    // Without a count, an item in the last 30 days counts as one.
    expect(newsRatePerDay(candidate(1, { recent_news_count: undefined, last_news_at: daysAgo(5) }), now)).toBeGreaterThan(
      newsRatePerDay(candidate(1, { recent_news_count: undefined, last_news_at: daysAgo(50) }), now),
    );
  });

  it("values waiting news more the staler the check, up to the 30-day search window", () => {
    expect(freshWeightWaiting(0)).toBe(0);
    expect(freshWeightWaiting(3)).toBeLessThan(freshWeightWaiting(7));
    expect(freshWeightWaiting(30)).toBeCloseTo(freshWeightWaiting(90));
    expect(freshWeightWaiting(null)).toBeCloseTo(freshWeightWaiting(30));
  });

  it("gives closed investors no priority", () => {
    for (const status of CLOSED) {
      expect(checkPriority(candidate(1, { relationship_status: status, signals_checked_at: null }), now)).toBe(0);
    }
  });

  it("the reason of an investor checked once says how long ago, in whole days", () => {
    expect(selectionReason(candidate(1, { score: 72, signals_checked_at: daysAgo(9.9) }), now)).toBe("score 72, last checked 9 days ago");
  });
});

/** Days as hundredths, so values spread evenly over the range (fc.double favours tiny magnitudes). */
function daysArb(min: number, max: number): fc.Arbitrary<number> {
  return fc.integer({ min: min * 100, max: max * 100 }).map((hundredths) => hundredths / 100);
}

const checkedAtArb = fc.oneof(fc.constant(null), fc.constant("garbage"), daysArb(-3, 120).map(daysAgo));

const candidateFieldsArb = fc.record({
  relationship_status: fc.constantFrom(...RELATIONSHIP_STATUSES),
  score: fc.integer({ min: 0, max: 100 }),
  signal_activity: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  signals_checked_at: checkedAtArb,
  last_contact_date: fc.option(
    fc.integer({ min: 0, max: 200 }).map((days) => daysAgo(days).slice(0, 10)),
    { nil: null },
  ),
  recent_news_count: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  last_news_at: fc.option(daysArb(0, 200).map(daysAgo), { nil: null }),
});

/** Ids drawn from a small range so duplicates happen. */
const candidatesArb: fc.Arbitrary<SelectionCandidate[]> = fc.array(
  fc.tuple(fc.integer({ min: 1, max: 40 }), candidateFieldsArb).map(([id, fields]) => ({ id, ...fields })),
  { maxLength: 60 },
);
const uniqueCandidatesArb: fc.Arbitrary<SelectionCandidate[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 100_000 }), { maxLength: 60 })
  .chain((ids) => fc.tuple(...ids.map((id) => candidateFieldsArb.map((fields) => ({ id, ...fields })))));

const optionsArb = fc.record({
  creditBudget: fc.oneof(fc.integer({ min: -5, max: 80 }), fc.double({ min: 0, max: 80, noNaN: true })),
  creditsPerInvestor: fc.constantFrom(1, 2),
});

describe("selection properties", () => {
  it("never exceeds the budget, never selects a closed investor, never repeats an id, never invents one", () => {
    fc.assert(
      fc.property(candidatesArb, optionsArb, (candidates, { creditBudget, creditsPerInvestor }) => {
        const selection = select(candidates, creditBudget, creditsPerInvestor);
        expect(selection.queue.length * creditsPerInvestor).toBeLessThanOrEqual(Math.max(0, creditBudget));
        expect(selection.estimatedCredits).toBe(selection.queue.length * creditsPerInvestor);
        expect(new Set(selection.queue).size).toBe(selection.queue.length);
        const byId = new Map<number, SelectionCandidate[]>();
        for (const item of candidates) byId.set(item.id, [...(byId.get(item.id) ?? []), item]);
        for (const id of selection.queue) {
          const rows = byId.get(id);
          expect(rows).toBeDefined();
          expect(rows!.some((row) => !CLOSED.includes(row.relationship_status))).toBe(true);
          expect(typeof selection.reasons[id]).toBe("string");
          expect(selection.reasons[id]!.length).toBeGreaterThan(0);
        }
        expect(Object.keys(selection.reasons)).toHaveLength(selection.queue.length);
      }),
      RUNS,
    );
  });

  it("accounts for every candidate and fills the budget when enough are eligible", () => {
    fc.assert(
      fc.property(uniqueCandidatesArb, optionsArb, (candidates, { creditBudget, creditsPerInvestor }) => {
        const selection = select(candidates, creditBudget, creditsPerInvestor);
        const { closed, overBudget, recentlyChecked } = selection.skipped;
        expect(selection.queue.length + closed + overBudget + recentlyChecked).toBe(candidates.length);
        expect(closed).toBe(candidates.filter((item) => CLOSED.includes(item.relationship_status)).length);
        const capacity = Math.max(0, Math.floor(creditBudget / creditsPerInvestor));
        expect(selection.queue.length).toBe(Math.min(capacity, selection.queue.length + overBudget));
      }),
      RUNS,
    );
  });

  it("queues by priority, and a bigger budget only adds to the end of the queue", () => {
    fc.assert(
      fc.property(uniqueCandidatesArb, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), (candidates, small, extra) => {
        const smaller = select(candidates, small);
        const bigger = select(candidates, small + extra);
        expect(bigger.queue.slice(0, smaller.queue.length)).toEqual(smaller.queue);
        const priorities = bigger.queue.map((id) => checkPriority(candidates.find((item) => item.id === id)!, now));
        for (let index = 1; index < priorities.length; index++) {
          expect(priorities[index]!).toBeLessThanOrEqual(priorities[index - 1]!);
        }
      }),
      RUNS,
    );
  });

  it("never lowers the priority of an investor as its last check grows older", () => {
    fc.assert(
      fc.property(candidateFieldsArb, daysArb(0, 100), daysArb(0, 100), (fields, younger, extra) => {
        const base = { id: 1, ...fields, recent_news_count: fields.recent_news_count ?? 0 };
        const fresh = checkPriority({ ...base, signals_checked_at: daysAgo(younger) }, now);
        const stale = checkPriority({ ...base, signals_checked_at: daysAgo(younger + extra) }, now);
        expect(stale).toBeGreaterThanOrEqual(fresh * (1 - 1e-12));
      }),
      RUNS,
    );
  });

  it("never lowers the priority of an investor as more recent news is seen", () => {
    fc.assert(
      fc.property(candidateFieldsArb, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 10 }), (fields, count, more) => {
        const base = { id: 1, ...fields };
        const fewer = checkPriority({ ...base, recent_news_count: count }, now);
        const moreNews = checkPriority({ ...base, recent_news_count: count + more }, now);
        expect(moreNews).toBeGreaterThanOrEqual(fewer);
      }),
      RUNS,
    );
  });
});

describe("grouped searches (sweeps)", () => {
  const sweep = { size: 5, recall: 0.6 };

  it("never exceeds the budget, never repeats or invents an id, never sweeps a closed investor", () => {
    fc.assert(
      fc.property(candidatesArb, optionsArb, (candidates, { creditBudget, creditsPerInvestor }) => {
        const selection = selectInvestorsToCheck(candidates, { now, creditBudget, creditsPerInvestor, sweep });
        const spent = selection.queue.length * creditsPerInvestor + selection.sweeps.length;
        expect(spent).toBeLessThanOrEqual(Math.max(0, creditBudget));
        expect(selection.estimatedCredits).toBe(spent);
        const all = [...selection.queue, ...selection.sweeps.flat()];
        expect(new Set(all).size).toBe(all.length);
        for (const group of selection.sweeps) {
          expect(group.length).toBeGreaterThanOrEqual(1);
          expect(group.length).toBeLessThanOrEqual(sweep.size);
        }
        for (const id of all) {
          const rows = candidates.filter((item) => item.id === id);
          expect(rows.some((row) => !CLOSED.includes(row.relationship_status))).toBe(true);
          expect(selection.reasons[id]).toBeTruthy();
        }
      }),
      RUNS,
    );
  });

  it("covers everyone when the budget allows: the most promising alone, the rest five to a search", () => {
    const candidates = Array.from({ length: 274 }, (_, index) =>
      candidate(index + 1, { recent_news_count: index < 30 ? 6 : 0, signals_checked_at: daysAgo(3) }),
    );
    const selection = selectInvestorsToCheck(candidates, { now, creditBudget: 100, creditsPerInvestor: 1, sweep });
    expect(selection.queue.length + selection.sweeps.flat().length).toBe(274);
    expect(selection.queue.length + selection.sweeps.length).toBeLessThanOrEqual(100);
    // The frequent publishers are searched alone.
    for (let id = 1; id <= 30; id++) expect(selection.queue).toContain(id);
    expect(selection.reasons[selection.sweeps[0]![0]!]).toMatch(/^searched with 4 others/);
  });

  it("checks alone only when there is nothing to gain from grouping", () => {
    const candidates = Array.from({ length: 10 }, (_, index) => candidate(index + 1));
    const selection = selectInvestorsToCheck(candidates, { now, creditBudget: 100, creditsPerInvestor: 1, sweep });
    expect(selection.queue).toHaveLength(10);
    expect(selection.sweeps).toEqual([]);
  });
});

describe("grouped searches keep active conversations first", () => {
  const sweep = { size: 5, recall: 0.6 };

  it("checks active conversations alone even among 10,000 never-checked investors", () => {
    const candidates = [
      ...Array.from({ length: 20 }, (_, index) =>
        candidate(index + 1, { relationship_status: "in_conversation", signals_checked_at: daysAgo(4) }),
      ),
      ...Array.from({ length: 10_000 }, (_, index) => candidate(index + 100, { signals_checked_at: null })),
    ];
    const selection = selectInvestorsToCheck(candidates, { now, creditBudget: 100, creditsPerInvestor: 1, sweep });
    for (let id = 1; id <= 20; id++) expect(selection.queue).toContain(id);
    expect(selection.queue.length + selection.sweeps.length).toBeLessThanOrEqual(100);
  });

  it("searches LinkedIn for the investors checked alone, and does not drop the last one to an odd budget", () => {
    const candidates = [1, 2, 3].map((id) => candidate(id));
    const selection = selectInvestorsToCheck(candidates, { now, creditBudget: 5, creditsPerInvestor: 2, sweep });
    expect(selection.queue.length + selection.sweeps.flat().length).toBe(3);
    expect(selection.queue.length * 2 + selection.sweeps.length).toBeLessThanOrEqual(5);
    expect(selection.queue.length).toBeGreaterThan(0);
  });
});
