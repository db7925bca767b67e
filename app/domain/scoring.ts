import { type FollowUpFacts, followUpDue, followUpReason, plannedReason, plannedStep } from "./follow-ups.ts";
import { plainWaitReason } from "./wait-reason.ts";
import { type WarmPath, dayOf, introWaiting, pathCredit, pathWords, pathsMatter, waitingText } from "./warm-path.ts";
import {
  type EvidenceCategory,
  PASS_REASON_LABELS,
  type PassReason,
  type RecommendedAction,
  type RelationshipStatus,
  STATUS_LABELS,
} from "./investor.ts";

/**
 * The fixed, explainable scoring rules of docs/product.md#scoring-and-actions. Pure: no database, no clock (pass `now`),
 * no network. Every point of a score is attributed to a named component so the UI can say why.
 */

export type ScoringRules = {
  halfLifeDays: number;
  followUpAfterDays: number;
  /** Uncontacted investors at or above this score are "email first". */
  emailFirstThreshold: number;
  /** Below this score an investor is not worth chasing. */
  dontChaseThreshold: number;
  /**
   * Whether a refresh can look for news (web search is configured), so a wait reason may say "a
   * refresh looks for it"; false says none can; absent (tests, sums) says nothing of a refresh.
   */
  newsRefresh?: boolean;
};

/**
 * A perfect profile fit with an uncontacted investor is 40 + 8 = 48 points, so a fresh import
 * already has people to email first; three of the four profile parts matching (a sector and
 * stage match, say, in another region) still clears 40. Known mismatches stay near 8, under 15.
 */
export const DEFAULT_RULES: ScoringRules = {
  halfLifeDays: 14,
  followUpAfterDays: 7,
  emailFirstThreshold: 40,
  dontChaseThreshold: 15,
};

export type EvidenceForScoring = {
  published_at: string | null;
  found_at: string;
  category: EvidenceCategory | null;
  relevance: number | null;
};

/** The follow-up facts (name, status, last contact, next step and its date, meeting date) and the signals. */
export type InvestorForScoring = FollowUpFacts & {
  signal_activity: number | null;
  signal_fit: number | null;
  signal_red_flag: string | null;
  /** The fit in words ("Fits Ledgerly on fintech and seed"), when the profile was matched. */
  fit_detail?: string | null;
  /** How much of the profile the fit could see, 0–100 (null: all of it, or no fit). */
  fit_known?: number | null;
  /** Why a known part of the profile is far off for every startup (decision 029), else null. */
  fit_misfit?: string | null;
  /** Why they passed, as the founder recorded it (null or absent: not recorded). */
  pass_reason?: PassReason | null;
  pass_note?: string | null;
};

export type ScoreComponent = { key: string; label: string; points: number; detail: string };
export type ScoreExplained = { total: number; components: ScoreComponent[]; action_reason: string };
export type ScoreResult = { score: number; action: RecommendedAction; explained: ScoreExplained };

const DAY_MS = 86_400_000;
export const EVIDENCE_MAX_AGE_DAYS = 90;

/**
 * Points available per component; they add up to 100 before the red-flag penalty. Fit weighs
 * most because it is known from the first day (the declared profile against the startups); news
 * and activity sharpen it after a refresh. Nothing unknown earns points.
 */
export const MAX_POINTS = { fit: 40, activity: 20, evidence: 20, warmth: 20 } as const;
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
  soft_committed: 20,
  committed: 20,
  passed: 0,
  not_a_fit: 0,
};

/**
 * The relationship part (docs/product.md#scoring-and-actions): the status's warmth, and for an
 * investor not yet contacted the warm path in hand by its strength (PATH_CREDIT), in words
 * ("Not contacted; a strong path through Erik"). At most MAX_POINTS.warmth.
 */
