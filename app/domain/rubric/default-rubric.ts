import { type RoleWanted, STAGES, type Stage } from "../vocabulary.ts";
import {
  DEFAULT_THRESHOLDS,
  DEFAULT_WEIGHTS,
  MAX_GEOGRAPHIES,
  MAX_GEOGRAPHY_CHARS,
  MAX_KEYWORD_CHARS,
  MAX_KEYWORDS,
  type Rubric,
  type StartupInput,
} from "./schema.ts";
import { regionsOfPlace } from "../places.ts";
import { dedupe, normalize } from "./words.ts";

/**
 * The rubric derived from the startup alone, by rule, when no model drafts one (shown as
 * "Default rubric"): its sector with common synonyms, its stage and the next, its place and the
 * regions around it, and a cheque size from the round. Pure.
 */

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
  // The regions investors list instead ("Slovenia" → Central Europe, Europe); EMEA is too wide to name a startup by.
  for (const place of places) found.push(...regionsOfPlace(place).filter((region) => region !== "EMEA"));
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

/**
 * The share of the round (in %) one cheque is wanted to be, by the role the founder asks for
 * (decision 029): a lead writes a large share and sets the terms, a co-lead a good part of it, a
 * follower a small ticket. With no role named, anything between noise and a lead.
 */
export const CHECK_SHARE_BY_ROLE: Record<RoleWanted | "any", { min: number; max: number }> = {
  lead: { min: 20, max: 60 },
  co_lead: { min: 10, max: 35 },
  follow: { min: 2, max: 15 },
  any: { min: 5, max: 40 },
};

/** The cheque range wanted from the round size and the role; open when the round size is not given. */
export function chequeRangeFor(roundSize: number | null | undefined, role: RoleWanted | null | undefined): Rubric["check_size"] {
  if (!roundSize) return {};
  const share = CHECK_SHARE_BY_ROLE[role ?? "any"];
  return { min: Math.round((roundSize * share.min) / 100), max: Math.round((roundSize * share.max) / 100) };
}

export function defaultRubric(startup: StartupInput): Rubric {
  const check_size = chequeRangeFor(startup.round_size, startup.role_wanted);
  return {
    weights: { ...DEFAULT_WEIGHTS },
    sector_keywords: sectorKeywords(startup.sector),
    stages: neighbouringStages(startup.stage),
    geographies: geographyList(startup.geography),
    check_size,
    thresholds: { ...DEFAULT_THRESHOLDS },
  };
}
