import { z } from "zod";
import type { FormWords } from "./form-messages.ts";
import { RELATIONSHIP_STATUSES, investorProfileSchema } from "./investor.ts";

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

/** Dollar amounts as people type them: "250000", "250,000", "$250k", "1.5m". */
export function parseAmount(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value
    .trim()
    .toLowerCase()
    .replace(/[$,\s]/g, "");
  if (text === "") return undefined;
  const match = /^(\d+(?:\.\d+)?)([km]?)$/.exec(text);
  if (!match) return Number.NaN;
  const multiplier = match[2] === "k" ? 1_000 : match[2] === "m" ? 1_000_000 : 1;
  return Math.round(Number(match[1]) * multiplier);
}

/** The "Add investor" form: the profile plus where the relationship stands today. */
export const investorFormSchema = investorProfileSchema
  .extend({
    sectors: z.preprocess(splitList, investorProfileSchema.shape.sectors),
    geographies: z.preprocess(splitList, investorProfileSchema.shape.geographies),
    stages: z.preprocess(toArray, investorProfileSchema.shape.stages),
    check_min: z.preprocess(parseAmount, z.number({ message: "must be an amount in US dollars" }).int().min(0).optional()),
    check_max: z.preprocess(parseAmount, z.number({ message: "must be an amount in US dollars" }).int().min(0).optional()),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).default("not_contacted"),
  })
  .refine((value) => value.check_min === undefined || value.check_max === undefined || value.check_min <= value.check_max, {
    message: "Largest check must be at least the smallest check",
    path: ["check_max"],
  });

const AMOUNT = "must be an amount in US dollars, like 250k or 1.5m";

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
