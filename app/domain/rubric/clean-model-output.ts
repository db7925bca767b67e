import { STAGES } from "../vocabulary.ts";
import {
  DEFAULT_THRESHOLDS,
  DEFAULT_WEIGHTS,
  MAX_GEOGRAPHIES,
  MAX_GEOGRAPHY_CHARS,
  MAX_KEYWORD_CHARS,
  MAX_KEYWORDS,
  MAX_USD,
  MAX_WEIGHT,
  RUBRIC_WEIGHT_KEYS,
  type Rubric,
  type RubricWeightKey,
  clamp,
  rubricSchema,
} from "./schema.ts";
import { dedupe, stagesOf } from "./words.ts";

/** A model's draft of a rubric turned into a valid rubric, or nothing. Pure. */

function toNumber(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : undefined;
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
  const stages = STAGES.filter((stage) => stageList.some((value) => stagesOf(value).includes(stage)));
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
