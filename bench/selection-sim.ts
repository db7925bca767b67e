/**
 * Does the refresh selection spend search credits where the news is?
 *
 * A synthetic 8-week news timeline for 300 investors (seeded, so every run prints the same
 * figures) is replayed against refreshes on Monday and Thursday at 07:00 UTC. Each refresh calls
 * the real `selectInvestorsToCheck` with only what earlier checks found (never the hidden
 * timeline); a check finds every event of that investor published in the 30 days before it and
 * not found yet. The figures are compared with checking every open investor at every refresh,
 * with a stalest-first rotation on the same budget, and with an oracle that knows the true news
 * rates (a ceiling, not something the app could do).
 *
 * Run: `node bench/selection-sim.ts` (prints), or import `runSelectionSimulation()`.
 */
import type { RelationshipStatus } from "#app/domain/investor.ts";
import { DEFAULT_RULES, type EvidenceForScoring, decayWeight, scoreInvestor } from "#app/domain/scoring.ts";
import { mulberry32 } from "#app/domain/random.ts";
import { isClosedStatus } from "#app/domain/vocabulary.ts";
import {
  SEARCH_WINDOW_DAYS,
  type SelectionCandidate,
  checkImportance,
  freshWeightWaiting,
  selectInvestorsToCheck,
} from "#app/domain/selection.ts";

const DAY_MS = 86_400_000;

/** Tavily's free tier, and refreshes on Monday and Thursday: 2 × 52 / 12 ≈ 8.67 a month. */
export const TAVILY_FREE_CREDITS_PER_MONTH = 1_000;
export const REFRESHES_PER_MONTH = (2 * 52) / 12;
/** The per-refresh budget: 100 × 8.67 ≈ 867 credits a month, inside the free tier. */
export const REFRESH_CREDIT_BUDGET = 100;
export const SENSITIVITY_BUDGETS = [60, 100, 115, 170] as const;

const INVESTORS = 300;
const WEEKS = 8;
const TIMELY_DAYS = 4;
const SEED = 20_260_105;
/** First refresh: Monday 5 January 2026, 07:00 UTC (docs/product.md#integrations: REFRESH_CRON 0 7 * * 1,4). */
const FIRST_REFRESH = Date.UTC(2026, 0, 5, 7);

type EventKind = "new_fund" | "lead_deal" | "departure" | "blog_post";
const EVENT_KINDS: ReadonlyArray<{ kind: EventKind; weight: number; important: boolean }> = [
  { kind: "new_fund", weight: 0.05, important: true },
  { kind: "lead_deal", weight: 0.3, important: true },
  { kind: "departure", weight: 0.1, important: true },
  { kind: "blog_post", weight: 0.55, important: false },
];
const EVIDENCE_CATEGORY = {
  new_fund: "new_fund",
  lead_deal: "deal",
  departure: "hire_or_departure",
  blog_post: "thesis_or_content",
} as const;
const EVIDENCE_RELEVANCE: Record<EventKind, number> = { new_fund: 0.9, lead_deal: 0.8, departure: 0.6, blog_post: 0.4 };

/** A pipeline a few weeks into a round; about 11% closed. */
const STATUS_SPREAD: ReadonlyArray<{ status: RelationshipStatus; weight: number }> = [
  { status: "not_contacted", weight: 0.45 },
  { status: "researching", weight: 0.12 },
  { status: "intro_requested", weight: 0.07 },
  { status: "contacted", weight: 0.11 },
  { status: "in_conversation", weight: 0.08 },
  { status: "meeting_scheduled", weight: 0.04 },
  { status: "due_diligence", weight: 0.02 },
  { status: "committed", weight: 0.03 },
  { status: "passed", weight: 0.06 },
  { status: "not_a_fit", weight: 0.02 },
];

/** Publishing habits: events per day (each investor's own rate is jittered ±50%). */
const PUBLISHING_TIERS = [
  { tier: "often", share: 0.1, perDay: 2 / 7 },
  { tier: "rarely", share: 0.8, perDay: 1 / 60 },
  { tier: "never", share: 0.1, perDay: 0 },
] as const;

