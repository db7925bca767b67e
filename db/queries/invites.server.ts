import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { MemberRole } from "#app/domain/people.ts";
import type { Db } from "../database.server.ts";
import { invites, members } from "../schema.ts";

/**
 * Invitations into the team (decision 060). Only the token's SHA-256 is stored: a copy of the
 * database holds no link that works. Every read and write of `invites` goes through here.
 */

export type InviteRow = typeof invites.$inferSelect;

export function insertInvite(
  db: Db,
  invite: { tokenHash: string; createdBy: number; name: string | null; role: MemberRole; expiresAt: string; createdAt: string },
): void {
  db.insert(invites).values(invite).run();
}

export function inviteByHash(db: Db, tokenHash: string): InviteRow | undefined {
  return db.select().from(invites).where(eq(invites.tokenHash, tokenHash)).get();
}

/** The invitations not used and not expired at `now`, oldest first: what /settings lists as waiting. */
export function openInvites(db: Db, now: Date): { name: string | null; expiresAt: string; createdAt: string }[] {
  return db
    .select({ name: invites.name, expiresAt: invites.expiresAt, createdAt: invites.createdAt })
    .from(invites)
    .where(and(isNull(invites.usedAt), gt(invites.expiresAt, now.toISOString())))
    .orderBy(asc(invites.createdAt))
    .all();
}

/**
 * Makes the invited member and marks the invitation used by them, or makes nothing and answers
 * undefined when it was used or expired meanwhile: one statement decides, so two tabs pressing at
 * once make one member. Run inside the caller's transaction (the passkey is written with it).
 */
export function acceptInvite(
  db: Db,
  tokenHash: string,
  member: { name: string; passphraseHash?: string | null; webauthnUserId?: string | null },
  now: Date,
): { id: number; name: string; role: MemberRole; invitedBy: number } | undefined {
  const at = now.toISOString();
  const claimed = db
    .update(invites)
    .set({ usedAt: at })
    .where(and(eq(invites.tokenHash, tokenHash), isNull(invites.usedAt), gt(invites.expiresAt, at)))
    .returning({ role: invites.role, createdBy: invites.createdBy })
    .get();
  if (!claimed) return undefined;
  const made = db
    .insert(members)
    .values({
      name: member.name,
      role: claimed.role,
      passphraseHash: member.passphraseHash ?? null,
      webauthnUserId: member.webauthnUserId ?? null,
      createdAt: at,
    })
    .returning({ id: members.id, name: members.name, role: members.role })
    .get();
  db.update(invites).set({ usedBy: made.id }).where(eq(invites.tokenHash, tokenHash)).run();
  return { ...made, invitedBy: claimed.createdBy };
}
