import { DEFAULT_RULES, IN_PROCESS_STATUSES } from "./scoring.ts";
import { type RelationshipStatus, STATUS_LABELS, isClosedStatus } from "./investor.ts";

/**
 * Which investors a refresh checks (docs/product.md#the-refresh, #integrations): every check costs search credits, so a refresh
 * spends its `REFRESH_CREDIT_BUDGET` where news is most likely to be waiting and most worth
 * finding. Pure: no database, no clock (pass `now`), no network.
 *
 * The priority of an investor is the expected value of checking them now:
 *
 *   priority = importance × newsRatePerDay × freshWeightWaiting(days since the last check)
 *
 * - `newsRatePerDay` estimates how often the investor is in the news: a Gamma–Poisson posterior
 *   mean, (prior items + items seen) / (prior days + days watched), so a new investor starts at
 *   about one item a month and a few checks are enough to tell a prolific fund from a quiet angel.
 * - `freshWeightWaiting` is how much decayed evidence weight (the same 14-day half-life that
 *   scoring uses) an investor publishing one item a day would have accumulated, unseen, since the
 *   last check, within the 30-day search window. It grows with staleness but saturates: news
 *   found a month late is worth little, and a search cannot see further back anyway.
 * - `importance` is the relationship status (active conversations count double) times a factor
 *   from the score or activity signal, whichever is higher.
 *
 * Investors checked less than `MIN_RECHECK_DAYS` ago are not worth a credit: even the most
 * prolific publisher has had barely any news since. Closed investors are never checked.
 */

export type SelectionCandidate = {
  id: number;
  relationship_status: RelationshipStatus;
  score: number;
  signal_activity: number | null;
  signals_checked_at: string | null;
  last_contact_date: string | null;
  /** Evidence rows published in the last 30 days. */
  recent_news_count?: number;
  /** The newest evidence's published_at (else found_at). */
  last_news_at?: string | null;
};

export type Selection = {
  /** Investor ids in the order the refresh should check them. */
  queue: number[];
  /**
   * Groups of quieter investors searched together, one credit a group: one news query naming them
   * all. Empty unless `sweep` is passed.
   */
  sweeps: number[][];
  /** A short human reason per queued id ("never checked", "in conversation; last checked 6 days ago"). */
  reasons: Record<number, string>;
  estimatedCredits: number;
  skipped: { closed: number; overBudget: number; recentlyChecked: number };
};

export type SelectionOptions = {
  now: Date;
  creditBudget: number;
  /** 1 for a news search, 2 with the LinkedIn search as well. */
  creditsPerInvestor: number;
  /**
   * Sweep quieter investors in groups of `size` names per query, with the share of their news a
   * grouped query is expected to find (`recall`), when that buys more news per credit than
   * checking the next investor alone.
   */
  sweep?: { size: number; recall: number };
};

const DAY_MS = 86_400_000;

/** How far back one search looks (docs/product.md#who-it-is-for: news from the last 30 days). */
export const SEARCH_WINDOW_DAYS = 30;
/** A check younger than this is not worth a credit. */
export const MIN_RECHECK_DAYS = 2;
/** The prior of the news rate: as if we had watched for 15 days and seen half an item (≈ 1 a month). */
export const NEWS_RATE_PRIOR = { items: 0.5, days: 15 } as const;
/** Items are never counted over fewer watched days than this (see `newsRatePerDay`). */
export const MIN_WATCHED_DAYS = 7;
/** With grouped searches, the share of the searches kept for active conversations, alone. */
export const ACTIVE_SHARE = 0.2;
/** At or above this many items in 30 days the reason says "publishes often". */
export const PUBLISHES_OFTEN_ITEMS = 3;

/** How much news about an investor matters to the founder now, by relationship status. */
export const STATUS_WEIGHT: Record<RelationshipStatus, number> = {
  not_contacted: 1,
  researching: 1,
  intro_requested: 1.25,
  contacted: 2,
  in_conversation: 2,
  meeting_scheduled: 2,
  due_diligence: 2,
  soft_committed: 0,
  committed: 0,
  passed: 0,
  not_a_fit: 0,
};

/** Days from an ISO time to `now` (fractional, never negative); null when absent or unreadable. */
function daysBetween(iso: string | null | undefined, now: Date): number | null {
  if (!iso) return null;
  const stamp = Date.parse(iso);
  if (Number.isNaN(stamp)) return null;
  return Math.max(0, (now.getTime() - stamp) / DAY_MS);
}

