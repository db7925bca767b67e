import { z } from "zod";
import { fold } from "./palette-search.ts";
import { STAGES, STAGE_LABELS, STATUS_LABELS, type RecommendedAction, type RelationshipStatus, type Stage } from "./investor.ts";
import {
  RED_FLAG_PENALTY,
  WARMTH_POINTS,
  activityWords,
  daysAgoText,
  decayWeight,
  evidenceAgeDays,
  recommendAction,
  type EvidenceForScoring,
  type ScoreComponent,
  type ScoreExplained,
  type ScoringRules,
} from "./scoring.ts";

/**
 * A startup's rubric (docs/product.md#resources) and the per-startup score it produces (docs/product.md#scoring-and-actions). Pure: no
 * database, no clock (pass `now`), no network. The model may draft a rubric, but every number
 * that ranks investors comes from the fixed rules below, so an edited rubric re-scores at once.
 */

// ---------------------------------------------------------------------------------------------
// Startup input (route #10 and the /startups/new form)

const MAX_USD = 10_000_000_000;

/** Names the allowed values: a founder who typed "Series A" learns the spelling we expect. */
const stageSchema = z.enum(STAGES, { error: () => `must be one of: ${STAGES.join(", ")}` });

export const startupInputSchema = z.strictObject({
  name: z.string().trim().min(1, "is required").max(120),
  pitch: z.string().trim().min(1, "is required").max(2_000),
  sector: z.string().trim().min(1, "is required").max(80),
  stage: stageSchema,
  geography: z.string().trim().max(80).nullish(),
  round_size: z.number().int("must be a whole number of USD").positive().max(MAX_USD).nullish(),
  ask: z.string().trim().max(500).nullish(),
});
export type StartupInput = z.infer<typeof startupInputSchema>;

// ---------------------------------------------------------------------------------------------
// The rubric

export const RUBRIC_WEIGHT_KEYS = ["sector", "stage", "geography", "check_size", "activity", "evidence_relevance", "relationship"] as const;
export type RubricWeightKey = (typeof RUBRIC_WEIGHT_KEYS)[number];

export const MAX_WEIGHT = 10;
export const MAX_KEYWORDS = 30;
export const MAX_KEYWORD_CHARS = 60;
export const MAX_GEOGRAPHIES = 30;
export const MAX_GEOGRAPHY_CHARS = 80;

/** A sector match matters most, then stage; the rest refine the order within a good fit. */
export const DEFAULT_WEIGHTS: Record<RubricWeightKey, number> = {
  sector: 8,
  stage: 7,
  geography: 4,
  check_size: 4,
  activity: 6,
  evidence_relevance: 6,
  relationship: 5,
};
/** Slightly above the global line (50): a per-startup "email first" should mean a real fit. */
export const DEFAULT_THRESHOLDS = { email_first: 55, dont_chase: 20 } as const;

const weightSchema = z.number().min(0).max(MAX_WEIGHT);
const usdSchema = z.number().int("must be a whole number of USD").min(0).max(MAX_USD);
const thresholdSchema = z.number().min(0).max(100);

export const rubricSchema = z.strictObject({
  weights: z
    .strictObject({
      sector: weightSchema,
      stage: weightSchema,
      geography: weightSchema,
      check_size: weightSchema,
      activity: weightSchema,
      evidence_relevance: weightSchema,
      relationship: weightSchema,
    })
    .refine((weights) => Object.values(weights).some((weight) => weight > 0), "at least one weight must be above 0"),
  sector_keywords: z.array(z.string().trim().min(1).max(MAX_KEYWORD_CHARS)).max(MAX_KEYWORDS),
  stages: z.array(stageSchema).max(STAGES.length),
  geographies: z.array(z.string().trim().min(1).max(MAX_GEOGRAPHY_CHARS)).max(MAX_GEOGRAPHIES),
  check_size: z
    .strictObject({ min: usdSchema.optional(), max: usdSchema.optional() })
    .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
      message: "min must not be above max",
      path: ["min"],
    }),
  thresholds: z
    .strictObject({ email_first: thresholdSchema, dont_chase: thresholdSchema })
    .refine((thresholds) => thresholds.dont_chase < thresholds.email_first, {
      message: "must be below email_first",
      path: ["dont_chase"],
    }),
});
export type Rubric = z.infer<typeof rubricSchema>;

