/**
 * The vocabulary of docs/product.md#resources, shared by forms, the API, import and the scoring rules. No zod here:
 * the dashboard's components import these words, and the browser should not download a validator
 * to print a label. (app/domain/investor.ts re-exports all of it next to the shared schemas.)
 */

export const INVESTOR_KINDS = ["fund", "angel", "accelerator", "corporate", "other"] as const;
export type InvestorKind = (typeof INVESTOR_KINDS)[number];
export const KIND_LABELS: Record<InvestorKind, string> = {
  fund: "Fund",
  angel: "Angel",
  accelerator: "Accelerator",
  corporate: "Corporate",
  other: "Other",
};

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
  "soft_committed",
  "committed",
  "passed",
  "not_a_fit",
] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

/** Where the founder's ask has its answer: a refresh skips them, and the status alone says why not to chase. */
export const CLOSED_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["passed", "not_a_fit", "soft_committed", "committed"]);

/** Takes any text, as rows and demo inputs carry the status as a plain string. */
export function isClosedStatus(status: string): boolean {
  return (CLOSED_STATUSES as ReadonlySet<string>).has(status);
}

export const ACTIONS = ["email_first", "follow_up", "wait", "dont_chase", "research", "soft_committed", "committed"] as const;
export type RecommendedAction = (typeof ACTIONS)[number];

/**
 * The order a founder works in (docs/product.md#scoring-and-actions): who to email, who to follow up, who is in motion, who
 * needs looking into, who to leave alone, who said yes, who is already in. The table's Action sort uses it.
 */
export const ACTION_PRIORITY: Record<RecommendedAction, number> = {
  email_first: 0,
  follow_up: 1,
  wait: 2,
  research: 3,
  dont_chase: 4,
  soft_committed: 5,
  committed: 6,
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
  soft_committed: "Soft committed",
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
  // A verbal yes is not money in: never shown as "Committed" (it is not chased either).
  soft_committed: "Soft committed",
  committed: "Committed",
};

/** The role a founder wants from an investor in this round (the "ask" of docs/product.md#the-round). */
export const ROLES_WANTED = ["lead", "co_lead", "follow"] as const;
export type RoleWanted = (typeof ROLES_WANTED)[number];
export const ROLE_LABELS: Record<RoleWanted, string> = { lead: "A lead", co_lead: "A co-lead", follow: "Followers" };

export const INSTRUMENTS = ["safe", "convertible", "priced"] as const;
export type Instrument = (typeof INSTRUMENTS)[number];
export const INSTRUMENT_LABELS: Record<Instrument, string> = {
  safe: "SAFE",
  convertible: "Convertible note",
  priced: "Priced equity",
};

/**
 * An investor's money and next step (decision 031): user-owned like the status, and carried by the
 * edit form, route #9, the import and both exports under these names.
 */
export const MONEY_AND_NEXT_STEP_FIELDS = [
  "amount",
  "amount_currency",
  "next_step",
  "next_step_date",
  "meeting_date",
  "pass_reason",
  "pass_note",
] as const;

/** Why an investor passed, asked when the status becomes "passed". */
export const PASS_REASONS = ["too_early", "not_our_sector", "cheque_size", "timing", "no_reason_given", "other"] as const;
export type PassReason = (typeof PASS_REASONS)[number];
export const PASS_REASON_LABELS: Record<PassReason, string> = {
  too_early: "Too early",
  not_our_sector: "Not our sector",
  cheque_size: "Cheque size",
  timing: "Timing",
  no_reason_given: "No reason given",
  other: "Other",
};

export const STAGE_LABELS: Record<Stage, string> = {
  pre_seed: "Pre-seed",
  seed: "Seed",
  series_a: "Series A",
  series_b_plus: "Series B+",
};

// ---------------------------------------------------------------------------------------------
// Words people write for stages, kinds and statuses: one table each, read by the import and by the
// scoring rules, so "A-round" means Series A everywhere.

/** Lower case, compatibility forms folded (full-width letters), separators as single spaces. */
export function foldWord(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\-_.]+/g, " ")
    .trim();
}