/** Days since the last check, or null if never checked (an unreadable stamp counts as never). */
export function daysSinceChecked(candidate: Pick<SelectionCandidate, "signals_checked_at">, now: Date): number | null {
  return daysBetween(candidate.signals_checked_at, now);
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** Items seen in the last 30 days: the count if given, else 1 if the newest item is that recent. */
function recentItems(candidate: SelectionCandidate, now: Date): number {
  if (candidate.recent_news_count !== undefined) return Math.max(0, finiteOr(candidate.recent_news_count, 0));
  const age = daysBetween(candidate.last_news_at, now);
  return age !== null && age <= SEARCH_WINDOW_DAYS ? 1 : 0;
}

/**
 * Estimated news items per day. The last check saw the whole 30-day window behind it, so the
 * items published in the last 30 days were watched for (30 − days since that check) days; an
 * investor never checked (or checked longer ago than the window) has only the prior to go on.
 * Never decreases as the last check grows older, nor as more news is seen.
 */
export function newsRatePerDay(candidate: SelectionCandidate, now: Date): number {
  const items = recentItems(candidate, now);
  const sinceCheck = daysSinceChecked(candidate, now);
  let watched = sinceCheck === null ? 0 : Math.max(0, SEARCH_WINDOW_DAYS - sinceCheck);
  // A few items over a day or two of watching (a check at the edge of the window, undated items
  // stamped with the time they were found, evidence from an import) say little about a rate:
  // count them over at least a week rather than let the estimate explode.
  if (items > 0) watched = Math.max(watched, MIN_WATCHED_DAYS);
  return (NEWS_RATE_PRIOR.items + items) / (NEWS_RATE_PRIOR.days + watched);
}

/**
 * ∫₀^d 0.5^(a/h) da for d = days since the last check capped at the search window (never
 * checked = the whole window): the decayed weight of one item a day published since that check.
 */
export function freshWeightWaiting(daysSinceCheck: number | null, halfLifeDays = DEFAULT_RULES.halfLifeDays): number {
  const days = daysSinceCheck === null ? SEARCH_WINDOW_DAYS : Math.min(SEARCH_WINDOW_DAYS, Math.max(0, daysSinceCheck));
  return (halfLifeDays / Math.LN2) * (1 - 0.5 ** (days / halfLifeDays));
}

/** Status weight × (0.5 … 1.5 from the higher of score and activity, both 0–100). */
export function checkImportance(candidate: SelectionCandidate): number {
  const score = Math.min(100, Math.max(0, finiteOr(candidate.score, 0)));
  const activity = Math.min(100, Math.max(0, finiteOr(candidate.signal_activity, 0)));
  return STATUS_WEIGHT[candidate.relationship_status] * (0.5 + Math.max(score, activity) / 100);
}

/** The expected value of checking this investor now (0 for closed statuses). */
export function checkPriority(candidate: SelectionCandidate, now: Date): number {
  if (isClosedStatus(candidate.relationship_status)) return 0;
  return checkImportance(candidate) * newsRatePerDay(candidate, now) * freshWeightWaiting(daysSinceChecked(candidate, now));
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** One short sentence saying why this investor is worth a credit now. */
export function selectionReason(candidate: SelectionCandidate, now: Date): string {
  const sinceCheck = daysSinceChecked(candidate, now);
  const checked = sinceCheck === null ? "never checked" : `last checked ${plural(Math.floor(sinceCheck), "day")} ago`;
  const items = Math.round(recentItems(candidate, now));
  const parts: string[] = [];
  if (IN_PROCESS_STATUSES.has(candidate.relationship_status)) {
    parts.push(STATUS_LABELS[candidate.relationship_status].toLowerCase());
  }
  if (items >= PUBLISHES_OFTEN_ITEMS) parts.push(`publishes often (${plural(items, "item")} in 30 days)`);
  if (parts.length === 0 && sinceCheck !== null) {
    const score = Math.round(finiteOr(candidate.score, 0));
    return score > 0 ? `score ${score}, ${checked}` : checked;
  }
  parts.push(checked);
  return parts.join("; ");
}

type Ranked = { candidate: SelectionCandidate; priority: number; sinceCheck: number | null };

/** Higher priority first; then never checked, then the stalest check; then the lower id. */
function compareRanked(a: Ranked, b: Ranked): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.sinceCheck !== b.sinceCheck) {
    if (a.sinceCheck === null) return -1;
    if (b.sinceCheck === null) return 1;
    return b.sinceCheck - a.sinceCheck;
  }
  return a.candidate.id - b.candidate.id;
}

/**
 * The refresh queue: open investors not checked in the last two days, by priority, cut at the
 * credit budget. A candidate listed twice is checked once. O(n log n).
 */
