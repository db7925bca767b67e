import { STAGE_LABELS, STATUS_LABELS, type RelationshipStatus, type Stage } from "../vocabulary.ts";
import { WARMTH_POINTS, activityWords, daysAgoText, decayWeight, evidenceAgeDays, type EvidenceForScoring } from "../scoring.ts";
import { type Rubric, clamp } from "./schema.ts";
import { type Currency, moneyText, toUsd } from "../currency.ts";
import { GENERALIST_WORDS, GLOBAL_WORDS, normalize, normalizePlace, phrasesMatch, stagesOf } from "./words.ts";

/**
 * One rubric part against one investor: a match value 0–1 and the sentence that says why, in the
 * founder's words. Pure: no database, no clock (pass `now`).
 */

export type RubricInvestor = {
  id: number;
  sectors: string[];
  stages: string[];
  geographies: string[];
  /** Their places with the regions those sit in (place-reach.ts), folded; absent: the places alone. */
  place_reach?: string[];
  check_min: number | null;
  check_max: number | null;
  /** The currency the cheque range is written in; null or absent is dollars. */
  check_currency?: Currency | string | null;
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
  signal_activity: number | null;
  signal_red_flag: string | null;
  /** What the follow-ups read (app/domain/follow-ups.ts); absent: no next step, no meeting. */
  name?: string | null;
  next_step?: string | null;
  next_step_date?: string | null;
  meeting_date?: string | null;
};

/** The latest model evaluation of this investor's evidence for this startup, if any. */
export type RubricEvaluation = { relevance: number; reasons: string; evidence_ids: number[] } | undefined;

/**
 * A match value 0–1, the sentence that explains it in the founder's words, and whether the
 * investor's side was known. Unknown is never a match: it earns nothing and says "not known".
 */
type MatchState = "match" | "partial" | "miss" | "unknown" | "any";
export type Match = { value: number; detail: string; state: MatchState; words?: string };

/** A generalist fits, but less than someone who names the sector. */
const GENERALIST_MATCH = 0.5;

