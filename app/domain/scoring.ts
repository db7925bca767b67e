import type { EvidenceCategory, RecommendedAction, RelationshipStatus } from "./investor.ts";

/**
 * The fixed, explainable scoring rules of SPEC §4. Pure: no database, no clock (pass `now`),
 * no network. Every point of a score is attributed to a named component so the UI can say why.
 */

export type ScoringRules = {
  halfLifeDays: number;
  followUpAfterDays: number;
  /** Uncontacted investors at or above this score are "email first". */
  emailFirstThreshold: number;
  /** Below this score an investor is not worth chasing. */
  dontChaseThreshold: number;
};

export const DEFAULT_RULES: ScoringRules = {
  halfLifeDays: 14,
  followUpAfterDays: 7,
  emailFirstThreshold: 50,
  dontChaseThreshold: 20,
};

export type EvidenceForScoring = {
  published_at: string | null;
  found_at: string;
  category: EvidenceCategory | null;
  relevance: number | null;
};

export type InvestorForScoring = {
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
  signal_activity: number | null;
  signal_fit: number | null;
  signal_red_flag: string | null;
};

export type ScoreComponent = { key: string; label: string; points: number; detail: string };
export type ScoreExplained = { total: number; components: ScoreComponent[]; action_reason: string };
export type ScoreResult = { score: number; action: RecommendedAction; explained: ScoreExplained };

const DAY_MS = 86_400_000;
export const EVIDENCE_MAX_AGE_DAYS = 90;

/** Points available per component; they add up to 100 before the red-flag penalty. */
export const MAX_POINTS = { activity: 30, fit: 25, evidence: 25, warmth: 20 } as const;
export const RED_FLAG_PENALTY = 30;

/** How much one piece of evidence says about whether to reach out now, by its category. */
const CATEGORY_FACTOR: Record<EvidenceCategory, number> = {
  new_fund: 1,
  deal: 1,
  hire_or_departure: 0.6,
  thesis_or_content: 0.5,
  negative: 0,
  irrelevant: 0,
};
/** Evidence the model has not judged yet counts a little: it exists, but nobody read it. */
const UNJUDGED_FACTOR = 0.3;
const UNJUDGED_RELEVANCE = 0.5;
/** The decayed evidence sum at which the evidence component is full. */
const EVIDENCE_SATURATION = 2;

/** Warmth of the relationship, by status: closer to a decision is warmer. */
export const WARMTH_POINTS: Record<RelationshipStatus, number> = {
  not_contacted: 8,
  researching: 8,
  intro_requested: 12,
  contacted: 10,
  in_conversation: 15,
  meeting_scheduled: 18,
  due_diligence: 20,
  committed: 0,
  passed: 0,
  not_a_fit: 0,
};

const CLOSED_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["passed", "not_a_fit", "committed"]);
const ACTIVE_STATUSES: ReadonlySet<RelationshipStatus> = new Set([
  "contacted",
  "in_conversation",
  "meeting_scheduled",
  "due_diligence",
]);
const UNCONTACTED_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["not_contacted", "researching"]);

/** Age in days from publication (else discovery) to `now`; never negative. */
export function evidenceAgeDays(evidence: Pick<EvidenceForScoring, "published_at" | "found_at">, now: Date): number {
  const stamp = Date.parse(evidence.published_at ?? evidence.found_at);
  if (Number.isNaN(stamp)) return EVIDENCE_MAX_AGE_DAYS + 1;
  return Math.max(0, (now.getTime() - stamp) / DAY_MS);
}

/** weight = 0.5 ^ (age / half-life), and 0 past 90 days (SPEC §2). */
export function decayWeight(ageDays: number, halfLifeDays: number): number {
  if (!(ageDays >= 0)) return ageDays < 0 ? 1 : 0;
  if (ageDays > EVIDENCE_MAX_AGE_DAYS) return 0;
  return 0.5 ** (ageDays / halfLifeDays);
}

