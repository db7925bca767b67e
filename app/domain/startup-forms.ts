import { z } from "zod";
import { parseAmount, splitList } from "./investor-form.ts";
import { RUBRIC_WEIGHT_KEYS, type Rubric, rubricSchema, startupInputSchema } from "./rubric.ts";

/**
 * The startup pages' forms (work without JavaScript): the same rules as routes #10 and #12, with
 * text fields turned into lists and numbers first.
 */

export const startupFormSchema = startupInputSchema.extend({
  round_size: z.preprocess(parseAmount, z.number({ message: "must be an amount in US dollars" }).int().positive().optional()),
});

function toArray(value: unknown): unknown {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const number = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value);

/** Form fields → a Rubric; the result is checked by the same rubricSchema as the API. */
export const rubricFormSchema = z
  .object({
    weights: z.object(Object.fromEntries(RUBRIC_WEIGHT_KEYS.map((key) => [key, z.preprocess(number, z.number({ message: "must be a number from 0 to 10" }))]))),
    sector_keywords: z.preprocess(splitList, z.array(z.string())).default([]),
    stages: z.preprocess(toArray, z.array(z.string())),
    geographies: z.preprocess(splitList, z.array(z.string())).default([]),
    check_min: z.preprocess(parseAmount, z.number({ message: "must be an amount in US dollars" }).optional()),
    check_max: z.preprocess(parseAmount, z.number({ message: "must be an amount in US dollars" }).optional()),
    email_first: z.preprocess(number, z.number({ message: "must be a number from 0 to 100" })),
    dont_chase: z.preprocess(number, z.number({ message: "must be a number from 0 to 100" })),
  })
  .transform((form, context): Rubric => {
    const candidate = {
      weights: form.weights,
      sector_keywords: form.sector_keywords,
      stages: form.stages,
      geographies: form.geographies,
      check_size: { ...(form.check_min !== undefined ? { min: form.check_min } : {}), ...(form.check_max !== undefined ? { max: form.check_max } : {}) },
      thresholds: { email_first: form.email_first, dont_chase: form.dont_chase },
    };
    const result = rubricSchema.safeParse(candidate);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const path = issue.path.join(".").replace("thresholds.", "").replace("check_size.min", "check_min").replace("check_size.max", "check_max");
      context.addIssue({ code: "custom", message: issue.message, path: path ? path.split(".") : [] });
    }
    return z.NEVER;
  });

/** Reads a rubric out of form fields in the browser for the live ranking; undefined while invalid. */
export function rubricFromFields(form: FormData): Rubric | undefined {
  const raw: Record<string, unknown> = { weights: {} };
  for (const key of RUBRIC_WEIGHT_KEYS) (raw.weights as Record<string, unknown>)[key] = form.get(`weights.${key}`) ?? "";
  raw.sector_keywords = form.get("sector_keywords") ?? "";
  raw.stages = form.getAll("stages");
  raw.geographies = form.get("geographies") ?? "";
  raw.check_min = form.get("check_min") || undefined;
  raw.check_max = form.get("check_max") || undefined;
  raw.email_first = form.get("email_first") ?? "";
  raw.dont_chase = form.get("dont_chase") ?? "";
  const result = rubricFormSchema.safeParse(raw);
  return result.success ? result.data : undefined;
}
