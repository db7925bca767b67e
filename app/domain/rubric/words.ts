import { fold } from "../palette-search.ts";
import { type Stage, stagesOfWords } from "../vocabulary.ts";

/**
 * How a rubric's words meet an investor's: sectors and places compared as folded phrases, stage
 * words through the vocabulary the import uses too (app/domain/vocabulary.ts), so what an import
 * stores is what scoring reads; a place's regions come from place-reach.ts. Pure, and light enough
 * for the browser (the startup page re-ranks as a weight changes).
 */

/**
 * Lower case, accents gone (ł/ß/ø and the like as the palette folds them), punctuation as single
 * spaces: "FinTech/Paiements" ≈ "fintech paiements".
 */
export function normalize(text: string): string {
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
export function phrasesMatch(a: string, b: string): boolean {
  if (!a || !b) return false;
  return containsAtWordStart(a, b) || containsAtWordStart(b, a);
}

/**
 * True when a region a place sits in holds the wanted place: the same, or narrower and inside it
 * ("northern europe" holds "europe", "nordics" holds "nordic"), never wider ("europe" does not
 * hold "northern europe": Milan is in Europe, not in Northern Europe).
 */
export function regionHolds(region: string, wanted: string): boolean {
  if (!region || !wanted) return false;
  return containsAtWordStart(region, wanted);
}

function containsAtWordStart(haystack: string, needle: string): boolean {
  const words = ` ${haystack} `;
  if (needle.length < MIN_PREFIX_CHARS) return words.includes(` ${needle} `);
  return words.includes(` ${needle}`);
}

export function dedupe(values: Iterable<string>): string[] {
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

export const GENERALIST_WORDS = ["generalist", "sector agnostic", "agnostic", "all sectors", "any sector", "multi sector"];
export const GLOBAL_WORDS = ["global", "worldwide", "anywhere", "international"];

/** A written place folded for comparison (the regions a place sits in come with the investor: place-reach.ts). */
export function normalizePlace(text: string): string {
  return normalize(text);
}

/** The stages a written stage names, in the import's shared words ("A-round" → Series A). */
export function stagesOf(value: unknown): Stage[] {
  return typeof value === "string" ? stagesOfWords(value) : [];
}