/** Whole days between a YYYY-MM-DD date and `now` (UTC calendar days). */
export function daysSince(date: string, now: Date): number {
  const then = Date.parse(`${date}T00:00:00Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.floor((today - then) / DAY_MS);
}

export function isFollowUpDue(investor: InvestorForScoring, now: Date, followUpAfterDays: number): boolean {
  return (
    ACTIVE_STATUSES.has(investor.relationship_status) &&
    investor.last_contact_date !== null &&
    daysSince(investor.last_contact_date, now) >= followUpAfterDays
  );
}

/** The decayed, relevance-weighted evidence sum that feeds the evidence component. */
export function evidenceStrength(evidence: readonly EvidenceForScoring[], now: Date, halfLifeDays: number): number {
  return weighEvidence(evidence, now, halfLifeDays).strength;
}

/** One pass over the evidence (re-score runs it for every investor): the strength and how many items still count. */
function weighEvidence(evidence: readonly EvidenceForScoring[], now: Date, halfLifeDays: number): { strength: number; counting: number } {
  let strength = 0;
  let counting = 0;
  for (const item of evidence) {
    const weight = decayWeight(evidenceAgeDays(item, now), halfLifeDays);
    if (weight === 0) continue;
    counting++;
    const factor = item.category === null ? UNJUDGED_FACTOR : CATEGORY_FACTOR[item.category];
    const relevance = item.relevance ?? UNJUDGED_RELEVANCE;
    strength += weight * factor * Math.min(1, Math.max(0, relevance));
  }
  return { strength, counting };
}

function clampSignal(value: number | null): number | null {
  if (value === null || Number.isNaN(value)) return null;
  return Math.min(100, Math.max(0, value));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function scoreInvestor(
  investor: InvestorForScoring,
  evidence: readonly EvidenceForScoring[],
  now: Date,
  rules: ScoringRules = DEFAULT_RULES,
): ScoreResult {
  const activity = clampSignal(investor.signal_activity);
  const fit = clampSignal(investor.signal_fit);
  const { strength, counting: recentEvidence } = weighEvidence(evidence, now, rules.halfLifeDays);

  const components: ScoreComponent[] = [
    {
      key: "activity",
      label: "Deploying now",
      points: activity === null ? 0 : round1((activity / 100) * MAX_POINTS.activity),
      detail: activity === null ? "no data yet" : `activity signal ${activity}/100`,
    },
    {
      key: "evidence",
      label: "Fresh evidence",
      points: round1(Math.min(1, strength / EVIDENCE_SATURATION) * MAX_POINTS.evidence),
      detail:
        evidence.length === 0
          ? "no evidence yet"
          : `${recentEvidence} of ${evidence.length} item${evidence.length === 1 ? "" : "s"} within ${EVIDENCE_MAX_AGE_DAYS} days, decayed weight ${strength.toFixed(2)}`,
    },
    {
      key: "warmth",
      label: "Relationship",
      points: WARMTH_POINTS[investor.relationship_status],
      detail: investor.relationship_status.replaceAll("_", " "),
    },
  ];
  // Fit is unknown until the founder adds a startup. Counting it as 0 would push everyone under
  // the email-first line for a reason that is not about the investor, so until then it is
  // counted at the same share of its maximum as the other components earned (and says so).
  const earned = components.reduce((sum, component) => sum + component.points, 0);
  const otherMax = MAX_POINTS.activity + MAX_POINTS.evidence + MAX_POINTS.warmth;
  components.splice(1, 0, {
    key: "fit",
    label: "Fit with your startups",
    points: fit === null ? round1((earned / otherMax) * MAX_POINTS.fit) : round1((fit / 100) * MAX_POINTS.fit),
    detail: fit === null ? "no data yet: counted at the share the other components earned" : `fit signal ${fit}/100`,
  });
  if (investor.signal_red_flag) {
    components.push({ key: "red_flag", label: "Red flag", points: -RED_FLAG_PENALTY, detail: investor.signal_red_flag });
  }

  const raw = components.reduce((sum, component) => sum + component.points, 0);
  const score = Math.min(100, Math.max(0, Math.round(raw)));
  const hasData = evidence.length > 0 || activity !== null || fit !== null || investor.signal_red_flag !== null;
  const { action, reason } = recommendAction(investor, score, hasData, now, rules);
  return { score, action, explained: { total: score, components, action_reason: reason } };
}

/** The recommended action, in priority order; the reason is shown next to it. */
export function recommendAction(
  investor: InvestorForScoring,
  score: number,
  hasData: boolean,
  now: Date,
  rules: ScoringRules,
): { action: RecommendedAction; reason: string } {
  const status = investor.relationship_status;
  if (CLOSED_STATUSES.has(status)) {
    return { action: "dont_chase", reason: `Status is ${status.replaceAll("_", " ")}.` };
  }
  if (investor.signal_red_flag) {
    return { action: "dont_chase", reason: `Red flag: ${investor.signal_red_flag}` };
  }
  if (isFollowUpDue(investor, now, rules.followUpAfterDays)) {
    const days = daysSince(investor.last_contact_date!, now);
    return { action: "follow_up", reason: `Last contact ${days} days ago; follow up after ${rules.followUpAfterDays}.` };
  }
  if (!hasData) {
    return { action: "research", reason: "No evidence and no signals yet." };
  }
  if (score < rules.dontChaseThreshold) {
    return { action: "dont_chase", reason: `Score ${score} is under ${rules.dontChaseThreshold}.` };
  }
  if (UNCONTACTED_STATUSES.has(status) && score >= rules.emailFirstThreshold) {
    return { action: "email_first", reason: `Not contacted yet and score ${score} is at least ${rules.emailFirstThreshold}.` };
  }
  return {
    action: "wait",
    reason: UNCONTACTED_STATUSES.has(status)
      ? `Score ${score} is under ${rules.emailFirstThreshold}: wait for fresher news.`
      : "Conversation is under way and no follow-up is due yet.",
  };
}
