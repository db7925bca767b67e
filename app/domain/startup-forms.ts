import { z } from "zod";
import type { FormWords } from "./form-messages.ts";
import { CURRENCIES, toUsd } from "./currency.ts";
import { formMoney, parseAmount, splitList } from "./investor-form.ts";
import { MAX_USD, RUBRIC_WEIGHT_KEYS, type Rubric, rubricSchema, startupInputSchema } from "./rubric/schema.ts";
import { ROLES_WANTED, ROLE_LABELS, type RoleWanted } from "./vocabulary.ts";

/**
 * The startup pages' forms (work without JavaScript): the same rules as routes #10 and #12, with
 * text fields turned into lists and numbers first.
 */

/** A select's "No preference" is an empty value: no role named. */
const blankAsUnset = (value: unknown) => (value === "" ? undefined : value);

const roleField = z.preprocess(blankAsUnset, z.enum(ROLES_WANTED).optional());

/**
 * The new-startup form: the round size read as the import reads a cheque ("2m", "€1.5m", "NOK 20m",
 * decision 054), in the currency written with it, else the select's, else US dollars (a founder's
 * walkthrough: "NOK 20m" was refused as "must be an amount in US dollars"). Answers the API's input
 * (the round size in US dollars, which the rubric's cheque range is drafted from) and the round as
 * written, which the startup keeps in its own currency as the round form does.
 */
export const startupFormSchema = startupInputSchema
  .extend({
    round_size: formMoney,
    round_currency: z.enum(CURRENCIES).optional(),
    role_wanted: roleField,
  })
  .superRefine((fields, context) => {
    if (!fields.round_size) return;
    const usd = toUsd(fields.round_size.amount, fields.round_size.currency ?? fields.round_currency ?? "USD");
    if (fields.round_size.amount <= 0 || usd === undefined || usd > MAX_USD)
      context.addIssue({ code: "custom", message: "must be an amount like 2m, €1.5m or NOK 20m", path: ["round_size"] });
  })
  .transform(({ round_size, round_currency, ...fields }) => {
    const currency = round_size?.currency ?? round_currency ?? "USD";
    const usd = round_size ? toUsd(round_size.amount, currency) : undefined;
    return {
      input: { ...fields, round_size: usd === undefined ? undefined : Math.round(usd) },
      round: round_size ? { amount: round_size.amount, currency } : null,
    };
  });

/** The startup page's "The ask" form: the role wanted from investors (decision 029). */

/** The role choices as the forms offer them ("" = no preference). */
export const ROLE_CHOICES: ReadonlyArray<{ value: RoleWanted | ""; label: string }> = [
  { value: "", label: "No preference" },
  ...ROLES_WANTED.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

function toArray(value: unknown): unknown {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const number = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value);

/** Form fields → a Rubric; the result is checked by the same rubricSchema as the API. */
export const rubricFormSchema = z
  .object({
    weights: z.object(
      Object.fromEntries(
        RUBRIC_WEIGHT_KEYS.map((key) => [key, z.preprocess(number, z.number({ message: "must be a number from 0 to 10" }))]),
      ),
    ),
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
      check_size: {
        ...(form.check_min !== undefined ? { min: form.check_min } : {}),
        ...(form.check_max !== undefined ? { max: form.check_max } : {}),
      },
      thresholds: { email_first: form.email_first, dont_chase: form.dont_chase },
    };
    const result = rubricSchema.safeParse(candidate);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const path = issue.path
        .join(".")
        .replace("thresholds.", "")
        .replace("check_size.min", "check_min")
        .replace("check_size.max", "check_max");
      // Keep the issue's kind (too big, not a number…) so the form can say it in words.
      const message = issue.code === "custom" ? (RUBRIC_RULE_SENTENCES[path] ?? issue.message) : issue.message;
      context.addIssue({ ...issue, message, path: path ? path.split(".") : [] } as z.core.$ZodRawIssue);
    }
    return z.NEVER;
  });

/** The rubric's cross-field rules, said in the form's words (the API keeps its own). */
const RUBRIC_RULE_SENTENCES: Record<string, string> = {
  weights: "Set at least one weight above 0",
  check_min: "Smallest check must not be above the largest check",
  dont_chase: "Don't chase under score must be below Email first at score",
};

const AMOUNT = "must be an amount like 2m, €1.5m or NOK 20m";

export const STARTUP_FORM_WORDS: FormWords = {
  name: { label: "Name" },
  pitch: { label: "Pitch" },
  sector: { label: "Sector" },
  stage: { label: "Stage" },
  geography: { label: "Geography" },
  round_size: { label: "Round size", invalid: `Round size ${AMOUNT}` },
  round_currency: { label: "Currency" },
  ask: { label: "Ask" },
  role_wanted: { label: "Role wanted", invalid: "Role wanted must be a lead, a co-lead or followers" },
};

/** The weights as the rubric editor labels them. */
export const RUBRIC_WEIGHT_LABELS: Record<(typeof RUBRIC_WEIGHT_KEYS)[number], string> = {
  sector: "Sector",
  stage: "Stage",
  geography: "Geography",
  check_size: "Check size",
  activity: "Activity",
  evidence_relevance: "Evidence relevance",
  relationship: "Relationship",
};

export const RUBRIC_FORM_WORDS: FormWords = {
  ...Object.fromEntries(
    RUBRIC_WEIGHT_KEYS.map((key) => [
      `weights.${key}`,
      { label: `${RUBRIC_WEIGHT_LABELS[key]} weight`, invalid: `${RUBRIC_WEIGHT_LABELS[key]} weight must be a number from 0 to 10` },
    ]),
  ),
  weights: { label: "Weights" },
  sector_keywords: { label: "Sector keywords" },
  stages: { label: "Stages" },
  geographies: { label: "Geographies" },
  check_min: { label: "Smallest check", invalid: `Smallest check ${AMOUNT}` },
  check_max: { label: "Largest check", invalid: `Largest check ${AMOUNT}` },
  email_first: { label: "Email first at score", invalid: "Email first at score must be a number from 0 to 100" },
  dont_chase: { label: "Don't chase under score", invalid: "Don't chase under score must be a number from 0 to 100" },
};

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