function pick<T extends { weight: number }>(items: readonly T[], random: () => number): T {
  let roll = random() * items.reduce((sum, item) => sum + item.weight, 0);
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]!;
}

type NewsEvent = { publishedAt: number; kind: EventKind; important: boolean; foundAt: number | null };
type SimInvestor = {
  id: number;
  status: RelationshipStatus;
  lastContactDate: string | null;
  tier: (typeof PUBLISHING_TIERS)[number]["tier"];
  /** Hidden truth: only the timeline and the oracle read it. */
  trueRatePerDay: number;
  fit: number;
  events: NewsEvent[];
  // What the app knows, from checks alone:
  checkedAt: number | null;
  score: number;
  activity: number | null;
};

function buildTimeline(seed: number): { investors: SimInvestor[]; refreshes: number[] } {
  const random = mulberry32(seed);
  const refreshes: number[] = [];
  for (let week = 0; week < WEEKS; week++) {
    refreshes.push(FIRST_REFRESH + week * 7 * DAY_MS, FIRST_REFRESH + (week * 7 + 3) * DAY_MS);
  }
  const historyStart = FIRST_REFRESH - SEARCH_WINDOW_DAYS * DAY_MS;
  const end = refreshes[refreshes.length - 1]!;

  const investors: SimInvestor[] = [];
  for (let id = 1; id <= INVESTORS; id++) {
    const status = pick(STATUS_SPREAD, random).status;
    const tierRoll = random();
    const tier = tierRoll < 0.1 ? PUBLISHING_TIERS[0] : tierRoll < 0.9 ? PUBLISHING_TIERS[1] : PUBLISHING_TIERS[2];
    const trueRatePerDay = tier.perDay * (0.5 + random());
    const events: NewsEvent[] = [];
    if (trueRatePerDay > 0) {
      let at = historyStart;
      for (;;) {
        at += (-Math.log(1 - random()) / trueRatePerDay) * DAY_MS;
        if (at > end) break;
        const kind = pick(EVENT_KINDS, random);
        events.push({ publishedAt: at, kind: kind.kind, important: kind.important, foundAt: null });
      }
    }
    const contacted = ["contacted", "in_conversation", "meeting_scheduled", "due_diligence", "committed", "passed"].includes(status);
    const lastContactDate = contacted ? new Date(FIRST_REFRESH - Math.floor(1 + random() * 20) * DAY_MS).toISOString().slice(0, 10) : null;
    investors.push({
      id,
      status,
      lastContactDate,
      tier: tier.tier,
      trueRatePerDay,
      fit: Math.round(20 + random() * 70),
      events,
      checkedAt: null,
      score: 0,
      activity: null,
    });
  }
  return { investors, refreshes };
}

/** What the database would hold about one investor: only the events checks have found. */
function foundEvidence(investor: SimInvestor): Array<EvidenceForScoring & { kind: EventKind }> {
  return investor.events
    .filter((event) => event.foundAt !== null)
    .map((event) => ({
      kind: event.kind,
      published_at: new Date(event.publishedAt).toISOString(),
      found_at: new Date(event.foundAt!).toISOString(),
      category: EVIDENCE_CATEGORY[event.kind],
      relevance: EVIDENCE_RELEVANCE[event.kind],
    }));
}

/** Re-score from found evidence with today's decay (the daily re-score of docs/product.md#scoring-and-actions). */
function rescore(investor: SimInvestor, now: Date): void {
  const evidence = foundEvidence(investor);
  if (investor.checkedAt !== null) {
    // Activity as a refresh would judge it: decayed new funds and deals, full at two fresh ones.
    const deploying = evidence
      .filter((item) => item.kind === "new_fund" || item.kind === "lead_deal")
      .reduce((sum, item) => sum + decayWeight((now.getTime() - Date.parse(item.published_at!)) / DAY_MS, DEFAULT_RULES.halfLifeDays), 0);
    investor.activity = Math.round(Math.min(1, deploying / 2) * 100);
  }
  investor.score = scoreInvestor(
    {
      relationship_status: investor.status,
      last_contact_date: investor.lastContactDate,
      signal_activity: investor.activity,
      // The declared profile is matched from the day of the import (fit known from day one).
      signal_fit: investor.fit,
      signal_red_flag: null,
    },
    evidence,
    now,
  ).score;
}

