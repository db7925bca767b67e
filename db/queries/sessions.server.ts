import { eq, lte } from "drizzle-orm";
import type { AppDatabase } from "../database.server.ts";
import { sessions } from "../schema.ts";

export type SessionRow = typeof sessions.$inferSelect;

export function insertSession(db: AppDatabase, row: SessionRow): void {
  db.insert(sessions).values(row).run();
}

export function findSession(db: AppDatabase, idHash: string): SessionRow | undefined {
  return db.select().from(sessions).where(eq(sessions.idHash, idHash)).get();
}

export function deleteSession(db: AppDatabase, idHash: string): void {
  db.delete(sessions).where(eq(sessions.idHash, idHash)).run();
}

/** Removes every session whose maximum age has passed; returns how many. */
export function deleteExpiredSessions(db: AppDatabase, now: Date): number {
  return db.delete(sessions).where(lte(sessions.expiresAt, now.toISOString())).run().changes;
}
