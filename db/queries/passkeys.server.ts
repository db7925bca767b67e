import { eq } from "drizzle-orm";
import type { Db } from "../database.server.ts";
import { memberPasskeys } from "../schema.ts";

/** Members' passkeys (WebAuthn credentials, decision 060): the public key and its counter, never a secret. */

export type PasskeyRow = typeof memberPasskeys.$inferSelect;

export function insertPasskey(
  db: Db,
  passkey: {
    credentialId: string;
    memberId: number;
    publicKey: string;
    counter: number;
    transports: string[];
    name: string;
    createdAt: string;
  },
): void {
  db.insert(memberPasskeys).values(passkey).run();
}

export function passkeyById(db: Db, credentialId: string): PasskeyRow | undefined {
  return db.select().from(memberPasskeys).where(eq(memberPasskeys.credentialId, credentialId)).get();
}

/** After a sign-in: the authenticator's new counter and when it was last used. */
export function notePasskeyUsed(db: Db, credentialId: string, counter: number, now: Date): void {
  db.update(memberPasskeys).set({ counter, lastUsedAt: now.toISOString() }).where(eq(memberPasskeys.credentialId, credentialId)).run();
}

/** How many passkeys each member has, for the team list. */
export function passkeyCounts(db: Db): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of db.select({ memberId: memberPasskeys.memberId }).from(memberPasskeys).all()) {
    counts.set(row.memberId, (counts.get(row.memberId) ?? 0) + 1);
  }
  return counts;
}