const STAGE_WORDS: Record<string, readonly Stage[]> = {
  "pre seed": ["pre_seed"],
  preseed: ["pre_seed"],
  "pre seed fund": ["pre_seed"],
  idea: ["pre_seed"],
  ideation: ["pre_seed"],
  "idea or mvp": ["pre_seed"],
  "idea or patent": ["pre_seed"],
  patent: ["pre_seed"],
  "pre revenue": ["pre_seed"],
  "early revenue": ["seed"],
  concept: ["pre_seed"],
  prototype: ["pre_seed"],
  mvp: ["pre_seed"],
  "friends and family": ["pre_seed"],
  angel: ["pre_seed"],
  "angel round": ["pre_seed"],
  seed: ["seed"],
  "seed round": ["seed"],
  "post revenue": ["seed"],
  early: ["pre_seed", "seed"],
  "early stage": ["pre_seed", "seed"],
  a: ["series_a"],
  "a round": ["series_a"],
  "round a": ["series_a"],
  "series a": ["series_a"],
  seriesa: ["series_a"],
  "series +": ["series_a", "series_b_plus"],
  "series+": ["series_a", "series_b_plus"],
  "series ++": ["series_b_plus"],
  "series++": ["series_b_plus"],
  b: ["series_b_plus"],
  "b+": ["series_b_plus"],
  "b round": ["series_b_plus"],
  "series b": ["series_b_plus"],
  seriesb: ["series_b_plus"],
  "series b+": ["series_b_plus"],
  "series b plus": ["series_b_plus"],
  "series b_plus": ["series_b_plus"],
  "series c": ["series_b_plus"],
  "series d": ["series_b_plus"],
  "series c+": ["series_b_plus"],
  c: ["series_b_plus"],
  growth: ["series_b_plus"],
  "growth stage": ["series_b_plus"],
  late: ["series_b_plus"],
  "late stage": ["series_b_plus"],
  expansion: ["series_b_plus"],
  scaling: ["series_b_plus"],
  "pre ipo": ["series_b_plus"],
  // The fixtures' other languages: Japanese, Spanish and Portuguese (LatAm lists).
  プレシード: ["pre_seed"],
  シード: ["seed"],
  アーリー: ["pre_seed", "seed"],
  シリーズa: ["series_a"],
  シリーズb: ["series_b_plus"],
  ミドル: ["series_a", "series_b_plus"],
  レイター: ["series_b_plus"],
  グロース: ["series_b_plus"],
  semilla: ["seed"],
  semente: ["seed"],
  crecimiento: ["series_b_plus"],
  crescimento: ["series_b_plus"],
};
for (const stage of STAGES) STAGE_WORDS[foldWord(stage)] = [stage];

/** "Seed to Growth", "Pre-seed – Series A": both ends must be stage words. */
const STAGE_SPAN = /\s+(?:to|through|until|till|até|hasta|[-–—~〜～])\s+|\s*[–—~〜～]\s*|(?<=\S)\s*(?:から|〜)\s*/u;

/**
 * One written stage ("A-round", "Series A", "Seed to Growth", "Idea") → the stages it names,
 * in STAGES order; empty when the words are not a stage. Lists are split before this.
 */
export function stagesOfWords(text: string): Stage[] {
  const direct = STAGE_WORDS[foldWord(text)];
  if (direct) return [...direct];
  const ends = text.split(STAGE_SPAN);
  if (ends.length === 2) {
    const from = STAGE_WORDS[foldWord(ends[0] ?? "")];
    const to = STAGE_WORDS[foldWord(ends[1] ?? "")];
    if (from && to) {
      const low = Math.min(...from.map((stage) => STAGES.indexOf(stage)));
      const high = Math.max(...to.map((stage) => STAGES.indexOf(stage)));
      return STAGES.filter((_, index) => index >= Math.min(low, high) && index <= Math.max(low, high));
    }
  }
  return [];
}

