import { data } from "react-router";
import {
  UNNAMED_OWNER,
  activeMembers,
  disableMemberRow,
  enableMemberRow,
  listMembers,
  memberById,
  renameMember,
  updateMemberDetails,
} from "#db/queries/members.server.ts";
import type { MemberDetails } from "../domain/member-details.ts";
import type { SessionMember } from "#db/queries/members.server.ts";
import { openInvites } from "#db/queries/invites.server.ts";
import { passkeyCounts } from "#db/queries/passkeys.server.ts";
import { deleteMemberSessions } from "#db/queries/sessions.server.ts";
import { recordActivity } from "#db/queries/activity.server.ts";
import type { App } from "../app-context.ts";
import { createInvite } from "../auth/invites.server.ts";
import { NAME_IN_USE, canManageTeam, nameInUse } from "../domain/invites.ts";
import type { Actor, MemberRole } from "../domain/people.ts";

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
  if (
    name &&
    ownerUnnamed(owner) &&
    !nameInUse(
      listMembers(app.db).filter((other) => other.id !== owner.id),
      name,
    )
  ) {
    renameMember(app.db, owner.id, name);
  }
}

/** The notice after disabling: the member's name from their row, never from the URL that asks. */
export function disabledNotice(app: App, memberId: number): string | null {
  const member = memberById(app.db, memberId);
  if (member && !member.isDemo && !member.disabledAt)
    return `${member.name} is enabled again: they sign in as before; their old tokens stay revoked.`;
  return member?.disabledAt && !member.isDemo ? `${member.name} is disabled: signed out everywhere, tokens revoked.` : null;
}

/** Who is on the team and how they sign in, as /settings lists them (never a hash or a token). */
export type TeamMemberView = {
  id: number;
  name: string;
  email: string | null;
  role: MemberRole;
  disabled: boolean;
  passkeys: number;
  passphrase: boolean;
};

export function teamView(app: App, viewer: SessionMember) {
  const passkeys = passkeyCounts(app.db);
  return {
    canManage: canManageTeam(viewer.role),
    members: listMembers(app.db).map(
      (row): TeamMemberView => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        disabled: row.disabledAt !== null,
        passkeys: passkeys.get(row.id) ?? 0,
        passphrase: row.passphraseHash !== null,
      }),
    ),
    // Only the owner sees who was invited and has not come yet.
    waiting: canManageTeam(viewer.role) ? openInvites(app.db, app.now()) : [],
  };
}

/** The answer to a member who tries what only the owner may do (the page hides the controls too). */
function refuseUnlessOwner(actor: Actor): asserts actor is Actor & { kind: "member" } {
  if (actor.kind !== "member" || !canManageTeam(actor.role)) {
    throw data("Only the team's owner can invite people, disable members or change roles.", { status: 403 });
  }
}

/** The owner invites someone: the link's token, shown once to them (decision 060). */
export function inviteToTeam(app: App, actor: Actor, name: string | null): { token: string; expiresAt: string } {
  refuseUnlessOwner(actor);
  return createInvite(app, actor, name);
}

/**
 * The owner disables a member: in one transaction the member is marked, their personal tokens
 * revoked and every session of theirs deleted, so their next request is signed out; the activity
 * says who did it. The owner cannot disable themselves (the passcode is the recovery of that seat).
 */
export function disableTeamMember(app: App, actor: Actor, memberId: number): "disabled" | "not_found" | "owner" {
  refuseUnlessOwner(actor);
  const target = memberById(app.db, memberId);
  if (!target || target.isDemo || target.disabledAt) return "not_found";
  if (target.role === "owner") return "owner";
  const now = app.now();
  app.db.$client.transaction(() => {
    if (!disableMemberRow(app.db, memberId, now)) return;
    deleteMemberSessions(app.db, memberId);
    recordActivity(app.db, actor, { subject: target.name }, [{ kind: "member", detail: { what: "disabled" } }], now);
  })();
  return "disabled";
}

/**
 * The owner enables a disabled member again (disabled by mistake, or back on the team): they sign
 * in with their passkeys or passphrase as before; their sessions ended and their tokens stay
 * revoked. Refused while a live member has their name: two alike would let one pass for the other.
 */
export function enableTeamMember(app: App, actor: Actor, memberId: number): "enabled" | "not_found" | "name_in_use" {
  refuseUnlessOwner(actor);
  const target = memberById(app.db, memberId);
  if (!target || target.isDemo || !target.disabledAt) return "not_found";
  if (nameInUse(activeMembers(app.db), target.name)) return "name_in_use";
  const now = app.now();
  app.db.$client.transaction(() => {
    if (!enableMemberRow(app.db, memberId)) return;
    recordActivity(app.db, actor, { subject: target.name }, [{ kind: "member", detail: { what: "enabled" } }], now);
  })();
  return "enabled";
}

/** What /settings/you shows the signed-in member of themselves. */
export function ownDetails(app: App, member: SessionMember) {
  const row = memberById(app.db, member.id);
  return { name: row?.name ?? member.name, email: row?.email ?? null, phone: row?.phone ?? null, role: member.role };
}

/**
 * Saves the signed-in member's own details: nobody edits another's (decision 059). A name or an
 * email another member already has is refused, said for its field: a name signs a member in and
 * says who did what, so two alike would let one pass for the other.
 */
export function saveOwnDetails(
  app: App,
  member: SessionMember,
  details: MemberDetails,
): { ok: true } | { ok: false; field: "name" | "email"; message: string } {
  // Like joining (decision 060): the team's live members, whom a name signs in and a page names.
  const others = activeMembers(app.db).filter((other) => other.id !== member.id);
  if (nameInUse(others, details.name)) return { ok: false, field: "name", message: NAME_IN_USE };
  const email = details.email?.trim().toLowerCase();
  if (email && others.some((other) => other.email?.trim().toLowerCase() === email)) {
    return { ok: false, field: "email", message: "Someone on the team already signs in with that email." };
  }
  updateMemberDetails(app.db, member.id, details);
  return { ok: true };
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
