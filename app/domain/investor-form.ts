import { z } from "zod";
import type { FormWords } from "./form-messages.ts";
import { CURRENCIES, type Currency, parseOneAmount } from "./import/money.ts";
import { RELATIONSHIP_STATUSES, investorProfileSchema } from "./investor.ts";
import { MAX_AMOUNT } from "./vocabulary.ts";

/** "fintech; climate, AI" → ["fintech", "climate", "AI"]: forms and CSV cells hold lists as text. */
export function splitList(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return value
    .split(/[;,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

function toArray(value: unknown): unknown {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Dollar amounts as people type them: "250000", "250,000", "$250k", "1.5m", "USD 2M", read
 * as the import reads a cell (parseOneAmount); another currency or a range is no dollar amount.
 */
export function parseAmount(value: unknown): unknown {
  const money = parseMoney(value);
  if (typeof money !== "object") return money;
  return money.currency === undefined || money.currency === "USD" ? money.amount : Number.NaN;
}

/**
 * An amount in any currency as the import reads it (decision 054): "€300k", "NOK 5m", "5m NOK",
 * "1.5m", "250,000". Undefined when empty; NaN when no single amount (a range, "lots"), so the
 * form's schema says the field's own words.
 */
export function parseMoney(value: unknown): { amount: number; currency?: Currency } | number | undefined {
  if (value === undefined || typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  if (value.trim() === "") return undefined;
  const read = parseOneAmount(value);
  return read && "amount" in read ? read : Number.NaN;
}

/** A money field of a form, read by parseMoney: `{ amount, currency? }`, or undefined when empty. */
export const formMoney = z.preprocess((value) => {
  const money = parseMoney(value);
  return typeof money === "number" && !Number.isNaN(money) ? { amount: money } : money;
}, z.object({ amount: z.number().int().min(0).max(MAX_AMOUNT), currency: z.enum(CURRENCIES).optional() }).optional());

/** The "Add investor" form: the profile plus where the relationship stands today. */
export const investorFormSchema = investorProfileSchema
  .extend({
    sectors: z.preprocess(splitList, investorProfileSchema.shape.sectors),
    geographies: z.preprocess(splitList, investorProfileSchema.shape.geographies),
    stages: z.preprocess(toArray, investorProfileSchema.shape.stages),
    // Read as the import reads a cheque ("250k", "€250k", "NOK 5m"); no currency is US dollars.
    check_min: formMoney,
    check_max: formMoney,
    relationship_status: z.enum(RELATIONSHIP_STATUSES).default("not_contacted"),
  })
  .superRefine(({ check_min: min, check_max: max }, context) => {
    if (min?.currency && max?.currency && min.currency !== max.currency) {
      context.addIssue({ code: "custom", message: "Write both checks in one currency", path: ["check_max"] });
    } else if (min && max && min.amount > max.amount) {
      context.addIssue({ code: "custom", message: "Largest check must be at least the smallest check", path: ["check_max"] });
    }
  })
  .transform(({ check_min: min, check_max: max, ...rest }) => {
    const currency = min?.currency ?? max?.currency;
    return {
      ...rest,
      ...(min ? { check_min: min.amount } : {}),
      ...(max ? { check_max: max.amount } : {}),
      ...(currency && (min || max) ? { check_currency: currency } : {}),
    };
  });

const AMOUNT = "must be one amount like 250k, €250k or NOK 5m";

/** The "Add investor" form's fields, as the founder reads them. */
export const INVESTOR_FORM_WORDS: FormWords = {
  name: { label: "Name" },
  firm: { label: "Firm" },
  kind: { label: "Kind" },
  email: { label: "Email", invalid: "Enter an email address like name@fund.com" },
  website: { label: "Website", invalid: "Website must start with http:// or https://" },
  linkedin_url: { label: "LinkedIn", invalid: "LinkedIn must start with http:// or https://" },
  sectors: { label: "Sectors" },
  geographies: { label: "Geographies" },
  stages: { label: "Stages" },
  check_min: { label: "Smallest check", invalid: `Smallest check ${AMOUNT}` },
  check_max: { label: "Largest check", invalid: `Largest check ${AMOUNT}` },
  relationship_status: { label: "Relationship status" },
};
