import { z } from "zod";
import type { FormWords } from "./form-messages.ts";
import { cleanMemberName } from "./people.ts";

/**
 * A member's own details (/settings/you, decision 059): the name the team sees beside what they
 * change, an email (how a teammate reaches them; invitations match it) and a phone in
 * international form, where their own morning digest goes.
 */

/** A phone number as Twilio takes it (E.164): a plus, the country code, at most 15 digits. */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

/** Spaces, dashes, dots and brackets people write in a number, dropped before the check. */
export function normalisePhone(text: string): string {
  return text.replace(/[\s().-]/g, "");
}

export const memberDetailsSchema = z.strictObject({
  name: z.string().transform(cleanMemberName).pipe(z.string().min(1).max(80)),
  email: z.email().max(254).optional(),
  phone: z
    .string()
    .transform(normalisePhone)
    .refine((value) => PHONE_PATTERN.test(value), "must be in international form, like +47 912 34 567")
    .optional(),
});
export type MemberDetails = z.infer<typeof memberDetailsSchema>;

export const MEMBER_DETAILS_WORDS: FormWords = {
  name: { label: "Your name", required: "Your name is required: your team sees it beside what you change" },
  email: { label: "Email" },
  phone: { label: "Phone" },
};
