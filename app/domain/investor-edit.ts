import { z } from "zod";
import { DATE_MESSAGE, type FormWords } from "./form-messages.ts";
import { type InvestorEdit, RELATIONSHIP_STATUSES, type RelationshipStatus, isoDate } from "./investor.ts";

/**
 * The only columns an edit may write (docs/product.md#resources: the four user-owned columns; contact history is
 * appended in its own table). The type has no signal or score field, so an edit cannot express one.
 */
export type UserOwnedPatch = {
  relationshipStatus?: RelationshipStatus;
  lastContactDate?: string | null;
  personalNotes?: string | null;
};

export const USER_OWNED_COLUMNS = ["relationshipStatus", "lastContactDate", "personalNotes"] as const;

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

export const EDIT_FORM_FIELDS = ["relationship_status", "last_contact_date", "personal_notes"] as const;

/**
 * The edit the investor page's form means. The form always shows the three fields, so an emptied
 * field means "clear it"; and it carries the values it was loaded with, so only fields the founder
 * changed are written (a stale tab cannot undo an edit made elsewhere in the meantime).
 */
export function editFromForm(value: InvestorEdit, original: Partial<Record<(typeof EDIT_FORM_FIELDS)[number], string>>): InvestorEdit {
  const changed = (name: (typeof EDIT_FORM_FIELDS)[number], next: string | null | undefined) =>
    original[name] === undefined || original[name] !== (next ?? "");
  return {
    ...value,
    relationship_status: changed("relationship_status", value.relationship_status) ? value.relationship_status : undefined,
    last_contact_date: changed("last_contact_date", value.last_contact_date) ? (value.last_contact_date ?? null) : undefined,
    personal_notes: changed("personal_notes", value.personal_notes) ? (value.personal_notes ?? null) : undefined,
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
    add_contact: z
      .object({
        date: isoDate.optional(),
        channel: z.string().trim().max(40).optional(),
        note: z.string().trim().max(2_000).optional(),
      })
      .optional(),
    original: z.object(Object.fromEntries(EDIT_FORM_FIELDS.map((name) => [name, z.string().optional()]))).optional(),
  })
  .superRefine((form, context) => {
    const contact = form.add_contact;
    if ((contact?.date || contact?.channel) && !contact.note) {
      context.addIssue({ code: "custom", message: CONTACT_NOTE_MESSAGE, path: ["add_contact", "note"] });
    }
  })
  .transform(
    ({ original: _original, add_contact, ...fields }): InvestorEdit => ({
      ...fields,
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
};