function toCandidate(investor: SimInvestor, now: number): SelectionCandidate {
  let recent = 0;
  let newest: number | null = null;
  for (const event of investor.events) {
    if (event.foundAt === null) continue;
    if (event.publishedAt >= now - SEARCH_WINDOW_DAYS * DAY_MS) recent++;
    if (newest === null || event.publishedAt > newest) newest = event.publishedAt;
  }
  return {
    id: investor.id,
    relationship_status: investor.status,
    score: investor.score,
    signal_activity: investor.activity,
    signals_checked_at: investor.checkedAt === null ? null : new Date(investor.checkedAt).toISOString(),
    last_contact_date: investor.lastContactDate,
    recent_news_count: recent,
    last_news_at: newest === null ? null : new Date(newest).toISOString(),
  };
}

/** A search at `now`: every event of the last 30 days not found before. */
function check(investor: SimInvestor, now: number): void {
  for (const event of investor.events) {
    if (event.foundAt === null && event.publishedAt <= now && event.publishedAt >= now - SEARCH_WINDOW_DAYS * DAY_MS) {
      event.foundAt = now;
    }
  }
  investor.checkedAt = now;
}

type Strategy = {
  name: string;
  choose: (investors: SimInvestor[], now: number, budget: number) => number[] | { queue: number[]; sweeps: number[][] };
};

/** How much of a quiet investor's news one grouped query finds (an assumption; see decision 007). */
export const SWEEP_SIZE = 5;
export const SWEEP_RECALL_PLANNED = 0.6;
let sweepRecallTrue = 0.6;
/** Days a grouped query looks back: news since the previous refresh, with margin. */
const SWEEP_WINDOW_DAYS = 7;

/** A grouped query at `now`: each member's unfound news of the last week, each found with the true recall. */
function sweepCheck(members: SimInvestor[], now: number, random: () => number): void {
  for (const investor of members) {
    for (const event of investor.events) {
      if (event.foundAt === null && event.publishedAt <= now && event.publishedAt >= now - SWEEP_WINDOW_DAYS * DAY_MS) {
        if (random() < sweepRecallTrue) event.foundAt = now;
      }
    }
    investor.checkedAt = now;
  }
}

const STRATEGIES = {
  priority: {
    name: "the app: priority + grouped searches",
    choose: (investors, now, budget) =>
      selectInvestorsToCheck(
        investors.map((investor) => toCandidate(investor, now)),
        { now: new Date(now), creditBudget: budget, creditsPerInvestor: 1, sweep: { size: SWEEP_SIZE, recall: SWEEP_RECALL_PLANNED } },
      ),
  },
  alone: {
    name: "priority, one investor a search",
    choose: (investors, now, budget) =>
      selectInvestorsToCheck(
        investors.map((investor) => toCandidate(investor, now)),
        { now: new Date(now), creditBudget: budget, creditsPerInvestor: 1 },
      ).queue,
  },
  everyone: {
    name: "check every open investor",
    choose: (investors) => investors.filter((investor) => !isClosedStatus(investor.status)).map((investor) => investor.id),
  },
  stalest: {
    name: "stalest first, same budget",
    choose: (investors, _now, budget) =>
      investors
        .filter((investor) => !isClosedStatus(investor.status))
        .sort((a, b) => (a.checkedAt ?? -Infinity) - (b.checkedAt ?? -Infinity) || a.id - b.id)
        .slice(0, budget)
        .map((investor) => investor.id),
  },
  oracle: {
    name: "oracle: knows true news rates",
    choose: (investors, now, budget) =>
      investors
        .filter((investor) => !isClosedStatus(investor.status))
        .map((investor) => {
          const candidate = toCandidate(investor, now);
          const since = investor.checkedAt === null ? null : (now - investor.checkedAt) / DAY_MS;
          return { id: investor.id, value: checkImportance(candidate) * investor.trueRatePerDay * freshWeightWaiting(since) };
        })
        .sort((a, b) => b.value - a.value || a.id - b.id)
        .slice(0, budget)
        .map((entry) => entry.id),
  },
} satisfies Record<string, Strategy>;
export type StrategyKey = keyof typeof STRATEGIES;

