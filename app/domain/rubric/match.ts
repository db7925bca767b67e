import { STAGES, STAGE_LABELS, type RelationshipStatus, type Stage } from "../vocabulary.ts";
import {
  WARMTH_POINTS,
  activityWords,
  relationshipPart,
  daysAgoText,
  decayWeight,
  evidenceAgeDays,
  type EvidenceForScoring,
} from "../scoring.ts";
import { type Rubric, clamp } from "./schema.ts";
import type { WarmPath } from "../warm-path.ts";
import { type Currency, moneyText, toUsd } from "../currency.ts";
import { GENERALIST_WORDS, GLOBAL_WORDS, normalize, normalizePlace, phrasesMatch, regionHolds, stagesOf } from "./words.ts";

/**
 * One rubric part against one investor: a match value 0–1 and the sentence that says why, in the
 * founder's words. Pure: no database, no clock (pass `now`).
 */

export type RubricInvestor = {
  id: number;
  sectors: string[];
  stages: string[];
  geographies: string[];
  /** Where they are based (decision 055): stands in for where they invest while `geographies` is empty, and then the reaches below are its. */
  based_in?: string | null;
  /** Their places with the regions those sit in (place-reach.ts), folded; absent: the places alone. */
  place_reach?: string[];
  /** Per listed place, what it reaches (place-reach.ts): how many of their places are inside the startup's. */
  place_reaches?: string[][];
  check_min: number | null;
  check_max: number | null;
  /** The currency the cheque range is written in; null or absent is dollars. */
  check_currency?: Currency | string | null;
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
  signal_activity: number | null;
  signal_red_flag: string | null;
  /** When a refresh last looked for their news (null or absent: never), so a wait reason says whether one still will. */
  signals_checked_at?: string | null;
  /** What the follow-ups read (app/domain/follow-ups.ts); absent: no next step, no meeting. */
  name?: string | null;
  next_step?: string | null;
  next_step_date?: string | null;
  meeting_date?: string | null;
  /** The warm path in hand (app/domain/warm-path.ts): credits the relationship, drives the intro's follow-up. */
  intro?: WarmPath | null;
};

/** The latest model evaluation of this investor's evidence for this startup, if any. */
export type RubricEvaluation = { relevance: number; reasons: string; evidence_ids: number[] } | undefined;

/**
 * A match value 0–1 (a degree: docs/product.md#graded-fit), the sentence that explains it in the
 * founder's words, and whether the investor's side was known. Unknown is never a match: it earns
 * nothing and says "not known". `far` is set when a known part is so far off that the investor is
 * not worth chasing for this startup (decision 029): the reason, in one sentence.
 */
type MatchState = "match" | "partial" | "miss" | "unknown" | "any";
export type Match = { value: number; detail: string; state: MatchState; words?: string; far?: string; note?: string };

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

/**
 * Sector: 0.6 for naming one of the startup's keywords, up to 0.2 more for naming two or more,
 * and up to 0.2 more for how central they are (the share of the investor's sectors that match):
 * a fintech fund beats a family office listing fintech among seven sectors.
 */
export function matchSector(investorSectors: string[], keywords: string[]): Match {
  if (keywords.length === 0) return { value: 1, state: "any", detail: "Any sector fits this startup" };
  const sectors = investorSectors.map(normalize).filter(Boolean);
  if (sectors.length === 0) return { value: 0, state: "unknown", detail: "Their sectors are not known" };
  const matched = keywords.filter((keyword) => sectors.some((sector) => phrasesMatch(sector, normalize(keyword))));
  if (matched.length > 0) {
    const central =
      sectors.filter((sector) => keywords.some((keyword) => phrasesMatch(sector, normalize(keyword)))).length / sectors.length;
    const value = 0.6 + 0.2 * Math.min(1, matched.length / 2) + 0.2 * central;
    const among = central < 0.5 ? ` among ${investorSectors.length} sectors` : "";
    return { value, state: "match", detail: `Invests in ${listed(matched, 3)}${among}`, words: matched.slice(0, 2).join("/") };
  }
  if (sectors.some((sector) => GENERALIST_WORDS.some((word) => phrasesMatch(sector, word)))) {
    return { value: GENERALIST_MATCH, state: "partial", detail: "A generalist: no sector named in common", words: "any sector" };
  }
  const reason = `Invests in ${listed(investorSectors, 3)}, not ${keywords.slice(0, 2).join(" or ")}`;
  return { value: 0, state: "miss", detail: reason, far: reason };
}

/**
 * Stage, by distance on the ladder from the stage the startup raises (`raising`; else from the
 * nearest stage the rubric names): the same stage 1, another stage the rubric names 0.8, one step
 * away 0.4, two or more steps 0 and far ("Invests at Series B+; you are raising a Seed round").
 */
