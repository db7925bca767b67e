import { and, desc, eq, isNull } from "drizzle-orm";
import { type AppDatabase, type Db, statement } from "../database.server.ts";
import { memberTokens } from "../schema.ts";
import type { SessionMember } from "./members.server.ts";

/**
 * Personal API tokens (decision 063): each member's own, created and revoked on /settings. Only a
 * token's SHA-256 is kept; the token itself is shown once, to its creator.
 */

export type TokenListing = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

export function insertToken(db: Db, memberId: number, name: string, tokenHash: string, now: Date): number {
  return db
    .insert(memberTokens)
    .values({ memberId, name, tokenHash, createdAt: now.toISOString() })
    .returning({ id: memberTokens.id })
    .get().id;
}

/** A member's live tokens, newest first: never another member's, never a hash. */
export function memberTokenList(db: Db, memberId: number): TokenListing[] {
  return db
    .select({ id: memberTokens.id, name: memberTokens.name, createdAt: memberTokens.createdAt, lastUsedAt: memberTokens.lastUsedAt })
    .from(memberTokens)
    .where(and(eq(memberTokens.memberId, memberId), isNull(memberTokens.revokedAt)))
    .orderBy(desc(memberTokens.id))
    .all();
}

/** Revokes one of the member's own live tokens; false when they have none by that id (another's included). */
export function revokeMemberToken(db: Db, memberId: number, id: number, now: Date): boolean {
  return (
    db
      .update(memberTokens)
      .set({ revokedAt: now.toISOString() })
      .where(and(eq(memberTokens.id, id), eq(memberTokens.memberId, memberId), isNull(memberTokens.revokedAt)))
      .run().changes === 1
  );
}

/**
 * The live member a token's hash names, or undefined: an unknown or revoked token, or a disabled
 * member's. A kept statement: it runs on every request that sends a token.
 */
export function tokenHolder(
  db: AppDatabase,
  tokenHash: string,
): (SessionMember & { tokenId: number; lastUsedAt: string | null }) | undefined {
  return statement(
    db,
    `select m.id, m.name, m.role, t.id as tokenId, t.last_used_at as lastUsedAt from member_tokens t
       join members m on m.id = t.member_id
      where t.token_hash = ? and t.revoked_at is null and m.disabled_at is null and m.is_demo = 0`,
  ).get(tokenHash) as (SessionMember & { tokenId: number; lastUsedAt: string | null }) | undefined;
}

export function markTokenUsed(db: AppDatabase, tokenId: number, now: Date): void {
  statement(db, "update member_tokens set last_used_at = ? where id = ?").run(now.toISOString(), tokenId);
}