export type StrategyResult = {
  strategy: string;
  budgetPerRefresh: number | null;
  refreshes: number;
  credits: number;
  creditsPerMonth: number;
  /** Share of the credits of checking every open investor at every refresh. */
  creditShare: number;
  importantEvents: number;
  /** Important events found within 4 days of publication. */
  importantTimelyShare: number;
  /** The same, for events published from week 3 on, once every investor has been checked once. */
  importantTimelyShareSettled: number;
  /** Important events found by the end of the 8 weeks. */
  importantFoundShare: number;
  /** Important events of investors in active conversations found within 4 days. */
  activeImportantTimelyShare: number;
  /** Important events found within 4 days, by the investor's (hidden) publishing habit. */
  timelyShareByHabit: { often: number; rarely: number };
};

const ACTIVE_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["contacted", "in_conversation", "meeting_scheduled", "due_diligence"]);
const SETTLED_FROM_REFRESH = 4; // Monday of week 3

function share<T>(items: readonly T[], keep: (item: T) => boolean): number {
  return items.length === 0 ? 0 : items.filter(keep).length / items.length;
}

function simulate(key: StrategyKey, budget: number, seed: number): StrategyResult {
  const { investors, refreshes } = buildTimeline(seed);
  const byId = new Map(investors.map((investor) => [investor.id, investor]));
  const strategy: Strategy = STRATEGIES[key];
  let credits = 0;
  const random = mulberry32(seed ^ 0x5eed);
  for (const now of refreshes) {
    for (const investor of investors) rescore(investor, new Date(now));
    const chosen = strategy.choose(investors, now, budget);
    const { queue, sweeps } = Array.isArray(chosen) ? { queue: chosen, sweeps: [] as number[][] } : chosen;
    credits += queue.length + sweeps.length;
    for (const id of queue) check(byId.get(id)!, now);
    for (const group of sweeps)
      sweepCheck(
        group.map((id) => byId.get(id)!),
        now,
        random,
      );
  }

  const open = investors.filter((investor) => !isClosedStatus(investor.status));
  const first = refreshes[0]!;
  const settled = refreshes[SETTLED_FROM_REFRESH]!;
  const last = refreshes[refreshes.length - 1]!;
  const measured = (investor: SimInvestor) =>
    investor.events.filter((event) => event.important && event.publishedAt > first && event.publishedAt <= last);
  const important = open.flatMap(measured);
  const timely = (event: NewsEvent) => event.foundAt !== null && event.foundAt - event.publishedAt <= TIMELY_DAYS * DAY_MS;
  const everyoneCredits = open.length * refreshes.length;
  return {
    strategy: strategy.name,
    budgetPerRefresh: key === "everyone" ? null : budget,
    refreshes: refreshes.length,
    credits,
    creditsPerMonth: (credits / refreshes.length) * REFRESHES_PER_MONTH,
    creditShare: credits / everyoneCredits,
    importantEvents: important.length,
    importantTimelyShare: share(important, timely),
    importantTimelyShareSettled: share(
      important.filter((event) => event.publishedAt > settled),
      timely,
    ),
    importantFoundShare: share(important, (event) => event.foundAt !== null),
    activeImportantTimelyShare: share(open.filter((investor) => ACTIVE_STATUSES.has(investor.status)).flatMap(measured), timely),
    timelyShareByHabit: {
      often: share(open.filter((investor) => investor.tier === "often").flatMap(measured), timely),
      rarely: share(open.filter((investor) => investor.tier === "rarely").flatMap(measured), timely),
    },
  };
}

