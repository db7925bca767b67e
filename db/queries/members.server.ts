import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { MemberRole } from "#app/domain/people.ts";
import { type AppDatabase, type Db, statement } from "../database.server.ts";
import { memberTokens, members } from "../schema.ts";

/** The team's people (decision 059). Every read and write of `members` goes through here. */

export type MemberRow = typeof members.$inferSelect;

/** What a signed-in request knows of its member: enough to act and to say who acted. */
export type SessionMember = { id: number; name: string; role: MemberRole };

/** The name the owner has before they give one (the sign-in form and /settings ask for it). */
export const UNNAMED_OWNER = "Owner";

/**
 * The real team's owner: the first person, who signs in with the installation's passcode. Made
 * on first need (the boot, the first sign-in, a passcode header), so every database has one.
 */
export function ensureOwner(db: Db, now: Date = new Date()): SessionMember {
  const found = db
    .select({ id: members.id, name: members.name, role: members.role })
    .from(members)
    .where(and(eq(members.role, "owner"), eq(members.isDemo, false)))
    .orderBy(asc(members.id))
    .get();
  if (found) return found;
  return db
    .insert(members)
    .values({ name: UNNAMED_OWNER, role: "owner", createdAt: now.toISOString() })
    .returning({ id: members.id, name: members.name, role: members.role })
    .get();
}

/** The real team's owner as a request reads them (a kept statement): whom the passcode signs in as. */
export function liveOwner(db: AppDatabase): SessionMember | undefined {
  return statement(
    db,
    "select id, name, role from members where role = 'owner' and is_demo = 0 and disabled_at is null order by id limit 1",
  ).get() as SessionMember | undefined;
}

/**
 * A live member by id (not disabled), as a session or token reads it on every request: a kept
 * statement, so the read costs microseconds.
 */
export function activeMember(db: AppDatabase, id: number): SessionMember | undefined {
  return statement(db, "select id, name, role from members where id = ? and disabled_at is null and is_demo = 0").get(id) as
    | SessionMember
    | undefined;
}

export function memberById(db: Db, id: number): MemberRow | undefined {
  return db.select().from(members).where(eq(members.id, id)).get();
}

/** The team, in the order they joined (the demo's synthetic team with `demo`). */
export function listMembers(db: Db, demo = false): MemberRow[] {
  return db.select().from(members).where(eq(members.isDemo, demo)).orderBy(asc(members.id)).all();
}

/** Live members of a side (not disabled): whom an owner can be, whom "Mine" can mean. */
export function activeMembers(db: Db, demo = false): MemberRow[] {
  return db
    .select()
    .from(members)
    .where(and(eq(members.isDemo, demo), isNull(members.disabledAt)))
    .orderBy(asc(members.id))
    .all();
}

/** A member's own details; an absent email or phone is cleared. */
export function updateMemberDetails(db: Db, id: number, details: { name: string; email?: string; phone?: string }): void {
  db.update(members)
    .set({ name: details.name, email: details.email ?? null, phone: details.phone ?? null })
    .where(eq(members.id, id))
    .run();
}

export function renameMember(db: Db, id: number, name: string): void {
  db.update(members).set({ name }).where(eq(members.id, id)).run();
}

/** The real team's live members who gave a phone (/settings/you): where their own digest goes. */
export function membersWithPhones(db: AppDatabase): Array<{ id: number; name: string; phone: string }> {
  return statement(
    db,
    "select id, name, phone from members where is_demo = 0 and disabled_at is null and phone is not null and phone != '' order by id",
  ).all() as Array<{ id: number; name: string; phone: string }>;
}

/** Names by id, for sentences about members who may since have left: every member, live or not. */
export function memberNames(db: Db): Map<number, string> {
  return new Map(
    db
      .select({ id: members.id, name: members.name })
      .from(members)
      .all()
      .map((row) => [row.id, row.name]),
  );
}

/** The live real members who may sign in with a passphrase: the candidates a sign-in name is matched against. */
export function passphraseMembers(db: Db): { id: number; name: string; email: string | null; role: MemberRole; passphraseHash: string }[] {
  return db
    .select({ id: members.id, name: members.name, email: members.email, role: members.role, passphraseHash: members.passphraseHash })
    .from(members)
    .where(and(eq(members.isDemo, false), isNull(members.disabledAt)))
    .all()
    .filter((row): row is typeof row & { passphraseHash: string } => row.passphraseHash !== null);
}

/**
 * Disables a member (decision 060): they sign in no more and their personal tokens stop working;
 * the caller ends their sessions in the same transaction. Their rows and history stay. False when
 * there was no such live, real member.
 */
/** A disabled real member enabled again; their tokens stay revoked (they make new ones). False when there was none. */
export function enableMemberRow(db: Db, id: number): boolean {
  return (
    db
      .update(members)
      .set({ disabledAt: null })
      .where(and(eq(members.id, id), isNotNull(members.disabledAt), eq(members.isDemo, false)))
      .run().changes > 0
  );
}

export function disableMemberRow(db: Db, id: number, now: Date): boolean {
  const at = now.toISOString();
  const changed = db
    .update(members)
    .set({ disabledAt: at })
    .where(and(eq(members.id, id), isNull(members.disabledAt), eq(members.isDemo, false)))
    .run().changes;
  if (changed === 0) return false;
  db.update(memberTokens)
    .set({ revokedAt: at })
    .where(and(eq(memberTokens.memberId, id), isNull(memberTokens.revokedAt)))
    .run();
  return true;
}