export function matchStage(investorStages: string[], rubricStages: Stage[], raising?: Stage | null): Match {
  if (rubricStages.length === 0) return { value: 1, state: "any", detail: "Any stage fits this startup" };
  const stages = new Set(investorStages.flatMap(stagesOf));
  if (stages.size === 0) return { value: 0, state: "unknown", detail: "Their stages are not known" };
  const wanted = new Set<Stage>(rubricStages);
  const anchors = raising ? [raising] : rubricStages;
  const degreeOf = (stage: Stage): number => {
    if (raising ? stage === raising : wanted.has(stage)) return 1;
    if (wanted.has(stage)) return 0.8;
    const steps = Math.min(...anchors.map((anchor) => Math.abs(STAGES.indexOf(anchor) - STAGES.indexOf(stage))));
    return steps === 1 ? 0.4 : 0;
  };
  const value = Math.max(...[...stages].map(degreeOf));
  const common = rubricStages.filter((stage) => stages.has(stage));
  const yours = raising
    ? `; you are raising a ${STAGE_LABELS[raising]} round`
    : `, not ${rubricStages.map((stage) => STAGE_LABELS[stage]).join(" or ")}`;
  if (common.length > 0) {
    const detail = value === 1 ? `Invests at ${stageNames(common)}` : `Invests at ${stageNames(common)}${yours}`;
    return { value, state: "match", detail, words: common.map((stage) => STAGE_LABELS[stage]).join("/") };
  }
  const reason = `Invests at ${stageNames(stages)}${yours}`;
  if (value > 0) return { value, state: "partial", detail: `${reason}, one step away` };
  return { value: 0, state: "miss", detail: reason, far: reason };
}

function isGlobal(place: string): boolean {
  return GLOBAL_WORDS.includes(place);
}

/**
 * Geography: the startup's own place named 1, another place the rubric names 0.9, inside one of
 * those places (a country in the region) 0.8, "global" 0.6, elsewhere 0 — and the best of these
 * kept in proportion to how many of their places are inside (0.8 + 0.2 × share), so a fund in
 * four central-European countries beats a family office in twenty countries on five continents.
 * Elsewhere is far only when every place they name is a place we know: an unknown name is no
 * evidence that they exclude the startup's market.
 */
export function matchGeography(
  investorPlaces: string[],
  rubricPlaces: string[],
  placeReach?: readonly string[],
  placeReaches?: ReadonlyArray<readonly string[]>,
  basedIn?: string | null,
): Match {
  const wanted = rubricPlaces.map(normalizePlace).filter(Boolean);
  if (wanted.length === 0 || wanted.some(isGlobal)) return { value: 1, state: "any", detail: "Anywhere fits this startup" };
  const places = investorPlaces.map(normalizePlace).filter(Boolean);
  if (places.length === 0 && basedIn?.trim()) return matchBasedIn(basedIn.trim(), rubricPlaces, placeReaches?.[0] ?? placeReach);
  if (places.length === 0) return { value: 0, state: "unknown", detail: "Where they invest is not known" };
  // Per place: what it reaches (its regions). Without per-place reaches, each place reaches the investor's whole reach.
  const reachOf = (index: number, own: string): readonly string[] => placeReaches?.[index] ?? placeReach ?? [own];
  const degrees = places.map((own, index) => {
    if (isGlobal(own)) return 0.6;
    if (wanted[0] && phrasesMatch(own, wanted[0])) return 1;
    if (wanted.some((place) => phrasesMatch(own, place))) return 0.9;
    // A region their place is in holds the wanted one (Norway's Northern Europe holds Europe); Milan's Europe does not hold Northern Europe.
    return reachOf(index, own).some((candidate) => wanted.some((place) => regionHolds(candidate, place))) ? 0.8 : 0;
  });
  const best = Math.max(...degrees);
  if (best === 0.6 && degrees.every((degree) => degree === 0.6 || degree === 0)) {
    return { value: 0.6, state: "match", detail: "Invests globally", words: "invests globally" };
  }
  const inside = degrees.filter((degree) => degree >= 0.8).length / degrees.length;
  if (best >= 0.8) {
    const matched = rubricPlaces.filter((place) =>
      places.some(
        (own, index) =>
          phrasesMatch(own, normalizePlace(place)) ||
          reachOf(index, own).some((candidate) => regionHolds(candidate, normalizePlace(place))),
      ),
    );
    const shown = matched.length > 0 ? matched : rubricPlaces;
    const spread = inside < 0.5 ? `, among ${investorPlaces.length} places` : "";
    return {
      value: best * (0.8 + 0.2 * inside),
      state: "match",
      detail: `Invests in ${listed(shown.slice(0, 1), 1)}${spread}`,
      words: shown.slice(0, 1).join(""),
    };
  }
  const reason = `Invests in ${listed(investorPlaces, 3)}, not ${rubricPlaces.slice(0, 2).join(" or ")}`;
  // A place is known when its reach holds more than its own name (places.ts resolved it).
  const allKnown = placeReaches !== undefined && places.every((_, index) => (placeReaches[index]?.length ?? 0) > 1);
  return { value: 0, state: "miss", detail: reason, ...(allKnown ? { far: reason } : {}) };
}