export function listed(values: string[], max = 4): string {
  const shown = values.slice(0, max);
  const rest = values.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} more`;
  return shown.length <= 1 ? shown.join("") : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

function stageNames(stages: Iterable<string>): string {
  return listed([...stages].map((stage) => STAGE_LABELS[stage as Stage] ?? stage));
}

export function matchSector(investorSectors: string[], keywords: string[]): Match {
  if (keywords.length === 0) return { value: 1, state: "any", detail: "Any sector fits this startup" };
  const sectors = investorSectors.map(normalize).filter(Boolean);
  if (sectors.length === 0) return { value: 0, state: "unknown", detail: "Their sectors are not known" };
  const matched = keywords.filter((keyword) => sectors.some((sector) => phrasesMatch(sector, normalize(keyword))));
  if (matched.length > 0)
    return { value: 1, state: "match", detail: `Invests in ${listed(matched, 3)}`, words: matched.slice(0, 2).join("/") };
  if (sectors.some((sector) => GENERALIST_WORDS.some((word) => phrasesMatch(sector, word)))) {
    return { value: GENERALIST_MATCH, state: "partial", detail: "A generalist: no sector named in common", words: "any sector" };
  }
  return { value: 0, state: "miss", detail: `Invests in ${listed(investorSectors, 3)}, not ${keywords.slice(0, 2).join(" or ")}` };
}

export function matchStage(investorStages: string[], rubricStages: Stage[]): Match {
  if (rubricStages.length === 0) return { value: 1, state: "any", detail: "Any stage fits this startup" };
  const stages = new Set(investorStages.flatMap(stagesOf));
  if (stages.size === 0) return { value: 0, state: "unknown", detail: "Their stages are not known" };
  const common = rubricStages.filter((stage) => stages.has(stage));
  if (common.length > 0) {
    return {
      value: 1,
      state: "match",
      detail: `Invests at ${stageNames(common)}`,
      words: common.map((stage) => STAGE_LABELS[stage]).join("/"),
    };
  }
  return {
    value: 0,
    state: "miss",
    detail: `Invests at ${stageNames(stages)}, not ${[...rubricStages].map((stage) => STAGE_LABELS[stage]).join(" or ")}`,
  };
}

function isGlobal(place: string): boolean {
  return GLOBAL_WORDS.includes(place);
}

export function matchGeography(investorPlaces: string[], rubricPlaces: string[], placeReach?: readonly string[]): Match {
  const wanted = rubricPlaces.map(normalizePlace).filter(Boolean);
  if (wanted.length === 0 || wanted.some(isGlobal)) return { value: 1, state: "any", detail: "Anywhere fits this startup" };
  const places = investorPlaces.map(normalizePlace).filter(Boolean);
  if (places.length === 0) return { value: 0, state: "unknown", detail: "Where they invest is not known" };
  if (places.some(isGlobal)) return { value: 1, state: "match", detail: "Invests globally", words: "invests globally" };
  // An investor in "Nordics" or "Germany" invests in Europe too.
  const reach = placeReach ?? places;
  const matched = rubricPlaces.filter((place) => reach.some((candidate) => phrasesMatch(candidate, normalizePlace(place))));
  if (matched.length > 0)
    return { value: 1, state: "match", detail: `Invests in ${listed(matched, 3)}`, words: matched.slice(0, 2).join("/") };
  return { value: 0, state: "miss", detail: `Invests in ${listed(investorPlaces, 3)}, not ${rubricPlaces.slice(0, 2).join(" or ")}` };
}

function rangeText(min: number | undefined | null, max: number | undefined | null, currency: string | null = "USD"): string {
  const money = (amount: number) => moneyText(amount, currency);
  if (min != null && max != null) return min === max ? money(min) : `${money(min)}–${money(max)}`;
  if (min != null) return `from ${money(min)}`;
  if (max != null) return `up to ${money(max)}`;
  return "any";
}

/**
 * Overlapping ranges fit fully. Apart, the fit fades with how many times apart they are, on a log
 * scale: 2× away keeps 0.7, 10× away keeps nothing (a $10k angel cheque is no $1M lead). A cheque
 * in another currency is compared in dollars, the rubric's currency, at the app's fixed rates
 * (app/domain/currency.ts): ¥30,000,000 is about $200k, not $30M.
 */
export function matchCheckSize(
  checkMin: number | null,
  checkMax: number | null,
  range: Rubric["check_size"],
  currency: string | null = null,
): Match {
  if (range.min === undefined && range.max === undefined) return { value: 1, state: "any", detail: "Any cheque size fits this startup" };
  if (checkMin === null && checkMax === null) return { value: 0, state: "unknown", detail: "Their cheque size is not known" };
  const usdMin = checkMin === null ? null : toUsd(checkMin, currency);
  const usdMax = checkMax === null ? null : toUsd(checkMax, currency);
  const low = Math.max(0, usdMin ?? 0);
  const high = usdMax ?? Number.POSITIVE_INFINITY;
  const wantedLow = range.min ?? 0;
  const wantedHigh = range.max ?? Number.POSITIVE_INFINITY;
  const foreign = currency !== null && currency !== "USD";
  const theirs = foreign
    ? `${rangeText(checkMin, checkMax, currency)} (about ${rangeText(usdMin === null ? null : Math.round(usdMin), usdMax === null ? null : Math.round(usdMax))})`
    : rangeText(checkMin, checkMax);
  const yours = rangeText(range.min, range.max);
  if (low <= wantedHigh && wantedLow <= high) {
    return { value: 1, state: "match", detail: `Writes ${theirs} cheques; you look for ${yours}`, words: `${theirs} cheques` };
  }
  const tooSmall = high < wantedLow;
  const ratio = tooSmall ? wantedLow / Math.max(1, high) : low / Math.max(1, wantedHigh);
  const value = clamp(1 - Math.log10(ratio), 0, 1);
  return {
    value,
    state: value > 0 ? "partial" : "miss",
    detail: `Writes ${theirs} cheques, ${tooSmall ? "smaller than" : "larger than"} the ${yours} you look for`,
    words: `${theirs} cheques`,
  };
}

export function matchActivity(signal: number | null): Match {
  if (signal === null || Number.isNaN(signal)) return { value: 0, state: "unknown", detail: activityWords(null) };
  const activity = clamp(signal, 0, 100);
  return { value: activity / 100, state: "match", detail: activityWords(activity) };
}

function sentence(text: string, max: number): string {
  const cleaned = text.replace(/\s+/g, " ").trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
}

/** Categories that say nothing good about this startup's chances, whatever their relevance. */
const UNHELPFUL_CATEGORIES = new Set(["negative", "irrelevant"]);

export function matchEvidence(
  evaluation: RubricEvaluation,
  evidence: readonly EvidenceForScoring[],
  now: Date,
  halfLifeDays: number,
): Match {
  if (evaluation) {
    const relevance = Number.isFinite(evaluation.relevance) ? clamp(evaluation.relevance, 0, 1) : 0;
    const reasons = sentence(evaluation.reasons, 160);
    const verdict =
      relevance >= 0.7
        ? "Their news fits this startup well"
        : relevance >= 0.4
          ? "Their news fits this startup in part"
          : "Their news says little about this startup";
    return { value: relevance, state: "match", detail: reasons ? `${verdict}: ${reasons}` : verdict };
  }
  // Until the startup is evaluated, the best fresh judged evidence stands in for it, faded by age.
  let best = 0;
  let bestAge = 0;
  for (const item of evidence) {
    if (item.category === null || item.relevance === null || UNHELPFUL_CATEGORIES.has(item.category)) continue;
    const age = evidenceAgeDays(item, now);
    const value = clamp(item.relevance, 0, 1) * decayWeight(age, halfLifeDays);
    if (value > best) {
      best = value;
      bestAge = age;
    }
  }
  if (best === 0) return { value: 0, state: "unknown", detail: "No news judged for this startup yet" };
  return { value: best, state: "partial", detail: `Not evaluated for this startup yet; relevant news from ${daysAgoText(bestAge)}` };
}

const MAX_WARMTH = Math.max(...Object.values(WARMTH_POINTS));

export function matchRelationship(status: RelationshipStatus): Match {
  return { value: WARMTH_POINTS[status] / MAX_WARMTH, state: "match", detail: STATUS_LABELS[status] };
}
