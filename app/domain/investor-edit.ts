import type { InvestorEdit, RelationshipStatus } from "./investor.ts";

/**
 * The only columns an edit may write (SPEC §2: the four user-owned columns; contact history is
 * appended in its own table). The type has no signal or score field, so an edit cannot express one.
 */
export type UserOwnedPatch = {
  relationshipStatus?: RelationshipStatus;
  lastContactDate?: string | null;
  personalNotes?: string | null;
};

export const USER_OWNED_COLUMNS = ["relationshipStatus", "lastContactDate", "personalNotes"] as const;

export function userOwnedPatch(edit: InvestorEdit): UserOwnedPatch {
  const patch: UserOwnedPatch = {};
  if (edit.relationship_status !== undefined) patch.relationshipStatus = edit.relationship_status;
  if (edit.last_contact_date !== undefined) patch.lastContactDate = edit.last_contact_date;
  if (edit.personal_notes !== undefined) {
    const notes = edit.personal_notes?.trim() ?? "";
    patch.personalNotes = notes === "" ? null : notes;
  }
  // A dated contact moves the last-contact date forward (never back), unless the edit sets it.
  if (edit.add_contact?.date && edit.last_contact_date === undefined) {
    patch.lastContactDate = edit.add_contact.date;
  }
  return patch;
}

/** Keeps the later of the stored and the new last-contact date when a contact is appended. */
export function laterDate(a: string | null, b: string | null | undefined): string | null {
  if (!b) return a;
  if (!a) return b;
  return a >= b ? a : b;
}
