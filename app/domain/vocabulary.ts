/**
 * The vocabulary of docs/product.md#resources, shared by forms, the API, import and the scoring rules. No zod here:
 * the dashboard's components import these words, and the browser should not download a validator
 * to print a label. (app/domain/investor.ts re-exports all of it next to the shared schemas.)
 */

export const INVESTOR_KINDS = ["fund", "angel", "accelerator", "corporate", "other"] as const;
export type InvestorKind = (typeof INVESTOR_KINDS)[number];

export const STAGES = ["pre_seed", "seed", "series_a", "series_b_plus"] as const;
export type Stage = (typeof STAGES)[number];

export const RELATIONSHIP_STATUSES = [
  "not_contacted",
  "researching",
  "intro_requested",
  "contacted",
  "in_conversation",
  "meeting_scheduled",
  "due_diligence",
  "committed",
  "passed",
  "not_a_fit",
] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

/** Where the founder's ask has its answer: a refresh skips them, and the status alone says why not to chase. */
export const CLOSED_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["passed", "not_a_fit", "committed"]);

/** Takes any text, as rows and demo inputs carry the status as a plain string. */
export function isClosedStatus(status: string): boolean {
  return (CLOSED_STATUSES as ReadonlySet<string>).has(status);
}

export const ACTIONS = ["email_first", "follow_up", "wait", "dont_chase", "research", "committed"] as const;
export type RecommendedAction = (typeof ACTIONS)[number];

/**
 * The order a founder works in (docs/product.md#scoring-and-actions): who to email, who to follow up, who is in motion, who
 * needs looking into, who to leave alone, who is already in. The table's Action sort uses it.
 */
export const ACTION_PRIORITY: Record<RecommendedAction, number> = {
  email_first: 0,
  follow_up: 1,
  wait: 2,
  research: 3,
  dont_chase: 4,
  committed: 5,
};

export const EVIDENCE_CATEGORIES = ["new_fund", "deal", "hire_or_departure", "thesis_or_content", "negative", "irrelevant"] as const;
export type EvidenceCategory = (typeof EVIDENCE_CATEGORIES)[number];

export const STATUS_LABELS: Record<RelationshipStatus, string> = {
  not_contacted: "Not contacted",
  researching: "Researching",
  intro_requested: "Intro requested",
  contacted: "Contacted",
  in_conversation: "In conversation",
  meeting_scheduled: "Meeting scheduled",
  due_diligence: "Due diligence",
  committed: "Committed",
  passed: "Passed",
  not_a_fit: "Not a fit",
};

export const ACTION_LABELS: Record<RecommendedAction, string> = {
  email_first: "Email first",
  follow_up: "Follow up",
  wait: "Wait",
  dont_chase: "Don't chase",
  research: "Research",
  committed: "Committed",
};

export const STAGE_LABELS: Record<Stage, string> = {
  pre_seed: "Pre-seed",
  seed: "Seed",
  series_a: "Series A",
  series_b_plus: "Series B+",
};
