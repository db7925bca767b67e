import { fold } from "../palette-search.ts";
import type { Stage } from "../vocabulary.ts";

/**
 * How a rubric's words meet an investor's: sectors and places compared as folded phrases, place
 * aliases and the wider regions a place belongs to, stage spellings. Pure.
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

export function normalizePlace(text: string): string {
  const normalized = normalize(text);
  return PLACE_ALIASES[normalized] ?? normalized;
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

export function toStage(value: unknown): Stage | undefined {
  if (typeof value !== "string") return undefined;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return STAGE_ALIASES[key];
}

/** Place → the wider region an investor may list instead (city → country → region). */
export const PLACE_REGIONS: Record<string, string[]> = {
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
