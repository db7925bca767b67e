import { z } from "zod";
import { DATE_MESSAGE, type FormWords } from "./form-messages.ts";
import { CURRENCIES, type Currency } from "./currency.ts";
import {
  type InvestorEdit,
  MONEY_AND_NEXT_STEP_FIELDS,
  nextStepText,
  passNoteText,
  PASS_REASONS,
  type PassReason,
  RELATIONSHIP_STATUSES,
  type RelationshipStatus,
  isoDate,
} from "./investor.ts";
import { formMoney } from "./investor-form.ts";

/**
 * The only columns an edit may write (docs/product.md#resources: the user-owned columns; contact history is
 * appended in its own table). The type has no signal or score field, so an edit cannot express one.
 */
export type UserOwnedPatch = {
  relationshipStatus?: RelationshipStatus;
  lastContactDate?: string | null;
  personalNotes?: string | null;
  amount?: number | null;
  amountCurrency?: Currency | null;
  amountStartupId?: number | null;
  nextStep?: string | null;
  nextStepDate?: string | null;
  meetingDate?: string | null;
  passReason?: PassReason | null;
  passNote?: string | null;
  ownerMemberId?: number | null;
};

export const USER_OWNED_COLUMNS = [
  "relationshipStatus",
  "lastContactDate",
  "personalNotes",
  "amount",
  "amountCurrency",
  "amountStartupId",
  "nextStep",
  "nextStepDate",
  "meetingDate",
  "passReason",
  "passNote",
  "ownerMemberId",
] as const;

/** Trimmed text, or null when blank; undefined stays undefined (not in the edit). */
function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? "";
  return text === "" ? null : text;
}

/**
 * The patch an edit makes to an investor whose saved last-contact date is `savedLastContact`.
 * A dated contact moves the last-contact date forward, never back: to the later of that date and
 * the one the edit sets (or, when it sets none, the saved one).
 */
export function userOwnedPatch(edit: InvestorEdit, savedLastContact: string | null = null): UserOwnedPatch {
  const patch: UserOwnedPatch = {};
  if (edit.relationship_status !== undefined) patch.relationshipStatus = edit.relationship_status;
  if (edit.last_contact_date !== undefined) patch.lastContactDate = edit.last_contact_date;
  if (edit.personal_notes !== undefined) {
    const notes = edit.personal_notes?.trim() ?? "";
    patch.personalNotes = notes === "" ? null : notes;
  }
  if (edit.amount !== undefined) patch.amount = edit.amount;
  if (edit.amount_currency !== undefined) patch.amountCurrency = edit.amount_currency;
  if (edit.amount_startup_id !== undefined) patch.amountStartupId = edit.amount_startup_id;
  if (edit.next_step !== undefined) patch.nextStep = blankToNull(edit.next_step);
  if (edit.next_step_date !== undefined) patch.nextStepDate = edit.next_step_date;
  if (edit.meeting_date !== undefined) patch.meetingDate = edit.meeting_date;
  if (edit.pass_reason !== undefined) patch.passReason = edit.pass_reason;
  if (edit.pass_note !== undefined) patch.passNote = blankToNull(edit.pass_note);
  if (edit.owner_member_id !== undefined) patch.ownerMemberId = edit.owner_member_id;
  if (edit.add_contact?.date) {
    const base = edit.last_contact_date !== undefined ? edit.last_contact_date : savedLastContact;
    patch.lastContactDate = laterDate(base, edit.add_contact.date);
  }
  return patch;
}

/** The later of two YYYY-MM-DD dates (either may be missing). */
export function laterDate(a: string | null, b: string | null | undefined): string | null {
  if (!b) return a;
  if (!a) return b;
  return a >= b ? a : b;
}

export const EDIT_FORM_FIELDS = [
  "relationship_status",
  "last_contact_date",
  "personal_notes",
  ...MONEY_AND_NEXT_STEP_FIELDS,
  "amount_startup_id",
  "owner_member_id",
] as const;
type EditFormField = (typeof EDIT_FORM_FIELDS)[number];

/**
 * The edit the investor page's form means. The form always shows the three fields, so an emptied
 * field means "clear it"; and it carries the values it was loaded with, so only fields the founder
 * changed are written (a stale tab cannot undo an edit made elsewhere in the meantime).
 */
export function editFromForm(value: InvestorEdit, original: Partial<Record<EditFormField, string>>): InvestorEdit {
  const changed = (name: EditFormField, next: string | number | null | undefined) =>
    original[name] === undefined || original[name] !== (next === null || next === undefined ? "" : String(next));
  const cleared = <T>(name: EditFormField, next: T | null | undefined): T | null | undefined =>
    changed(name, next as string | number | null | undefined) ? (next ?? null) : undefined;
  // The money fields came later: a page without their originals did not show them, so an absent one is left alone.
  const money = <T>(name: EditFormField, next: T | null | undefined): T | null | undefined =>
    original[name] === undefined ? (next ?? undefined) : cleared(name, next);
  return {
    ...value,
    relationship_status: changed("relationship_status", value.relationship_status) ? value.relationship_status : undefined,
    last_contact_date: cleared("last_contact_date", value.last_contact_date),
    personal_notes: cleared("personal_notes", value.personal_notes),
    amount: money("amount", value.amount),
    amount_currency: money("amount_currency", value.amount_currency),
    amount_startup_id: money("amount_startup_id", value.amount_startup_id),
    next_step: money("next_step", value.next_step),
    next_step_date: money("next_step_date", value.next_step_date),
    meeting_date: money("meeting_date", value.meeting_date),
    pass_reason: money("pass_reason", value.pass_reason),
    pass_note: money("pass_note", value.pass_note),
    // "Nobody" is the select's empty value: null once it differs from the saved owner.
    owner_member_id: money("owner_member_id", value.owner_member_id),
  };
}

