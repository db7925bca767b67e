import { UNNAMED_OWNER, memberById, renameMember, updateMemberDetails } from "#db/queries/members.server.ts";
import type { MemberDetails } from "../domain/member-details.ts";
import type { App } from "../app-context.ts";
import type { SessionMember } from "#db/queries/members.server.ts";

/**
 * The team (decision 059): its people as the pages and forms see them. Who a request is comes
 * from the guard (app/auth/guards.server.ts); what the team may do with one another is here.
 */

export type { SessionMember };

/** Whether the owner has not given their name yet: their first sign-in asks it. */
export function ownerUnnamed(owner: SessionMember): boolean {
  return owner.name === UNNAMED_OWNER;
}

/** The owner's name from their first sign-in, once: later it changes on /settings only. */
export function nameOwnerOnFirstSignIn(app: App, owner: SessionMember, name: string | undefined): void {
  if (name && ownerUnnamed(owner)) renameMember(app.db, owner.id, name);
}

/** What /settings/you shows the signed-in member of themselves. */
export function ownDetails(app: App, member: SessionMember) {
  const row = memberById(app.db, member.id);
  return { name: row?.name ?? member.name, email: row?.email ?? null, phone: row?.phone ?? null, role: member.role };
}

/** Saves the signed-in member's own details: nobody edits another's (decision 059). */
export function saveOwnDetails(app: App, member: SessionMember, details: MemberDetails): void {
  updateMemberDetails(app.db, member.id, details);
}
