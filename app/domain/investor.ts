import { z } from "zod";
import { CURRENCIES } from "./currency.ts";
import { RELATIONSHIP_STATUSES, INVESTOR_KINDS, MAX_AMOUNT, PASS_REASONS, STAGES } from "./vocabulary.ts";

export * from "./vocabulary.ts";

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "must be a real calendar date");

/** http(s) only: anything else (javascript:, data:) is never stored or rendered as a link. */
export const httpUrl = z
  .string()
  .trim()
  .max(2_000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http(s) URL");

export function isHttpUrl(value: string | null | undefined): value is string {
  return typeof value === "string" && httpUrl.safeParse(value).success;
}

/** A next step is a short line ("Send the data room"); a pass note a few sentences. */
export const NEXT_STEP_CHARS = 200;
export const PASS_NOTE_CHARS = 500;

/** C0 and C1 controls, DEL, and the bidi controls that reorder what follows them on screen (U+202E). */
const CONTROLS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** Typed text without controls: a line break kept only where `lines` allows it, else a space. */
export function withoutControls(text: string, lines: boolean): string {
  const breaks = lines ? text.replace(/\r\n?/g, "\n") : text.replace(/[\r\n\t]+/g, " ");
  return breaks
    .replace(CONTROLS, (control) => (control === "\n" ? "\n" : control === "\t" ? " " : ""))
    .replace(/ {2,}/g, " ")
    .trim();
}

/** A next step is one line; a pass note may keep its line breaks. Both shown on Today, the board and the export. */
export const nextStepText = z
  .string()
  .trim()
  .max(NEXT_STEP_CHARS)
  .overwrite((text) => withoutControls(text, false));
export const passNoteText = z
  .string()
  .trim()
  .max(PASS_NOTE_CHARS)
  .overwrite((text) => withoutControls(text, true));

/**
 * The money and the next step (docs/product.md#the-round): user-owned like the status, each
 * optional, a nullable one cleared with null.
 */
export const moneyEditShape = {
  amount: z.number().int("must be a whole number").min(0).max(MAX_AMOUNT).nullable().optional(),
  amount_currency: z.enum(CURRENCIES).nullable().optional(),
  // Whose round the amount belongs to (null: the round raising now); a real startup, checked by the edit's service.
  amount_startup_id: z.number().int().positive().nullable().optional(),
  next_step: nextStepText.nullable().optional(),
  next_step_date: isoDate.nullable().optional(),
  meeting_date: isoDate.nullable().optional(),
  pass_reason: z.enum(PASS_REASONS).nullable().optional(),
  pass_note: passNoteText.nullable().optional(),
};

/**
 * Route #9 and the edit form: only the user-owned columns. Strict, so any other key
 * (score, signal_activity, name…) is refused by name and nothing is written.
 */
export const investorEditSchema = z.strictObject({
  ...moneyEditShape,
  relationship_status: z.enum(RELATIONSHIP_STATUSES).optional(),
  last_contact_date: isoDate.nullable().optional(),
  add_contact: z
    .strictObject({
      date: isoDate.optional(),
      channel: z.string().trim().min(1).max(40).optional(),
      note: z.string().trim().min(1, "must not be empty").max(2_000),
    })
    .optional(),
  personal_notes: z.string().max(10_000).nullable().optional(),
  // Who of the team looks after them (decision 062): a live member of the same side, null for nobody; checked by the edit's service.
  owner_member_id: z.number().int().positive().nullable().optional(),
});
export type InvestorEdit = z.infer<typeof investorEditSchema>;

/** The profile of a new investor (form, import): no signal or derived columns. */
export const investorProfileSchema = z.object({
  name: z.string().trim().min(1, "is required").max(200),
  firm: z.string().trim().max(200).optional(),
  kind: z.enum(INVESTOR_KINDS).default("fund"),
  website: httpUrl.optional(),
  linkedin_url: httpUrl.optional(),
  email: z.email("must be an email address").max(320).optional(),
  sectors: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  stages: z.array(z.enum(STAGES)).max(4).default([]),
  geographies: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
  /** Where they are based (an HQ column; decision 055), as places.ts names it. */
  based_in: z.string().trim().min(1).max(120).optional(),
  check_min: z.number().int().min(0).max(10_000_000_000).optional(),
  check_max: z.number().int().min(0).max(10_000_000_000).optional(),
});
export type InvestorProfile = z.infer<typeof investorProfileSchema>;
