import { UNNAMED_OWNER, activeMembers, memberById, renameMember, updateMemberDetails } from "#db/queries/members.server.ts";
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

/**
 * Whom an investor may be given to (decision 062): the side's live members, in the order they
 * joined, and its owner `current` if they have since left (so saving the form keeps them).
 */
export function ownerChoices(app: App, demo: boolean, current: number | null = null): { id: number; name: string }[] {
  const live = activeMembers(app.db, demo).map((member) => ({ id: member.id, name: member.name }));
  if (current === null || live.some((member) => member.id === current)) return live;
  const former = memberById(app.db, current);
  return former ? [...live, { id: former.id, name: `${former.name} (no longer on the team)` }] : live;
}

/**
 * Why an edit's owner is refused, or undefined: it must be a live member of the investor's own
 * side (a demo investor's owner is of the demo's team, a real one's of the real team). Null, "nobody", is always fine.
 */
export function ownerRefusal(app: App, edit: { owner_member_id?: number | null }, demo: boolean): string | undefined {
  const id = edit.owner_member_id;
  if (id === undefined || id === null) return undefined;
  if (activeMembers(app.db, demo).some((member) => member.id === id)) return undefined;
  return `Member ${id} is not on ${demo ? "the demo's" : "your"} team (or was disabled): choose a live member, or null for nobody.`;
}