/** The note of a contact recorded by the one-click "Emailed" on Today. */
export const EMAILED_NOTE = "Emailed";

/**
 * Today's one-click "Emailed" as an investor edit (route #9's rules, docs/product.md#pages): a contact entry
 * `{date: today, channel: "email"}` (which moves the last contact forward to today, never back)
 * and an uncontacted investor becoming "contacted". Other statuses stay as the founder set them.
 */
export function emailedEdit(status: RelationshipStatus, today: string): InvestorEdit {
  return {
    add_contact: { date: today, channel: "email", note: EMAILED_NOTE },
    ...(status === "not_contacted" || status === "researching" ? { relationship_status: "contacted" as const } : {}),
  };
}

const CONTACT_NOTE_MESSAGE = "Write a note for the contact";
export const PASS_REASON_MESSAGE = "Say why they passed";

/**
 * The investor page's form, as the browser and the action both check it. Unlike route #9's strict
 * body it knows the `original.*` fields the form carries, and an all-empty "Add a contact" means
 * "no contact" (a date or channel without a note is a mistake the founder is told about).
 */
export const investorEditFormSchema = z
  .strictObject({
    relationship_status: z.enum(RELATIONSHIP_STATUSES).optional(),
    last_contact_date: isoDate.optional(),
    personal_notes: z.string().max(10_000).optional(),
    // Whatever the import reads ("€300k", "NOK 5m"): a currency written with it wins over the select.
    amount: formMoney,
    amount_currency: z.enum(CURRENCIES).optional(),
    // The select's "the round raising now" is empty (no value: null once it differs from the saved one).
    amount_startup_id: z.coerce.number().int().positive().optional(),
    next_step: nextStepText.optional(),
    next_step_date: isoDate.optional(),
    meeting_date: isoDate.optional(),
    pass_reason: z.enum(PASS_REASONS).optional(),
    pass_note: passNoteText.optional(),
    owner_member_id: z.coerce.number().int().positive().optional(),
    add_contact: z
      .object({
        date: isoDate.optional(),
        channel: z.string().trim().max(40).optional(),
        note: z.string().trim().max(2_000).optional(),
      })
      .optional(),
    original: z.object(Object.fromEntries(EDIT_FORM_FIELDS.map((name) => [name, z.string().optional()]))).optional(),
    // The investor's version the page was loaded with (decision 063): read by the action, not an edit.
    version: z.string().optional(),
  })
  .superRefine((form, context) => {
    const contact = form.add_contact;
    if ((contact?.date || contact?.channel) && !contact.note) {
      context.addIssue({ code: "custom", message: CONTACT_NOTE_MESSAGE, path: ["add_contact", "note"] });
    }
    // Becoming "passed" asks why; an investor saved as passed before reasons were kept is not asked again.
    if (form.relationship_status === "passed" && form.original?.relationship_status !== "passed" && !form.pass_reason) {
      context.addIssue({ code: "custom", message: PASS_REASON_MESSAGE, path: ["pass_reason"] });
    }
  })
  .transform(
    ({ original: _original, version: _version, add_contact, amount, ...fields }): InvestorEdit => ({
      ...fields,
      ...(amount === undefined ? {} : { amount: amount.amount, amount_currency: amount.currency ?? fields.amount_currency }),
      ...(add_contact?.note
        ? { add_contact: { note: add_contact.note, date: add_contact.date, channel: add_contact.channel || undefined } }
        : {}),
    }),
  );

export const INVESTOR_EDIT_WORDS: FormWords = {
  relationship_status: { label: "Relationship status" },
  last_contact_date: { label: "Last contact", invalid: DATE_MESSAGE },
  personal_notes: { label: "Private notes" },
  "add_contact.date": { label: "Contact date", invalid: DATE_MESSAGE },
  "add_contact.channel": { label: "Channel" },
  "add_contact.note": { label: "Note" },
  amount: { label: "Amount", invalid: "Amount must be one amount like 250k, €300k or NOK 5m" },
  amount_currency: { label: "Currency" },
  amount_startup_id: { label: "For the round of", invalid: "Choose one of your startups" },
  next_step: { label: "Next step" },
  next_step_date: { label: "Next step date", invalid: DATE_MESSAGE },
  meeting_date: { label: "Meeting date", invalid: DATE_MESSAGE },
  pass_reason: { label: "Why they passed", required: PASS_REASON_MESSAGE },
  pass_note: { label: "Pass note" },
  owner_member_id: { label: "Owner", invalid: "Choose someone of your team, or Nobody" },
};
