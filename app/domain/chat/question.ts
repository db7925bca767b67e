import { fold } from "../palette-search.ts";
import type { RecommendedAction, RelationshipStatus, Stage } from "../vocabulary.ts";
import type { ChatInvestor } from "./schema.ts";

/** Reading a question: which investors it names, and which actions, statuses, stages, sectors and places it filters on. Pure. */

/**
 * Folded words separated by single spaces: accents, case and punctuation do not matter
 * ("lukasz" finds "Łukasz" and "weiss" finds "Weiß": `fold` spells out ł, ß and the like).
 */
export function normalize(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** `phrase` (normalized) occurs in `padded` (normalized, with a space at each end) as whole words. */
function hasPhrase(padded: string, phrase: string): boolean {
  return phrase !== "" && padded.includes(` ${phrase} `);
}

function removePhrase(padded: string, phrase: string): string {
  return phrase === "" ? padded : padded.split(` ${phrase} `).join("  ");
}

/**
 * Words that never identify an investor on their own, even when one investor's name or firm
 * contains them: the chat's own vocabulary ("chase", "first", "seed") and common English.
 * A full name or firm name still matches ("Chase Coleman").
 */
const STOP_WORDS = new Set(
  (
    "a about after all also am an and any anyone are as at be been before best by can chase chasing could did do does " +
    "due email emails first follow followup followups for from get good has have how i if in into is it its last let " +
    "list me more most my new next no not now of on one or our out over pass passed please right should show so stand " +
    "status still than that the their them then there these they this to today top up us was we week what when where " +
    "which who whom why will with worth would you your investor investors fund funds vc vcs angel angels firm partner " +
    "partners capital ventures venture seed series stage round contact contacted meeting talk talks wait research update"
  ).split(" "),
);

/** Words too generic to stand for a firm alone ("Capital" is half the firms in a pipeline). */
const GENERIC_FIRM_WORDS = new Set(
  "capital ventures venture partners partner fund funds group holdings investments invest management labs lab vc angels angel seed growth equity advisors associates the and of".split(
    " ",
  ),
);

const MIN_NAME_PART = 3;
const MIN_FIRM_WORD = 4;

export type Filters = {
  actions: Set<RecommendedAction>;
  statuses: Set<RelationshipStatus>;
  stages: Set<Stage>;
  /** Normalized sector and geography values, as they appear in the investors' lists. */
  sectors: Set<string>;
  geographies: Set<string>;
};

type QuestionReading = {
  /** Investors the question names (by name, unique name part, or firm), in the order named. */
  named: ChatInvestor[];
  filters: Filters;
  /** Investors passing every filter, best score first (empty when the question has no filter). */
  filtered: ChatInvestor[];
  asksStanding: boolean;
};

// Patterns run on normalized text padded with spaces: "don't" is "don t", "follow-up" is "follow up".
const ACTION_PATTERNS: ReadonlyArray<readonly [RecommendedAction, RegExp]> = [
  [
    "dont_chase",
    /\b(?:don t|dont|do not|not|never|stop|shouldn t|should not|no need to)(?: i)?(?: to)?(?: bother)?(?: with)? (?:chas(?:e|ing)|email(?:ing)?|contact(?:ing)?|pitch(?:ing)?|approach(?:ing)?|bother(?:ing)?)\b|\bavoid\b|\bnot worth\b|\bskip\b/,
  ],
  ["follow_up", /\bfollow(?:ing)? ?ups?\b|\boverdue\b|\bdue\b(?! diligence| to\b)/],
  [
    "email_first",
    /\bemail(?:ing)? first\b|\bfirst emails?\b|\b(?:reach out|write|contact|pitch|approach) (?:to )?first\b|(?<!\bnot |\bdon t |\bdont |\bnever )\b(?:who(?:m)?(?: should i| do i| can i| shall i)?|to|should i|can i) (?:email|contact|reach out to|pitch|write to|approach)\b/,
  ],
  ["wait", /\bwait(?:ing)?\b|\bon hold\b/],
  ["research", /\bresearch\b|\bno data\b/],
];

// Longest first, and each match is removed before the next: "not contacted" is not "contacted".
const STATUS_PATTERNS: ReadonlyArray<readonly [RelationshipStatus, RegExp]> = [
  ["not_contacted", / (?:not yet contacted|not contacted|never contacted|haven t contacted|have not contacted|uncontacted) /g],
  ["intro_requested", / (?:intros? requested|requested (?:an )?intros?|intro pending) /g],
  ["meeting_scheduled", / (?:meetings? scheduled|scheduled meetings?|meetings?) /g],
  ["in_conversation", / (?:in conversations?|in talks|talking to) /g],
  ["due_diligence", / (?:due diligence|diligence) /g],
  ["not_a_fit", / (?:not a (?:good )?fit|not fit|no fit) /g],
  ["researching", / researching /g],
  ["contacted", / contacted /g],
  ["soft_committed", / (?:soft committed|soft commit(?:ment)?s?|soft circled|soft) /g],
  ["committed", / (?:committed|commitments?) /g],
  ["passed", / (?:passed|declined) /g],
];

const STAGE_PATTERNS: ReadonlyArray<readonly [Stage, RegExp]> = [
  ["pre_seed", / (?:pre seed|preseed) /g],
  ["series_b_plus", / (?:series b(?: plus)?|series [c-z]|growth stage|later stage|late stage) /g],
  ["series_a", / series a /g],
  ["seed", / seed /g],
];

function blankAll(padded: string, pattern: RegExp): { found: boolean; rest: string } {
  let found = false;
  // Matches consume their surrounding spaces, so replace with two spaces and loop for neighbours.
  let rest = padded;
  for (;;) {
    const next = rest.replace(pattern, () => {
      found = true;
      return "  ";
    });
    if (next === rest) break;
    rest = next;
  }
  return { found, rest };
}

/** A sector or geography value as a phrase to find, with plurals and "European" for "Europe". */
function mentionsValue(padded: string, message: string, raw: string, value: string): boolean {
  if (value === "") return false;
  // "US" is a place, "us" is a pronoun: a value that is also an everyday word must be written as in the data.
  if (STOP_WORDS.has(value)) {
    const escaped = raw.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return escaped !== "" && new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u").test(message);
  }
  if (hasPhrase(padded, value)) return true;
  if (value.length < 4) return false;
  return ["s", "n", "an"].some((suffix) => hasPhrase(padded, `${value}${suffix}`));
}

function profileVocabulary(investors: readonly ChatInvestor[], pick: (investor: ChatInvestor) => readonly string[]) {
  const vocabulary = new Map<string, string>();
  for (const investor of investors) {
    for (const raw of pick(investor)) {
      if (typeof raw !== "string") continue;
      const value = normalize(raw);
      if (value !== "" && !vocabulary.has(value)) vocabulary.set(value, raw);
    }
  }
  return vocabulary;
}

export function readQuestion(message: string, investors: readonly ChatInvestor[]): QuestionReading {
  const sectorWords = profileVocabulary(investors, (investor) => investor.sectors ?? []);
  const geographyWords = profileVocabulary(investors, (investor) => investor.geographies ?? []);
  const vocabulary = new Set([...sectorWords.keys(), ...geographyWords.keys()]);
  const isDistinctive = (word: string, minLength: number) =>
    word.length >= minLength && !STOP_WORDS.has(word) && !vocabulary.has(word) && !/^\p{N}+$/u.test(word);

  const original = ` ${normalize(message)} `;
  let padded = original;
  const found = new Map<number, { investor: ChatInvestor; at: number }>();
  const note = (investor: ChatInvestor, phrase: string) => {
    const at = original.indexOf(` ${phrase} `);
    const seen = found.get(investor.id);
    if (!seen || at < seen.at) found.set(investor.id, { investor, at });
  };

  const nameParts = new Map<string, ChatInvestor[]>();
  const firms = new Map<string, ChatInvestor[]>();
  const fullNames = new Map<string, ChatInvestor[]>();
  const add = (map: Map<string, ChatInvestor[]>, key: string, investor: ChatInvestor) => {
    if (key === "") return;
    const list = map.get(key) ?? [];
    list.push(investor);
    map.set(key, list);
  };
  for (const investor of investors) {
    const name = normalize(investor.name ?? "");
    add(fullNames, name, investor);
    for (const part of new Set(name.split(" "))) add(nameParts, part, investor);
    add(firms, normalize(investor.firm ?? ""), investor);
  }
  // Full names and firm names first, longest first, each removed once found: "Ada Lovelace"
  // is not also a mention of an investor called just "Ada".
  const phrases = [...fullNames, ...firms].sort(([a], [b]) => b.length - a.length);
  for (const [phrase, owners] of phrases) {
    // A one-word name is held to the same test as a part: an angel called "Chase" is not
    // every question about who not to chase.
    const oneWord = !phrase.includes(" ");
    if (oneWord && (GENERIC_FIRM_WORDS.has(phrase) || !isDistinctive(phrase, MIN_NAME_PART))) continue;
    if (!hasPhrase(padded, phrase)) continue;
    for (const investor of owners) note(investor, phrase);
    padded = removePhrase(padded, phrase);
  }
  // Then one part of a name ("zoe", "lovelace") when exactly one investor has it.
  for (const [part, owners] of nameParts) {
    if (owners.length !== 1 || !isDistinctive(part, MIN_NAME_PART) || !hasPhrase(padded, part)) continue;
    note(owners[0]!, part);
    padded = removePhrase(padded, part);
  }
  // And the head word of a firm ("Kestrel" for Kestrel Peak Partners) when no other firm starts with it.
  const heads = new Map<string, string[]>();
  for (const firm of firms.keys()) {
    const head = firm.split(" ")[0]!;
    heads.set(head, [...(heads.get(head) ?? []), firm]);
  }
  for (const [head, owners] of heads) {
    if (owners.length !== 1 || GENERIC_FIRM_WORDS.has(head) || !isDistinctive(head, MIN_FIRM_WORD) || !hasPhrase(padded, head)) continue;
    for (const investor of firms.get(owners[0]!) ?? []) note(investor, head);
    padded = removePhrase(padded, head);
  }
  const named = [...found.values()].sort((a, b) => a.at - b.at || a.investor.id - b.investor.id).map((entry) => entry.investor);

  // What is left has no names in it: "Carpathia Seed Fund" does not ask for every seed investor.
  const filters: Filters = { actions: new Set(), statuses: new Set(), stages: new Set(), sectors: new Set(), geographies: new Set() };
  for (const [action, pattern] of ACTION_PATTERNS) if (pattern.test(padded)) filters.actions.add(action);
  for (const [status, pattern] of STATUS_PATTERNS) {
    const { found: hit, rest } = blankAll(padded, pattern);
    if (hit) filters.statuses.add(status);
    padded = rest;
  }
  for (const [stage, pattern] of STAGE_PATTERNS) {
    const { found: hit, rest } = blankAll(padded, pattern);
    if (hit) filters.stages.add(stage);
    padded = rest;
  }
  for (const [value, raw] of sectorWords) if (mentionsValue(padded, message, raw, value)) filters.sectors.add(value);
  for (const [value, raw] of geographyWords) if (mentionsValue(padded, message, raw, value)) filters.geographies.add(value);

  const hasFilter = Object.values(filters).some((set) => set.size > 0);
  const filtered = hasFilter ? byScore(investors.filter((investor) => passes(investor, filters))) : [];
  const asksStanding = /\b(?:stand|standing|status|where are we|where am i|how is|how s|update on|tell me about|what about)\b/.test(
    ` ${normalize(message)} `,
  );
  return { named, filters, filtered, asksStanding };
}

function someNormalized(values: readonly string[] | undefined, wanted: Set<string>): boolean {
  return (values ?? []).some((value) => typeof value === "string" && wanted.has(normalize(value)));
}

/** Within one kind of filter any value will do; across kinds all must hold ("fintech seed in Europe"). */
export function passes(investor: ChatInvestor, filters: Filters, options: { actions: boolean } = { actions: true }): boolean {
  if (options.actions && filters.actions.size > 0 && !filters.actions.has(investor.action)) return false;
  if (filters.statuses.size > 0 && !filters.statuses.has(investor.relationship_status as RelationshipStatus)) return false;
  if (filters.stages.size > 0 && !(investor.stages ?? []).some((stage) => filters.stages.has(stage as Stage))) return false;
  if (filters.sectors.size > 0 && !someNormalized(investor.sectors, filters.sectors)) return false;
  if (filters.geographies.size > 0 && !someNormalized(investor.geographies, filters.geographies)) return false;
  return true;
}

export function byScore(investors: readonly ChatInvestor[]): ChatInvestor[] {
  return [...investors].sort((a, b) => b.score - a.score || a.id - b.id);
}

/**
 * The investors a question is about: those it names (full name, a unique part of a name, a firm),
 * then those passing the filters its words ask for (an action, a status, a sector, a stage, a
 * geography), best score first. Accents and case do not matter: "zoe" finds "Zoë Ångström".
 */
export function findMentionedInvestors(message: string, investors: ChatInvestor[]): ChatInvestor[] {
  const reading = readQuestion(message, investors);
  return dedupe([...reading.named, ...reading.filtered]);
}

export function dedupe(investors: readonly ChatInvestor[]): ChatInvestor[] {
  const seen = new Set<number>();
  const result: ChatInvestor[] = [];
  for (const investor of investors) {
    if (seen.has(investor.id)) continue;
    seen.add(investor.id);
    result.push(investor);
  }
  return result;
}

/** A question about the round's money (docs/product.md#the-round), answered with amounts by rule. */
export type MoneyQuestion = "progress" | "committed" | "soft" | "status_amounts";

/**
 * Whether the question asks about money: how close the round is, how much is committed, who is
 * soft, or what a status holds "and for how much". Patterns on the normalized, padded text.
 */
export function readMoneyQuestion(message: string): MoneyQuestion | undefined {
  const text = ` ${normalize(message.slice(0, 500))} `;
  if (/ how (?:close|far) | progress | raised so far | how much (?:have i|did i|i ve|ive) raised | the round /.test(text))
    return "progress";
  if (/ (?:who|which)(?: investors?)?(?: is| are| s)? soft /.test(text) || / soft (?:commits?|committed|circled) investors? /.test(text))
    return "soft";
  const howMuch = / how much | for how much | amounts? | worth | total /.test(text);
  if (howMuch && / (?:committed|commitments?) /.test(text) && !/ (?:due diligence|diligence|meetings?|talks|conversation) /.test(text))
    return "committed";
  if (howMuch) return "status_amounts";
  return undefined;
}