export function relationshipPart(status: RelationshipStatus, intro: WarmPath | null | undefined): { points: number; detail: string } {
  const credit = UNCONTACTED_STATUSES.has(status) ? pathCredit(intro) : 0;
  const points = Math.min(MAX_POINTS.warmth, WARMTH_POINTS[status] + credit);
  return { points, detail: credit > 0 && intro ? `${STATUS_LABELS[status]}; ${pathWords(intro)}` : STATUS_LABELS[status] };
}

/** Statuses with a conversation under way: follow up when it goes quiet, else wait. */
export const IN_PROCESS_STATUSES: ReadonlySet<RelationshipStatus> = new Set([
  "contacted",
  "in_conversation",
  "meeting_scheduled",
  "due_diligence",
]);
export const UNCONTACTED_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["not_contacted", "researching"]);

/** Age in days from publication (else discovery) to `now`; never negative. */
export function evidenceAgeDays(evidence: Pick<EvidenceForScoring, "published_at" | "found_at">, now: Date): number {
  const stamp = Date.parse(evidence.published_at ?? evidence.found_at);
  if (Number.isNaN(stamp)) return EVIDENCE_MAX_AGE_DAYS + 1;
  return Math.max(0, (now.getTime() - stamp) / DAY_MS);
}

/** weight = 0.5 ^ (age / half-life), and 0 past 90 days (docs/product.md#resources). */
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
    IN_PROCESS_STATUSES.has(investor.relationship_status) &&
    investor.last_contact_date !== null &&
    daysSince(investor.last_contact_date, now) >= followUpAfterDays
  );
}

/** Days past the follow-up date (0 = due today); null when no follow-up is due. */
export function daysOverdue(
  investor: Pick<InvestorForScoring, "relationship_status" | "last_contact_date">,
  now: Date,
  followUpAfterDays: number,
): number | null {
  if (!IN_PROCESS_STATUSES.has(investor.relationship_status) || investor.last_contact_date === null) return null;
  const overdue = daysSince(investor.last_contact_date, now) - followUpAfterDays;
  return overdue >= 0 ? overdue : null;
}

/** The decayed, relevance-weighted evidence sum that feeds the evidence component. */
export function evidenceStrength(evidence: readonly EvidenceForScoring[], now: Date, halfLifeDays: number): number {
  return weighEvidence(evidence, now, halfLifeDays).strength;
}

type Weighed = { strength: number; counting: number; newestAgeDays: number | null };

/** One pass over the evidence (re-score runs it for every investor): strength, how many still count, the newest. */
function weighEvidence(evidence: readonly EvidenceForScoring[], now: Date, halfLifeDays: number): Weighed {
  let strength = 0;
  let counting = 0;
  let newestAgeDays: number | null = null;
  for (const item of evidence) {
    const age = evidenceAgeDays(item, now);
    const weight = decayWeight(age, halfLifeDays);
    if (weight === 0) continue;
    counting++;
    if (newestAgeDays === null || age < newestAgeDays) newestAgeDays = age;
    const factor = item.category === null ? UNJUDGED_FACTOR : CATEGORY_FACTOR[item.category];
    const relevance = item.relevance ?? UNJUDGED_RELEVANCE;
    strength += weight * factor * Math.min(1, Math.max(0, relevance));
  }
  return { strength, counting, newestAgeDays };
}