/** Route #12's body. One strict object (not a union) so an unknown key is named in the error. */
export const rubricPatchSchema = z
  .strictObject({ rubric: rubricSchema.optional(), action: z.literal("regenerate").optional() })
  .refine((body) => (body.rubric === undefined) !== (body.action === undefined), {
    message: 'send either {"rubric": {...}} or {"action": "regenerate"}',
  });

// ---------------------------------------------------------------------------------------------
// Text matching shared by sectors and geographies

/** Lower case, accents gone, punctuation as spaces: "FinTech/Paiements" ≈ "fintech paiements". */
/** Folded words (accents, case, ł/ß/ø and the like as the palette folds them), single spaces. */
function normalize(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}+]+/gu, " ")
    .trim();
}

/** Short words match whole only, so "AI" does not match "air" and "US" does not match "user". */
const MIN_PREFIX_CHARS = 4;

/**
 * True when one phrase appears in the other starting at a word boundary, so plurals and longer
 * forms match ("payment" ~ "payments", "health" ~ "healthcare", "europe" ~ "western europe").
 */
function phrasesMatch(a: string, b: string): boolean {
  if (!a || !b) return false;
  return containsAtWordStart(a, b) || containsAtWordStart(b, a);
}

function containsAtWordStart(haystack: string, needle: string): boolean {
  const words = ` ${haystack} `;
  if (needle.length < MIN_PREFIX_CHARS) return words.includes(` ${needle} `);
  return words.includes(` ${needle}`);
}

function dedupe(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const key = normalize(value);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(value);
  }
  return kept;
}

const GENERALIST_WORDS = ["generalist", "sector agnostic", "agnostic", "all sectors", "any sector", "multi sector"];
const GLOBAL_WORDS = ["global", "worldwide", "anywhere", "international"];

/** Spellings of the same place, so "USA" meets "United States" and "UK" meets "United Kingdom". */
const PLACE_ALIASES: Record<string, string> = {
  us: "united states",
  usa: "united states",
  "u s": "united states",
  "u s a": "united states",
  "united states of america": "united states",
  america: "united states",
  uk: "united kingdom",
  "u k": "united kingdom",
  "great britain": "united kingdom",
  britain: "united kingdom",
  england: "united kingdom",
  eu: "europe",
  emea: "europe",
  nyc: "new york",
  sf: "san francisco",
  "bay area": "san francisco",
};

function normalizePlace(text: string): string {
  const normalized = normalize(text);
  return PLACE_ALIASES[normalized] ?? normalized;
}

// ---------------------------------------------------------------------------------------------
// Model output → a valid rubric, or nothing

