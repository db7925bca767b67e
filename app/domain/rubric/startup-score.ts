import type { RecommendedAction, Stage } from "../vocabulary.ts";
import {
  RED_FLAG_PENALTY,
  recommendAction,
  type EvidenceForScoring,
  type ScoreComponent,
  type ScoreExplained,
  type ScoringRules,
} from "../scoring.ts";
import { waitReason } from "../wait-reason.ts";
import { describeFit, profileMatches } from "./fit-sentence.ts";
import { type Match, type RubricEvaluation, type RubricInvestor, matchActivity, matchEvidence, matchRelationship } from "./match.ts";
import { MAX_WEIGHT, RUBRIC_WEIGHT_KEYS, type Rubric, type RubricWeightKey, clamp } from "./schema.ts";

/**
 * The per-startup score (docs/product.md#scoring-and-actions) from a rubric's weights and the
 * matches of each part. Pure: no database, no clock (pass `now`), no network.
 */

export type StartupScore = { score: number; action: RecommendedAction; explained: ScoreExplained };

const COMPONENT_LABELS: Record<RubricWeightKey, string> = {
  sector: "Sector",
  stage: "Stage",
  geography: "Geography",
  check_size: "Check size",
  activity: "Investing now",
  evidence_relevance: "News for this startup",
  relationship: "Relationship",
};

/** A rubric with every weight at 0 would rank nobody; counted as equal weights instead. */
function effectiveWeights(weights: Rubric["weights"]): Record<RubricWeightKey, number> {
  const cleaned = {} as Record<RubricWeightKey, number>;
  for (const key of RUBRIC_WEIGHT_KEYS) {
    const weight = weights[key];
    cleaned[key] = Number.isFinite(weight) ? clamp(weight, 0, MAX_WEIGHT) : 0;
  }
  if (RUBRIC_WEIGHT_KEYS.every((key) => cleaned[key] === 0)) for (const key of RUBRIC_WEIGHT_KEYS) cleaned[key] = 1;
  return cleaned;
}

/**
 * Splits `total` tenths of a point over components in proportion to their exact shares
 * (largest remainder), so the shown points, one decimal each, add up exactly to the total.
 */
function allocateTenths(exact: number[], total: number): number[] {
  const floors = exact.map((value) => Math.floor(value));
  let left = total - floors.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

/**
 * The per-startup score. Each rubric component earns weight / (sum of weights) × 100 × its match
 * (0–1), so a perfect match on everything is 100 whatever the weights; a red flag takes 30 off.
 * The action follows the same priority as the global score, with the rubric's thresholds.
 */
export function scoreForStartup(
  investor: RubricInvestor,
  evaluation: RubricEvaluation,
  evidence: EvidenceForScoring[],
  rubric: Rubric,
  now: Date,
  rules: ScoringRules,
  startupName = "this startup",
  stage: Stage | null = null,
): StartupScore {
  const matches: Record<RubricWeightKey, Match> = {
    ...profileMatches(investor, rubric, stage),
    activity: matchActivity(investor.signal_activity),
    evidence_relevance: matchEvidence(evaluation, evidence, now, rules.halfLifeDays),
    relationship: matchRelationship(investor.relationship_status, investor.intro),
  };
  const weights = effectiveWeights(rubric.weights);
  const totalWeight = RUBRIC_WEIGHT_KEYS.reduce((sum, key) => sum + weights[key], 0);
  const weightedMatch = RUBRIC_WEIGHT_KEYS.reduce((sum, key) => sum + weights[key] * matches[key].value, 0);
  // The total is rounded once, from one sum, so it moves in the same direction as the matches
  // and weights do; the parts are then split to add up to it exactly.
  const totalTenths = Math.round((1_000 * weightedMatch) / totalWeight);
  const tenths = allocateTenths(
    RUBRIC_WEIGHT_KEYS.map((key) => (1_000 * weights[key] * matches[key].value) / totalWeight),
    totalTenths,
  );

  const components: ScoreComponent[] = RUBRIC_WEIGHT_KEYS.map((key, index) => ({
    key,
    label: COMPONENT_LABELS[key],
    points: (tenths[index] ?? 0) / 10,
    detail: weights[key] === 0 ? `${matches[key].detail} (not counted: weight 0 in this rubric)` : matches[key].detail,
  }));
  let rawTenths = tenths.reduce((sum, value) => sum + value, 0);
  if (investor.signal_red_flag) {
    components.push({ key: "red_flag", label: "Red flag", points: -RED_FLAG_PENALTY, detail: investor.signal_red_flag });
    rawTenths -= RED_FLAG_PENALTY * 10;
  }
  const score = clamp(Math.round(rawTenths / 10), 0, 100);

  const activity = investor.signal_activity;
  const profile = describeFit(investor, rubric, startupName, stage);
  const knowsSomething =
    profile.value !== null ||
    evidence.length > 0 ||
    (activity !== null && !Number.isNaN(activity)) ||
    investor.signal_red_flag !== null ||
    evaluation !== undefined;
  const hasNews = evidence.length > 0 || evaluation !== undefined;
  // What holds them back if they wait: the points each part could still add, from the same weights.
  const parts = RUBRIC_WEIGHT_KEYS.map((key) => ({
    key,
    lost: (100 * weights[key] * (1 - matches[key].value)) / totalWeight,
    value: matches[key].value,
    state: matches[key].state,
    detail: matches[key].detail,
  }));
  const checked = Boolean(investor.signals_checked_at) || hasNews || (activity !== null && !Number.isNaN(activity));
  const { action, reason } = recommendAction(
    { ...investor, signal_fit: profile.value, fit_detail: profile.detail, fit_known: profile.known, fit_misfit: profile.misfit },
    score,
    knowsSomething,
    now,
    { ...rules, emailFirstThreshold: rubric.thresholds.email_first, dontChaseThreshold: rubric.thresholds.dont_chase },
    hasNews,
    (about) => waitReason(about, parts, { checked, refresh: rules.newsRefresh }),
  );
  return { score, action, explained: { total: score, components, action_reason: reason } };
}