function clampSignal(value: number | null): number | null {
  if (value === null || Number.isNaN(value)) return null;
  return Math.min(100, Math.max(0, value));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "today", "yesterday", "3 days ago". */
export function daysAgoText(days: number): string {
  const whole = Math.max(0, Math.floor(days));
  if (whole === 0) return "today";
  if (whole === 1) return "yesterday";
  return `${whole} days ago`;
}

/** How actively an investor is deploying, in words (the activity signal is 0–100). */
export function activityWords(activity: number | null): string {
  if (activity === null) return "Not known yet: no refresh has looked for their news";
  if (activity >= 70) return "Investing actively: recent deals or a new fund in the news";
  if (activity >= 40) return "Some recent investing in the news";
  if (activity >= 15) return "Little recent investing in the news";
  return "Quiet: no recent investing found";
}

/** A fit number in words, for rows matched before the fit was described (demo data). */
function fitWords(fit: number | null, detail: string | null | undefined): string {
  if (detail) return detail;
  if (fit === null) return "Not known: add your startup and their sectors, stages, geographies or cheque size";
  if (fit >= 75) return "Strong fit with your startups";
  if (fit >= 40) return "Partial fit with your startups";
  return "Little in common with your startups";
}

function evidenceWords(weighed: Weighed, total: number): string {
  if (total === 0) return "No news found yet";
  if (weighed.counting === 0) return `No news in the last ${EVIDENCE_MAX_AGE_DAYS} days`;
  const newest = weighed.newestAgeDays === null ? "" : `, the newest ${daysAgoText(weighed.newestAgeDays)}`;
  return `${plural(weighed.counting, "news item")} in the last ${EVIDENCE_MAX_AGE_DAYS} days${newest}`;
}

export function scoreInvestor(
  investor: InvestorForScoring,
  evidence: readonly EvidenceForScoring[],
  now: Date,
  rules: ScoringRules = DEFAULT_RULES,
): ScoreResult {
  const activity = clampSignal(investor.signal_activity);
  const fit = clampSignal(investor.signal_fit);
  const weighed = weighEvidence(evidence, now, rules.halfLifeDays);

  const components: ScoreComponent[] = [
    {
      key: "fit",
      label: "Fit with your startups",
      points: fit === null ? 0 : round1((fit / 100) * MAX_POINTS.fit),
      detail: fitWords(fit, investor.fit_detail),
    },
    {
      key: "activity",
      label: "Investing now",
      points: activity === null ? 0 : round1((activity / 100) * MAX_POINTS.activity),
      detail: activityWords(activity),
    },
    {
      key: "evidence",
      label: "Fresh news",
      points: round1(Math.min(1, weighed.strength / EVIDENCE_SATURATION) * MAX_POINTS.evidence),
      detail: evidenceWords(weighed, evidence.length),
    },
    { key: "warmth", label: "Relationship", ...relationshipPart(investor.relationship_status, investor.intro) },
  ];
  if (investor.signal_red_flag) {
    components.push({ key: "red_flag", label: "Red flag", points: -RED_FLAG_PENALTY, detail: investor.signal_red_flag });
  }

  const raw = components.reduce((sum, component) => sum + component.points, 0);
  const score = Math.min(100, Math.max(0, Math.round(raw)));
  const knowsSomething = evidence.length > 0 || activity !== null || fit !== null || investor.signal_red_flag !== null;
  const { action, reason } = recommendAction(investor, score, knowsSomething, now, rules, weighed.counting > 0);
  return { score, action, explained: { total: score, components, action_reason: reason } };
}

/**
 * The recommended action and its reason in the founder's words, decided in the docs/product.md#scoring-and-actions order:
 * committed (soft committed its own action, not chased either); don't chase (passed, not a fit, a red flag); follow up or wait for a conversation
 * under way; research when nothing is known; don't chase under the threshold; email first at
 * or above it; else wait, saying what holds them back when the caller can (`waitWords`: app/domain/wait-reason.ts).
 */
export function recommendAction(
  investor: InvestorForScoring,
  score: number,
  knowsSomething: boolean,
  now: Date,
  rules: ScoringRules,
  hasNews = false,
  waitWords: (about: string) => string = plainWaitReason,
): { action: RecommendedAction; reason: string } {
  const status = investor.relationship_status;
  if (status === "committed") return { action: "committed", reason: "Committed: already in your round." };
  if (status === "soft_committed") return { action: "soft_committed", reason: "Soft committed: a verbal yes, not signed yet." };
  if (status === "passed") return { action: "dont_chase", reason: passedReason(investor.pass_reason, investor.pass_note) };
  if (status === "not_a_fit") return { action: "dont_chase", reason: "You marked them not a fit." };
  if (investor.signal_red_flag) return { action: "dont_chase", reason: `Red flag: ${investor.signal_red_flag}` };

  // Follow-ups (decision 030): a next step due, a stalled deal; a planned next step holds them back.
  const due = followUpDue(investor, now, rules.followUpAfterDays);
  if (due) return { action: "follow_up", reason: followUpReason(due, investor, now) };
  // An intro asked of a connector (decision 065): wait on them, not a cold email, until the nudge is due.
  if (pathsMatter(status) && introWaiting(investor.intro)) return { action: "wait", reason: waitingText(investor.intro, dayOf(now)) };
  const planned = plannedStep(investor, now);
  if (planned && (IN_PROCESS_STATUSES.has(status) || status === "intro_requested"))
    return { action: "wait", reason: plannedReason(planned, now) };
  if (IN_PROCESS_STATUSES.has(status)) {
    const label = STATUS_LABELS[status];
    if (investor.last_contact_date === null) {
      return { action: "wait", reason: `${label}. Add the date of your last contact to be reminded when to follow up.` };
    }
    const since = daysSince(investor.last_contact_date, now);
    return {
      action: "wait",
      reason: `${label}; last contact ${daysAgoText(since)}. Follow up in ${plural(rules.followUpAfterDays - since, "day")}.`,
    };
  }
  if (status === "intro_requested") {
    if (investor.last_contact_date === null) {
      return { action: "wait", reason: "Intro requested: wait for the introduction. Add the date you asked to be reminded." };
    }
    const since = daysSince(investor.last_contact_date, now);
    const left = plural(rules.followUpAfterDays - since, "day");
    return { action: "wait", reason: `Intro requested ${daysAgoText(since)}: wait for the introduction. Nudge in ${left}.` };
  }
  // A known part far off (decision 029) rules them out; an unknown part never does.
  if (investor.fit_misfit) return { action: "dont_chase", reason: `Not a fit: ${investor.fit_misfit}.` };
  if (!knowsSomething) {
    return {
      action: "research",
      reason: "Nothing known yet: add their sectors, stages and cheque size (and your startup), or let a refresh look for news.",
    };
  }
  // What to say about them: the fit when it is known, else what the news says.
  const fitKnown = clampSignal(investor.signal_fit) !== null;
  const about = fitKnown ? fitWords(investor.signal_fit, investor.fit_detail) : activityWords(clampSignal(investor.signal_activity));
  if (score < rules.dontChaseThreshold) {
    // A low fit seen through half the profile or less, with no news either, is too little to
    // rule someone out: say what is missing instead.
    const thinProfile = fitKnown && (investor.fit_known ?? 100) < 50 && clampSignal(investor.signal_activity) === null && !hasNews;
    if (thinProfile) return { action: "wait", reason: `Too little known to judge. ${about}.` };
    return { action: "dont_chase", reason: `Not worth chasing now. ${fitKnown ? about : "Quiet lately, with no recent news"}.` };
  }
  if (UNCONTACTED_STATUSES.has(status) && score >= rules.emailFirstThreshold) {
    return { action: "email_first", reason: `Not contacted yet. ${about}.` };
  }
  return { action: "wait", reason: waitWords(about) };
}

/** "They passed: cheque size (only leads from Series A)." — the founder's own reason, else just the fact. */
export function passedReason(reason: PassReason | null | undefined, note: string | null | undefined): string {
  const words = reason && reason !== "no_reason_given" ? PASS_REASON_LABELS[reason].toLowerCase() : null;
  const said = note?.replace(/\s+/g, " ").trim().slice(0, 200) || null;
  if (!words && !said) return "They passed.";
  if (!words) return `They passed: ${said}.`.replace(/\.\.$/, ".");
  return `They passed: ${words}${said ? ` (${said})` : ""}.`;
}