export function selectInvestorsToCheck(candidates: readonly SelectionCandidate[], options: SelectionOptions): Selection {
  const { now, creditBudget, creditsPerInvestor } = options;
  if (Number.isNaN(now.getTime())) throw new RangeError("now must be a valid date");
  if (!Number.isFinite(creditsPerInvestor) || creditsPerInvestor <= 0) {
    throw new RangeError("creditsPerInvestor must be a positive number");
  }
  const skipped = { closed: 0, overBudget: 0, recentlyChecked: 0 };
  const ranked: Ranked[] = [];
  for (const candidate of candidates) {
    if (isClosedStatus(candidate.relationship_status)) {
      skipped.closed++;
      continue;
    }
    const sinceCheck = daysSinceChecked(candidate, now);
    if (sinceCheck !== null && sinceCheck < MIN_RECHECK_DAYS) {
      skipped.recentlyChecked++;
      continue;
    }
    ranked.push({ candidate, priority: checkPriority(candidate, now), sinceCheck });
  }
  ranked.sort(compareRanked);

  const unique: Ranked[] = [];
  const seen = new Set<number>();
  for (const entry of ranked) {
    if (seen.has(entry.candidate.id)) continue;
    seen.add(entry.candidate.id);
    unique.push(entry);
  }

  const queue: number[] = [];
  const sweeps: number[][] = [];
  const reasons: Record<number, string> = {};
  const budget = Math.max(creditBudget, 0);
  const sweep = options.sweep && options.sweep.size >= 2 && options.sweep.recall > 0 ? options.sweep : undefined;

  // Active conversations matter most: up to a fifth of the searches are kept for them, alone.
  // (Without this, never-checked quiet investors would outrank a conversation checked last week.)
  if (sweep) {
    const reserve = Math.floor((Number.isFinite(budget) ? Math.floor(budget / creditsPerInvestor) : unique.length) * ACTIVE_SHARE);
    const reserved = unique.filter((entry) => IN_PROCESS_STATUSES.has(entry.candidate.relationship_status)).slice(0, reserve);
    const chosen = new Set(reserved);
    unique.splice(0, unique.length, ...reserved, ...unique.filter((entry) => !chosen.has(entry)));
  }
  const reservedAlone = sweep ? unique.findIndex((entry) => !IN_PROCESS_STATUSES.has(entry.candidate.relationship_status) || false) : 0;

  // Check the K most promising alone and sweep the next ones in groups with the credits left;
  // K covers everyone when the budget allows, else it maximises the expected news found
  // (prefix sums make every K cheap to try).
  const maxAlone = Math.min(unique.length, Number.isFinite(budget) ? Math.floor(budget / creditsPerInvestor) : unique.length);
  const minAlone = Math.min(maxAlone, reservedAlone < 0 ? unique.length : reservedAlone);
  let bestAlone = maxAlone;
  let coverAll = false;
  if (sweep && Number.isFinite(budget)) {
    const prefix = [0];
    for (const entry of unique) prefix.push(prefix[prefix.length - 1]! + entry.priority);
    // A quiet investor's rare news is only found in time if they are looked at every refresh.
    for (let alone = maxAlone; alone >= minAlone; alone--) {
      if (alone * creditsPerInvestor + Math.ceil((unique.length - alone) / sweep.size) <= budget) {
        bestAlone = alone;
        coverAll = true;
        break;
      }
    }
    let bestValue = prefix[maxAlone]!;
    for (let alone = minAlone; alone <= maxAlone && !coverAll; alone++) {
      const groups = Math.floor(budget - alone * creditsPerInvestor);
      const swept = Math.min(unique.length - alone, groups * sweep.size);
      const value = prefix[alone]! + sweep.recall * (prefix[alone + swept]! - prefix[alone]!);
      if (value > bestValue) {
        bestValue = value;
        bestAlone = alone;
      }
    }
  }
  for (const { candidate } of unique.slice(0, bestAlone)) {
    queue.push(candidate.id);
    reasons[candidate.id] = selectionReason(candidate, now);
  }
  let index = bestAlone;
  if (sweep) {
    let credits = Math.floor(budget - bestAlone * creditsPerInvestor);
    while (credits >= 1 && index < unique.length) {
      const group = unique.slice(index, index + sweep.size);
      // A lone leftover is worth a search only when the plan is to cover everyone.
      if (group.length < 2 && !coverAll) break;
      sweeps.push(group.map((entry) => entry.candidate.id));
      for (const entry of group)
        reasons[entry.candidate.id] =
          group.length > 1
            ? `searched with ${group.length - 1} others: ${selectionReason(entry.candidate, now)}`
            : selectionReason(entry.candidate, now);
      credits -= 1;
      index += group.length;
    }
  }
  skipped.overBudget += unique.length - index;
  return { queue, sweeps, reasons, estimatedCredits: queue.length * creditsPerInvestor + sweeps.length, skipped };
}
