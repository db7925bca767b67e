import { z } from "zod";
import { ROLES_WANTED, STAGES } from "../vocabulary.ts";

/**
 * What a startup and its rubric are (docs/product.md#resources): the zod schemas routes #10 and
 * #12 parse, the limits, the default weights and thresholds. The model may draft a rubric, but
 * every number that ranks investors comes from fixed rules (startup-score.ts), so an edited rubric
 * re-scores at once. Pure, and loaded by the browser (the startup page re-ranks live).
 */

// ---------------------------------------------------------------------------------------------
// Startup input (route #10 and the /startups/new form)

export const MAX_USD = 10_000_000_000;

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
  role_wanted: z.enum(ROLES_WANTED, { error: () => `must be one of: ${ROLES_WANTED.join(", ")}` }).nullish(),
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
/** A perfect profile fit with an uncontacted investor is about 62: "email first" means a real fit. With a round raising now it is Today's line too (decision 039). */
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

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