const KIND_WORDS: Record<string, InvestorKind> = {
  vc: "fund",
  "venture capital": "fund",
  "venture capital fund": "fund",
  "vc fund": "fund",
  "seed fund": "fund",
  "pre seed fund": "fund",
  "micro vc": "fund",
  "multi stage vc": "fund",
  "pe fund": "fund",
  "private equity": "fund",
  "solo capitalist": "fund",
  "public fund": "fund",
  "revenue based": "fund",
  "venture debt": "fund",
  firm: "fund",
  angel: "angel",
  "solo angel": "angel",
  "business angel": "angel",
  "angel investor": "angel",
  "full time angel": "angel",
  "angel network": "angel",
  "angel group": "angel",
  "super angel": "angel",
  individual: "angel",
  person: "angel",
  個人: "angel",
  エンジェル: "angel",
  incubator: "accelerator",
  "startup studio": "accelerator",
  "venture studio": "accelerator",
  インキュベーター: "accelerator",
  アクセラレーター: "accelerator",
  corporate: "corporate",
  "corporate vc": "corporate",
  cvc: "corporate",
  "corporate venture": "corporate",
  "corporate venture capital": "corporate",
  "strategic investor": "corporate",
  法人: "corporate",
  事業会社: "corporate",
  "family office": "other",
  "fund of funds": "other",
  "government fund": "other",
};
for (const kind of INVESTOR_KINDS) KIND_WORDS[foldWord(kind)] = kind;

/**
 * A written kind ("VC", "Solo angel", "Family office", 法人) → the kind; a cell such as
 * "Incubator, Accelerator" is tried item by item and the first known one wins.
 */
export function kindOfWords(text: string): InvestorKind | undefined {
  const whole = KIND_WORDS[foldWord(text)];
  if (whole) return whole;
  for (const item of text.split(/[,;/|\n]/)) {
    const kind = KIND_WORDS[foldWord(item)];
    if (kind) return kind;
  }
  return undefined;
}

const STATUS_WORDS: Record<string, RelationshipStatus> = {
  new: "not_contacted",
  lead: "not_contacted",
  prospect: "not_contacted",
  "to contact": "not_contacted",
  todo: "not_contacted",
  "to do": "not_contacted",
  "not started": "not_contacted",
  未接触: "not_contacted",
  research: "researching",
  "to research": "researching",
  identified: "researching",
  target: "researching",
  調査中: "researching",
  "intro requested": "intro_requested",
  "requested intro": "intro_requested",
  "intro pending": "intro_requested",
  "warm intro requested": "intro_requested",
  "intro needed": "intro_requested",
  紹介依頼中: "intro_requested",
  "reached out": "contacted",
  emailed: "contacted",
  "email sent": "contacted",
  "outreach sent": "contacted",
  "intro made": "contacted",
  introduced: "contacted",
  連絡済: "contacted",
  コンタクト済: "contacted",
  "in talks": "in_conversation",
  talking: "in_conversation",
  engaged: "in_conversation",
  interested: "in_conversation",
  pitched: "in_conversation",
  "first meeting": "in_conversation",
  "second meeting": "in_conversation",
  "follow up": "contacted",
  "meeting held": "in_conversation",
  検討中: "in_conversation",
  "meeting booked": "meeting_scheduled",
  "call scheduled": "meeting_scheduled",
  "meeting set": "meeting_scheduled",
  面談予定: "meeting_scheduled",
  dd: "due_diligence",
  diligence: "due_diligence",
  "partner meeting": "due_diligence",
  "term sheet": "soft_committed",
  "term sheet received": "soft_committed",
  デューデリジェンス: "due_diligence",
  "soft commit": "soft_committed",
  "soft commitment": "soft_committed",
  "verbal commit": "soft_committed",
  verbal: "soft_committed",
  commit: "committed",
  invested: "committed",
  closed: "committed",
  won: "committed",
  signed: "committed",
  承認済: "committed",
  出資済: "committed",
  pass: "passed",
  declined: "passed",
  rejected: "passed",
  lost: "passed",
  "not interested": "passed",
  見送り: "passed",
  "not fit": "not_a_fit",
  "no fit": "not_a_fit",
  対象外: "not_a_fit",
};
for (const status of RELATIONSHIP_STATUSES) {
  STATUS_WORDS[foldWord(status)] = status;
  STATUS_WORDS[foldWord(STATUS_LABELS[status])] = status;
}

/** A written status ("First Meeting", "Intro Requested", 検討中, 見送り) → the status. */
export function statusOfWords(text: string): RelationshipStatus | undefined {
  return STATUS_WORDS[foldWord(text)];
}

/** The largest amount an investor's cheque or a round's target may be: ten billion, in any currency. */
export const MAX_AMOUNT = 10_000_000_000;
