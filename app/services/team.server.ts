import { UNNAMED_OWNER, renameMember } from "#db/queries/members.server.ts";
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