function toNumber(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : undefined;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A list from a model: an array of strings, or one comma-separated string. */
function cleanList(value: unknown, maxItems: number, maxChars: number): string[] {
  const items = typeof value === "string" ? value.split(/[,;]/) : Array.isArray(value) ? value : [];
  const cleaned = items
    .filter((item): item is string => typeof item === "string")
    .map((item) => item.replace(/\s+/g, " ").trim().slice(0, maxChars).trim())
    .filter((item) => item.length > 0);
  return dedupe(cleaned).slice(0, maxItems);
}

const STAGE_ALIASES: Record<string, Stage> = {
  pre_seed: "pre_seed",
  preseed: "pre_seed",
  seed: "seed",
  series_a: "series_a",
  seriesa: "series_a",
  a: "series_a",
  series_b_plus: "series_b_plus",
  series_b: "series_b_plus",
  "series_b+": "series_b_plus",
  series_c: "series_b_plus",
  series_d: "series_b_plus",
  growth: "series_b_plus",
};

function toStage(value: unknown): Stage | undefined {
  if (typeof value !== "string") return undefined;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return STAGE_ALIASES[key];
}

/**
 * Turns a model's rubric into a valid one: numbers coerced and clamped into range, unknown
 * stages dropped, lists trimmed and deduplicated, inverted thresholds replaced by the defaults.
 * Undefined when nothing usable is left (not an object, no weights, no sector keyword or no
 * stage): the caller then falls back to the labelled default rubric rather than rank by noise.
 */
export function clampRubric(raw: unknown): Rubric | undefined {
  if (!isRecord(raw) || !isRecord(raw.weights)) return undefined;
  const rawWeights = raw.weights;
  let anyWeightGiven = false;
  const weights = {} as Record<RubricWeightKey, number>;
  for (const key of RUBRIC_WEIGHT_KEYS) {
    const value = toNumber(rawWeights[key]);
    if (value !== undefined) anyWeightGiven = true;
    weights[key] = value === undefined ? DEFAULT_WEIGHTS[key] : clamp(value, 0, MAX_WEIGHT);
  }
  if (!anyWeightGiven) return undefined;
  if (RUBRIC_WEIGHT_KEYS.every((key) => weights[key] === 0)) Object.assign(weights, DEFAULT_WEIGHTS);

  const sector_keywords = cleanList(raw.sector_keywords, MAX_KEYWORDS, MAX_KEYWORD_CHARS);
  const stageList = Array.isArray(raw.stages) ? raw.stages : typeof raw.stages === "string" ? raw.stages.split(/[,;]/) : [];
  const stages = STAGES.filter((stage) => stageList.some((value) => toStage(value) === stage));
  if (sector_keywords.length === 0 || stages.length === 0) return undefined;
  const geographies = cleanList(raw.geographies, MAX_GEOGRAPHIES, MAX_GEOGRAPHY_CHARS);

  const check_size: Rubric["check_size"] = {};
  if (isRecord(raw.check_size)) {
    const bounds = [toNumber(raw.check_size.min), toNumber(raw.check_size.max)].map((value) =>
      value === undefined || value < 0 ? undefined : Math.round(Math.min(value, MAX_USD)),
    );
    let [min, max] = bounds;
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    if (min !== undefined) check_size.min = min;
    if (max !== undefined) check_size.max = max;
  }

  const rawThresholds = isRecord(raw.thresholds) ? raw.thresholds : {};
  const emailFirst = toNumber(rawThresholds.email_first);
  const dontChase = toNumber(rawThresholds.dont_chase);
  let thresholds: Rubric["thresholds"] = {
    email_first: emailFirst === undefined ? DEFAULT_THRESHOLDS.email_first : clamp(emailFirst, 0, 100),
    dont_chase: dontChase === undefined ? DEFAULT_THRESHOLDS.dont_chase : clamp(dontChase, 0, 100),
  };
  if (thresholds.dont_chase >= thresholds.email_first) thresholds = { ...DEFAULT_THRESHOLDS };

  const result = rubricSchema.safeParse({ weights, sector_keywords, stages, geographies, check_size, thresholds });
  return result.success ? result.data : undefined;
}

// ---------------------------------------------------------------------------------------------
// The default rubric (no model)

/** Words that say nothing about a sector on their own: "climate tech" keeps "climate". */
const FILLER_WORDS = new Set([
  "and",
  "or",
  "the",
  "of",
  "for",
  "tech",
  "technology",
  "technologies",
  "startup",
  "startups",
  "platform",
  "platforms",
  "solutions",
  "software",
]);

/** Common sectors and the words investors use for them in their own profiles. */
const SECTOR_SYNONYMS: Array<{ triggers: string[]; keywords: string[] }> = [
  {
    triggers: ["fintech", "finance", "financial services", "payments", "banking", "insurtech", "lending", "neobank"],
    keywords: ["fintech", "payments", "banking", "financial services", "insurtech", "lending"],
  },
  {
    triggers: ["climate", "climatetech", "climate tech", "cleantech", "energy", "carbon", "sustainability", "greentech"],
    keywords: ["climate", "energy", "carbon", "sustainability", "cleantech"],
  },
  {
    triggers: ["health", "healthcare", "healthtech", "medtech", "digital health", "biotech", "medical"],
    keywords: ["health", "healthcare", "medtech", "digital health", "biotech"],
  },
  {
    triggers: ["ai", "artificial intelligence", "machine learning", "ml", "llm", "genai", "generative ai", "deep learning"],
    keywords: ["AI", "artificial intelligence", "machine learning", "LLM", "generative AI"],
  },
  {
    triggers: ["devtools", "dev tools", "developer tools", "developer", "devops", "infrastructure", "open source"],
    keywords: ["devtools", "developer tools", "infrastructure", "devops", "open source"],
  },
  {
    triggers: ["edtech", "education", "learning"],
    // Not "learning" alone: it would match every "machine learning" investor.
    keywords: ["edtech", "education", "e-learning"],
  },
  {
    triggers: ["ecommerce", "e commerce", "retail", "commerce", "marketplace", "marketplaces"],
    keywords: ["ecommerce", "retail", "marketplaces", "consumer"],
  },
  {
    triggers: ["proptech", "real estate", "construction"],
    keywords: ["proptech", "real estate", "construction"],
  },
  {
    triggers: ["cybersecurity", "security", "cyber"],
    keywords: ["cybersecurity", "security"],
  },
  {
    triggers: ["saas", "b2b", "enterprise"],
    keywords: ["SaaS", "B2B", "enterprise software"],
  },
];

/** Place → the wider region an investor may list instead (city → country → region). */
const PLACE_REGIONS: Record<string, string[]> = {
  nordics: ["Europe"],
  scandinavia: ["Nordics", "Europe"],
  baltics: ["Europe"],
  dach: ["Europe"],
  cee: ["Europe"],
  benelux: ["Europe"],
  austria: ["DACH", "Europe"],
  latvia: ["Baltics", "Europe"],
  lithuania: ["Baltics", "Europe"],
  romania: ["CEE", "Europe"],
  "czech republic": ["CEE", "Europe"],
  greece: ["Europe"],
  france: ["Europe"],
  germany: ["Europe"],
  "united kingdom": ["Europe"],
  spain: ["Europe"],
  italy: ["Europe"],
  portugal: ["Europe"],
  netherlands: ["Europe"],
  belgium: ["Europe"],
  switzerland: ["Europe"],
  ireland: ["Europe"],
  sweden: ["Nordics", "Europe"],
  denmark: ["Nordics", "Europe"],
  norway: ["Nordics", "Europe"],
  finland: ["Nordics", "Europe"],
  estonia: ["Baltics", "Europe"],
  poland: ["CEE", "Europe"],
  paris: ["France", "Europe"],
  lyon: ["France", "Europe"],
  berlin: ["Germany", "Europe"],
  munich: ["Germany", "Europe"],
  london: ["United Kingdom", "Europe"],
  madrid: ["Spain", "Europe"],
  barcelona: ["Spain", "Europe"],
  amsterdam: ["Netherlands", "Europe"],
  stockholm: ["Sweden", "Nordics", "Europe"],
  "united states": ["North America"],
  canada: ["North America"],
  "new york": ["United States", "North America"],
  "san francisco": ["United States", "North America"],
  boston: ["United States", "North America"],
  toronto: ["Canada", "North America"],
  india: ["Asia"],
  singapore: ["Southeast Asia", "Asia"],
  indonesia: ["Southeast Asia", "Asia"],
  japan: ["Asia"],
  "south korea": ["Asia"],
  israel: ["Middle East"],
  "united arab emirates": ["Middle East"],
  uae: ["Middle East"],
  brazil: ["Latin America"],
  mexico: ["Latin America"],
  argentina: ["Latin America"],
  colombia: ["Latin America"],
  nigeria: ["Africa"],
  kenya: ["Africa"],
  "south africa": ["Africa"],
  egypt: ["Africa", "Middle East"],
  australia: ["Oceania"],
};

function sectorKeywords(sector: string): string[] {
  const phrases = sector
    .split(/[,/&;|+]|\s+and\s+/i)
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter((part) => part.length > 0);
  const words = phrases.flatMap((phrase) => phrase.split(" ")).filter((word) => !FILLER_WORDS.has(normalize(word)));
  const found = [...phrases, ...words].filter((item) => normalize(item).length > 0);
  const probes = new Set(found.map(normalize));
  for (const group of SECTOR_SYNONYMS) {
    if (group.triggers.some((trigger) => probes.has(trigger))) found.push(...group.keywords);
  }
  return dedupe(found.map((item) => item.slice(0, MAX_KEYWORD_CHARS).trim())).slice(0, MAX_KEYWORDS);
}

function geographyList(geography: string | null | undefined): string[] {
  if (!geography) return [];
  const places = geography
    .split(/[,/;|]/)
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter((part) => part.length > 0);
  const found = [...places];
  for (const place of places) found.push(...(PLACE_REGIONS[normalizePlace(place)] ?? []));
  return dedupe(found.map((item) => item.slice(0, MAX_GEOGRAPHY_CHARS).trim())).slice(0, MAX_GEOGRAPHIES);
}

/**
 * The startup's stage and the next one up: investors listing the next stage routinely write the
 * first cheque of their range a stage earlier, while an earlier-stage investor rarely leads a
 * later round. Series B+ has nothing above it, so it takes Series A.
 */
function neighbouringStages(stage: Stage): Stage[] {
  const index = STAGES.indexOf(stage);
  const next = STAGES[index + 1] ?? STAGES[index - 1];
  return STAGES.filter((candidate) => candidate === stage || candidate === next);
}

/** One cheque is usefully between 5% and 40% of the round: smaller is noise, larger is a lead. */
export const CHECK_SHARE_OF_ROUND = { min: 5, max: 40 } as const;

export function defaultRubric(startup: StartupInput): Rubric {
  const check_size: Rubric["check_size"] = {};
  if (startup.round_size) {
    check_size.min = Math.round((startup.round_size * CHECK_SHARE_OF_ROUND.min) / 100);
    check_size.max = Math.round((startup.round_size * CHECK_SHARE_OF_ROUND.max) / 100);
  }
  return {
    weights: { ...DEFAULT_WEIGHTS },
    sector_keywords: sectorKeywords(startup.sector),
    stages: neighbouringStages(startup.stage),
    geographies: geographyList(startup.geography),
    check_size,
    thresholds: { ...DEFAULT_THRESHOLDS },
  };
}

// ---------------------------------------------------------------------------------------------
// Per-startup score

export type RubricInvestor = {
  id: number;
  sectors: string[];
  stages: string[];
  geographies: string[];
  check_min: number | null;
  check_max: number | null;
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
  signal_activity: number | null;
  signal_red_flag: string | null;
};

/** The latest model evaluation of this investor's evidence for this startup, if any. */
export type RubricEvaluation = { relevance: number; reasons: string; evidence_ids: number[] } | undefined;

export type StartupScore = { score: number; action: RecommendedAction; explained: ScoreExplained };

/**
 * A match value 0–1, the sentence that explains it in the founder's words, and whether the
 * investor's side was known. Unknown is never a match: it earns nothing and says "not known".
 */
type MatchState = "match" | "partial" | "miss" | "unknown" | "any";
type Match = { value: number; detail: string; state: MatchState; words?: string };

/** A generalist fits, but less than someone who names the sector. */
const GENERALIST_MATCH = 0.5;

function listed(values: string[], max = 4): string {
  const shown = values.slice(0, max);
  const rest = values.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} more`;
  return shown.length <= 1 ? shown.join("") : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

function stageNames(stages: Iterable<string>): string {
  return listed([...stages].map((stage) => STAGE_LABELS[stage as Stage] ?? stage));
}

function matchSector(investorSectors: string[], keywords: string[]): Match {
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

function matchStage(investorStages: string[], rubricStages: Stage[]): Match {
  if (rubricStages.length === 0) return { value: 1, state: "any", detail: "Any stage fits this startup" };
  const stages = new Set(investorStages.map((stage) => toStage(stage)).filter((stage) => stage !== undefined));
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

function matchGeography(investorPlaces: string[], rubricPlaces: string[]): Match {
  const wanted = rubricPlaces.map(normalizePlace).filter(Boolean);
  if (wanted.length === 0 || wanted.some(isGlobal)) return { value: 1, state: "any", detail: "Anywhere fits this startup" };
  const places = investorPlaces.map(normalizePlace).filter(Boolean);
  if (places.length === 0) return { value: 0, state: "unknown", detail: "Where they invest is not known" };
  if (places.some(isGlobal)) return { value: 1, state: "match", detail: "Invests globally", words: "invests globally" };
  // An investor in "Nordics" or "Germany" invests in Europe too.
  const reach = [...places, ...places.flatMap((place) => (PLACE_REGIONS[place] ?? []).map(normalizePlace))];
  const matched = rubricPlaces.filter((place) => reach.some((candidate) => phrasesMatch(candidate, normalizePlace(place))));
  if (matched.length > 0)
    return { value: 1, state: "match", detail: `Invests in ${listed(matched, 3)}`, words: matched.slice(0, 2).join("/") };
  return { value: 0, state: "miss", detail: `Invests in ${listed(investorPlaces, 3)}, not ${rubricPlaces.slice(0, 2).join(" or ")}` };
}

function usd(amount: number): string {
  if (amount >= 1_000_000) return `$${Number((amount / 1_000_000).toFixed(2))}M`;
  if (amount >= 1_000) return `$${Number((amount / 1_000).toFixed(1))}k`;
  return `$${amount}`;
}

function rangeText(min: number | undefined | null, max: number | undefined | null): string {
  if (min != null && max != null) return min === max ? usd(min) : `${usd(min)}–${usd(max)}`;
  if (min != null) return `from ${usd(min)}`;
  if (max != null) return `up to ${usd(max)}`;
  return "any";
}

/**
 * Overlapping ranges fit fully. Apart, the fit fades with how many times apart they are, on a log
 * scale: 2× away keeps 0.7, 10× away keeps nothing (a $10k angel cheque is no $1M lead).
 */
function matchCheckSize(checkMin: number | null, checkMax: number | null, range: Rubric["check_size"]): Match {
  if (range.min === undefined && range.max === undefined) return { value: 1, state: "any", detail: "Any cheque size fits this startup" };
  if (checkMin === null && checkMax === null) return { value: 0, state: "unknown", detail: "Their cheque size is not known" };
  const low = Math.max(0, checkMin ?? 0);
  const high = checkMax ?? Number.POSITIVE_INFINITY;
  const wantedLow = range.min ?? 0;
  const wantedHigh = range.max ?? Number.POSITIVE_INFINITY;
  const theirs = rangeText(checkMin, checkMax);
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

function matchActivity(signal: number | null): Match {
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

function matchEvidence(evaluation: RubricEvaluation, evidence: readonly EvidenceForScoring[], now: Date, halfLifeDays: number): Match {
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

function matchRelationship(status: RelationshipStatus): Match {
  return { value: WARMTH_POINTS[status] / MAX_WARMTH, state: "match", detail: STATUS_LABELS[status] };
}

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
): StartupScore {
  const matches: Record<RubricWeightKey, Match> = {
    sector: matchSector(investor.sectors, rubric.sector_keywords),
    stage: matchStage(investor.stages, rubric.stages),
    geography: matchGeography(investor.geographies, rubric.geographies),
    check_size: matchCheckSize(investor.check_min, investor.check_max, rubric.check_size),
    activity: matchActivity(investor.signal_activity),
    evidence_relevance: matchEvidence(evaluation, evidence, now, rules.halfLifeDays),
    relationship: matchRelationship(investor.relationship_status),
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
  const profile = describeFit(investor, rubric, startupName);
  const knowsSomething =
    profile.value !== null ||
    evidence.length > 0 ||
    (activity !== null && !Number.isNaN(activity)) ||
    investor.signal_red_flag !== null ||
    evaluation !== undefined;
  const { action, reason } = recommendAction(
    { ...investor, signal_fit: profile.value, fit_detail: profile.detail, fit_known: profile.known },
    score,
    knowsSomething,
    now,
    { ...rules, emailFirstThreshold: rubric.thresholds.email_first, dontChaseThreshold: rubric.thresholds.dont_chase },
    evidence.length > 0 || evaluation !== undefined,
  );
  return { score, action, explained: { total: score, components, action_reason: reason } };
}

// ---------------------------------------------------------------------------------------------
// The global fit signal

/** The profile parts matched against a rubric, in the founder's words. */
const PROFILE_PARTS = ["sector", "stage", "geography", "check_size"] as const;
const UNKNOWN_PART_NAMES: Record<(typeof PROFILE_PARTS)[number], string> = {
  sector: "sectors",
  stage: "stages",
  geography: "geography",
  check_size: "cheque size",
};

/** The fit 0–100, its sentence, and how much of the profile was known (0–100 of the weights). */
export type ProfileFit = { value: number | null; detail: string | null; known: number | null };

function profileMatches(investor: Pick<RubricInvestor, "sectors" | "stages" | "geographies" | "check_min" | "check_max">, rubric: Rubric) {
  return {
    sector: matchSector(investor.sectors, rubric.sector_keywords),
    stage: matchStage(investor.stages, rubric.stages),
    geography: matchGeography(investor.geographies, rubric.geographies),
    check_size: matchCheckSize(investor.check_min, investor.check_max, rubric.check_size),
  };
}

/**
 * How the investor's declared profile (sectors, stages, geography, cheque size) fits one
 * startup's rubric, 0–100, weighted as the rubric weighs those parts, with a sentence such as
 * "Fits Ledgerly on fintech, Seed and Europe; cheque size not known". An unknown part earns
 * nothing; a profile with no known part at all is unknown (null), not zero.
 */
export function describeFit(
  investor: Pick<RubricInvestor, "sectors" | "stages" | "geographies" | "check_min" | "check_max">,
  rubric: Rubric,
  startupName: string,
): ProfileFit {
  const matches = profileMatches(investor, rubric);
  if (PROFILE_PARTS.every((part) => matches[part].state === "unknown")) return { value: null, detail: null, known: null };
  // A part the startup leaves open ("any cheque size") says nothing about this investor: it is
  // left out of the fit rather than counted as a match everyone gets.
  const weights: number[] = PROFILE_PARTS.map((part) => {
    const weight = rubric.weights[part];
    return matches[part].state === "any" || !Number.isFinite(weight) ? 0 : clamp(weight, 0, MAX_WEIGHT);
  });
  // All weights at 0 counts the parts the startup constrains equally (as the rubric score does).
  const constrained = PROFILE_PARTS.map((part) => matches[part].state !== "any");
  if (!weights.some((weight) => weight > 0)) {
    for (const [index, open] of constrained.entries()) weights[index] = open ? 1 : 0;
  }
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const fit = total === 0 ? 1 : PROFILE_PARTS.reduce((sum, part, index) => sum + (weights[index] ?? 0) * matches[part].value, 0) / total;

  // A part that half fits or better is named as a fit; a far miss says what they do instead.
  const fitting = (part: (typeof PROFILE_PARTS)[number]) =>
    matches[part].state === "match" || (matches[part].state === "partial" && matches[part].value >= 0.5);
  const fits = PROFILE_PARTS.filter(fitting)
    .map((part) => matches[part].words ?? "")
    .filter(Boolean);
  const misses = PROFILE_PARTS.filter(
    (part) => !fitting(part) && (matches[part].state === "miss" || matches[part].state === "partial"),
  ).map((part) => lowerFirst(matches[part].detail));
  const unknown = PROFILE_PARTS.filter((part) => matches[part].state === "unknown").map((part) => UNKNOWN_PART_NAMES[part]);
  const value = clamp(Math.round(fit * 100), 0, 100);
  const knownWeight = PROFILE_PARTS.reduce((sum, part, index) => sum + (matches[part].state === "unknown" ? 0 : (weights[index] ?? 0)), 0);
  const known = total === 0 ? 100 : clamp(Math.round((100 * knownWeight) / total), 0, 100);
  const clauses: string[] = [];
  if (fits.length > 0 && (value >= 50 || misses.length === 0)) {
    clauses.push(`Fits ${startupName} on ${listed(fits, 4)}`);
    clauses.push(...misses);
  } else {
    clauses.push(misses.length > 0 ? `Little in common with ${startupName}: ${misses.join("; ")}` : `Little in common with ${startupName}`);
  }
  if (unknown.length > 0) clauses.push(`${listed(unknown, 4)} not known`);
  return { value, detail: clauses.join("; "), known };
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/**
 * `signal_fit` (docs/product.md#resources) and its sentence: the best profile fit over the founder's startups.
 * Null while there is no startup, or when the investor's profile says nothing matchable.
 */
export function profileFit(
  investor: Pick<RubricInvestor, "sectors" | "stages" | "geographies" | "check_min" | "check_max">,
  startups: ReadonlyArray<{ name: string; rubric: Rubric }>,
): ProfileFit {
  let best: ProfileFit = { value: null, detail: null, known: null };
  for (const startup of startups) {
    const fit = describeFit(investor, startup.rubric, startup.name);
    if (fit.value !== null && (best.value === null || fit.value > best.value)) best = fit;
  }
  return best;
}

/** The fit number alone (tests and the selection simulation). */
export function fitSignal(investor: RubricInvestor, rubrics: Rubric[]): number | null {
  return profileFit(
    investor,
    rubrics.map((rubric) => ({ name: "your startup", rubric })),
  ).value;
}