export type SelectionSimulation = {
  seed: number;
  investors: number;
  openInvestors: number;
  closedInvestors: number;
  closedImportantEventsExcluded: number;
  refreshCreditBudget: number;
  /** Share of the measured important events published by the 10% who publish often. */
  importantShareFromFrequentPublishers: number;
  results: StrategyResult[];
  sensitivity: StrategyResult[];
  /** The app's strategy when grouped searches find 40 % or 80 % of quiet investors' news, not the 60 % planned. */
  recallSensitivity: StrategyResult[];
  /** The main budget replayed on other timelines, so one lucky seed cannot carry the verdict. */
  acrossSeeds: {
    seeds: number;
    priority: { mean: number; min: number; max: number };
    oracle: { mean: number };
  };
  goal: { timelyShare: number; maxCreditShare: number; met: boolean };
};

const OTHER_SEEDS = 20;

export function runSelectionSimulation(seed = SEED): SelectionSimulation {
  const { investors, refreshes } = buildTimeline(seed);
  const first = refreshes[0]!;
  const last = refreshes[refreshes.length - 1]!;
  const closed = investors.filter((investor) => isClosedStatus(investor.status));
  const open = investors.filter((investor) => !isClosedStatus(investor.status));
  const inWindow = (event: NewsEvent) => event.important && event.publishedAt > first && event.publishedAt <= last;
  const openImportant = open.flatMap((investor) => investor.events.filter(inWindow).map(() => investor.tier));

  const results = (["everyone", "stalest", "alone", "oracle", "priority"] as const).map((key) =>
    simulate(key, REFRESH_CREDIT_BUDGET, seed),
  );
  const sensitivity = SENSITIVITY_BUDGETS.map((budget) => simulate("priority", budget, seed));
  // The grouped search's real recall is an assumption until measured against Tavily: replay it.
  const recallSensitivity = [0.4, 0.8].map((recall) => {
    sweepRecallTrue = recall;
    const result = simulate("priority", REFRESH_CREDIT_BUDGET, seed);
    sweepRecallTrue = SWEEP_RECALL_PLANNED;
    return { ...result, strategy: `${result.strategy}, true recall ${recall}` };
  });

  const seeds = Array.from({ length: OTHER_SEEDS }, (_, index) => seed + 7_919 * (index + 1));
  const priorityShares = seeds.map((other) => simulate("priority", REFRESH_CREDIT_BUDGET, other).importantTimelyShare);
  const oracleShares = seeds.map((other) => simulate("oracle", REFRESH_CREDIT_BUDGET, other).importantTimelyShare);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

  const ours = results.find((result) => result.strategy === STRATEGIES.priority.name)!;
  const goal = { timelyShare: 0.9, maxCreditShare: 0.4, met: false };
  goal.met = ours.importantTimelyShare >= goal.timelyShare && ours.creditShare <= goal.maxCreditShare;
  return {
    seed,
    investors: investors.length,
    openInvestors: open.length,
    closedInvestors: closed.length,
    closedImportantEventsExcluded: closed.flatMap((investor) => investor.events.filter(inWindow)).length,
    refreshCreditBudget: REFRESH_CREDIT_BUDGET,
    importantShareFromFrequentPublishers: share(openImportant, (tier) => tier === "often"),
    results,
    sensitivity,
    recallSensitivity,
    acrossSeeds: {
      seeds: OTHER_SEEDS,
      priority: { mean: mean(priorityShares), min: Math.min(...priorityShares), max: Math.max(...priorityShares) },
      oracle: { mean: mean(oracleShares) },
    },
    goal,
  };
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function printTable(rows: StrategyResult[]): void {
  const header = [
    "strategy",
    "budget/refresh",
    "credits (8 wk)",
    "credits/month",
    "vs everyone",
    "important ≤4 d",
    "≤4 d, wk 3–8",
    "found at all",
    "active conv. ≤4 d",
    "often-publishers ≤4 d",
    "rare-publishers ≤4 d",
  ];
  const lines = rows.map((row) => [
    row.strategy,
    row.budgetPerRefresh === null ? "—" : String(row.budgetPerRefresh),
    String(row.credits),
    row.creditsPerMonth.toFixed(0),
    percent(row.creditShare),
    percent(row.importantTimelyShare),
    percent(row.importantTimelyShareSettled),
    percent(row.importantFoundShare),
    percent(row.activeImportantTimelyShare),
    percent(row.timelyShareByHabit.often),
    percent(row.timelyShareByHabit.rarely),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  console.log(`    ${format(header)}`);
  for (const line of lines) console.log(`    ${format(line)}`);
}

export function printSimulation(sim: SelectionSimulation): void {
  const ours = sim.results.find((result) => result.strategy === STRATEGIES.priority.name)!;
  console.log("(f) refresh selection: 8 weeks of synthetic news, refreshes Mon + Thu 07:00 UTC, empty database at the start");
  console.log(
    `    ${sim.investors} investors (seed ${sim.seed}); ${sim.closedInvestors} closed (committed/passed/not a fit) are never checked, ` +
      `so their ${sim.closedImportantEventsExcluded} important events are excluded from every denominator.`,
  );
  console.log(
    `    ${ours.importantEvents} important events (new fund, lead deal, departure; blog posts not counted) of ${sim.openInvestors} open ` +
      `investors, ${percent(sim.importantShareFromFrequentPublishers)} of them from the 10% who publish often.`,
  );
  console.log(
    `    REFRESH_CREDIT_BUDGET ${sim.refreshCreditBudget} × ${REFRESHES_PER_MONTH.toFixed(2)} refreshes/month = ` +
      `${(sim.refreshCreditBudget * REFRESHES_PER_MONTH).toFixed(0)} credits/month (Tavily free tier: ${TAVILY_FREE_CREDITS_PER_MONTH}; ` +
      `the most that fits is ${Math.floor(TAVILY_FREE_CREDITS_PER_MONTH / REFRESHES_PER_MONTH)}/refresh).\n`,
  );
  printTable(sim.results);
  console.log("\n    Sensitivity to the budget (the app's strategy, same timeline):");
  printTable(sim.sensitivity);
  console.log(
    `\n    Sensitivity to the grouped search's recall (planned ${SWEEP_RECALL_PLANNED}: a ${SWEEP_SIZE}-name news query finds that share of each named quiet investor's news of the past ${SWEEP_WINDOW_DAYS} days; an assumption until measured):`,
  );
  printTable(sim.recallSensitivity);
  const { acrossSeeds } = sim;
  console.log(
    `\n    On ${acrossSeeds.seeds} other timelines at ${sim.refreshCreditBudget}/refresh: priority finds ${percent(acrossSeeds.priority.mean)} ` +
      `of important events within ${TIMELY_DAYS} days on average (${percent(acrossSeeds.priority.min)}–${percent(acrossSeeds.priority.max)}); ` +
      `the oracle ${percent(acrossSeeds.oracle.mean)}.`,
  );
  console.log(
    `    Goal: ≥ ${percent(sim.goal.timelyShare)} of important events found within ${TIMELY_DAYS} days with ≤ ${percent(sim.goal.maxCreditShare)} ` +
      `of the credits of checking everyone: ${sim.goal.met ? "met" : "NOT met"} ` +
      `(${percent(ours.importantTimelyShare)} with ${percent(ours.creditShare)}).`,
  );
  if (!sim.goal.met) {
    console.log(
      `    Why: ${percent(1 - sim.importantShareFromFrequentPublishers)} of important events come from investors who publish about ` +
        "once in two months, at random times. A check finds such an event within 4 days only if the event fell in the 4 days " +
        "before it, so every credit spent on them buys at most 4 days of their news, whatever the formula. The oracle row, " +
        "which knows every true rate, is a practical ceiling for this budget; the sensitivity rows show what more credits buy.",
    );
  }
}

if (import.meta.filename === process.argv[1]) {
  printSimulation(runSelectionSimulation());
}