/** How much of a fit where they are based earns against where they invest: a fund often invests at home, not only. */
export const BASED_IN_SHARE = 0.75;

/**
 * Where they are based standing in for where they invest (decision 055): a match earns
 * BASED_IN_SHARE of what the same place listed would; elsewhere is no evidence either way, so it
 * is unknown (never far: a fund in Paris may well invest in Norway). Both say so in words.
 */
function matchBasedIn(basedIn: string, rubricPlaces: string[], reach: readonly string[] | undefined): Match {
  const town = basedIn.split(",")[0]?.trim() || basedIn;
  const said = `based in ${town} (where they invest is not known)`;
  const inner = matchGeography([basedIn], rubricPlaces, reach, reach ? [reach] : undefined);
  if (inner.state === "match" && inner.value >= 0.8) {
    return { value: inner.value * BASED_IN_SHARE, state: "match", detail: `B${said.slice(1)}`, words: said };
  }
  return { value: 0, state: "unknown", detail: `B${said.slice(1)}`, note: said };
}

function rangeText(min: number | undefined | null, max: number | undefined | null, currency: string | null = "USD"): string {
  const money = (amount: number) => moneyText(amount, currency);
  if (min != null && max != null) return min === max ? money(min) : `${money(min)}–${money(max)}`;
  if (min != null) return `from ${money(min)}`;
  if (max != null) return `up to ${money(max)}`;
  return "any";
}

/** How far apart two ranges are beyond which a cheque is far off (decision 029). */
export const FAR_CHEQUE_RATIO = 2;

/** The share of [low, high] that [from, to] covers, on a log scale (a $300k–$900k range is as wide as $1M–$3M). */
function logShare(low: number, high: number, from: number, to: number): number {
  const start = Math.max(low, from);
  const end = Math.min(high, to);
  if (end < start) return 0;
  const floor = Math.max(1, low);
  if (!(high > floor) || !Number.isFinite(high)) return 1;
  return clamp(Math.log(Math.max(1, end) / Math.max(floor, start)) / Math.log(high / floor), 0, 1);
}

/**
 * Cheque: overlapping ranges earn 0.5, plus up to 0.3 for the share of the wanted range their
 * range covers (log scale), plus 0.2 when they reach the middle of it (the cheque the founder
 * asks for: for a lead, a lead's cheque). Apart, the fit fades from 0.5 to 0 at 2× away; beyond
 * 2× it is far off. A cheque in another currency is compared in dollars, the rubric's currency, at
 * the app's fixed rates (app/domain/currency.ts): ¥30,000,000 is about $200k, not $30M.
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
  if (usdMin === undefined || usdMax === undefined) {
    const theirs = rangeText(checkMin, checkMax, currency);
    return {
      value: 0,
      state: "unknown",
      detail: `Writes ${theirs} cheques; the app has no rate for ${currency} to compare them (set one on Settings)`,
    };
  }
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
    const middle = Number.isFinite(wantedHigh) ? Math.sqrt(Math.max(1, wantedLow) * wantedHigh) : wantedLow;
    const value = 0.5 + 0.3 * logShare(wantedLow, wantedHigh, low, high) + (high >= middle ? 0.2 : 0);
    return { value, state: "match", detail: `Writes ${theirs} cheques; you look for ${yours}`, words: `${theirs} cheques` };
  }
  const tooSmall = high < wantedLow;
  const ratio = tooSmall ? wantedLow / Math.max(1, high) : low / Math.max(1, wantedHigh);
  const value = clamp(0.5 * (1 - Math.log2(ratio)), 0, 1);
  const detail = `Writes ${theirs} cheques, ${tooSmall ? "smaller than" : "larger than"} the ${yours} you look for`;
  return {
    value,
    state: value > 0 ? "partial" : "miss",
    detail,
    words: `${theirs} cheques`,
    ...(ratio > FAR_CHEQUE_RATIO ? { far: detail } : {}),
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

/** The status's warmth and, not yet contacted, a warm path by its strength (relationshipPart in scoring.ts). */
export function matchRelationship(status: RelationshipStatus, intro?: WarmPath | null): Match {
  const part = relationshipPart(status, intro);
  return { value: part.points / MAX_WARMTH, state: "match", detail: part.detail };
}
