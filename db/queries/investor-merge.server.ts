import { and, eq, sql } from "drizzle-orm";
import { type MergeSide, mergedColumns } from "#app/domain/investor-profile.ts";
import type { ScoringRules } from "#app/domain/scoring.ts";
import type { Db } from "../database.server.ts";
import { investors } from "../schema.ts";
import { rescoreInvestor } from "./investors.server.ts";

/**
 * Deleting and merging investors (decision 026). The foreign keys cascade from an investor to
 * its evidence, contact history, mail contacts, evaluations and per-startup scores
 * (db/schema.ts), so one delete takes them all.
 */

/** Deletes one investor of one side with everything hung on it; false when there is none. */
export function deleteInvestor(db: Db, id: number, demo: boolean): boolean {
  return (
    db
      .delete(investors)
      .where(and(eq(investors.id, id), eq(investors.isDemo, demo)))
      .run().changes > 0
  );
}

export type MergeOutcome =
  | { merged: true; moved: { contacts: number; evidence: number; mail: number } }
  | { merged: false; missing: number };

/**
 * Folds `otherId` into `keepId` (both real investors), in one transaction: the other's contact
 * history, evidence, mail contacts and evaluations move over (an item the survivor already has —
 * the same page, the same message — is kept once), the survivor's empty profile fields are filled
 * from the other's and the notes joined (mergedColumns), the other is deleted and the survivor
 * re-scored. Per-startup scores are the caller's (rescoreInvestorIds), in the same transaction.
 */
export function mergeInvestors(db: Db, keepId: number, otherId: number, options: { now: Date; rules: ScoringRules }): MergeOutcome {
  return db.transaction((tx) => {
    const read = (id: number) =>
      tx
        .select()
        .from(investors)
        .where(and(eq(investors.id, id), eq(investors.isDemo, false)))
        .get();
    const keep = read(keepId);
    if (!keep) return { merged: false, missing: keepId };
    const other = read(otherId);
    if (!other) return { merged: false, missing: otherId };
    const move = (table: string) =>
      tx.run(sql`update or ignore ${sql.identifier(table)} set investor_id = ${keepId} where investor_id = ${otherId}`).changes;
    const moved = { contacts: move("contact_entries"), evidence: move("evidence"), mail: move("mail_contacts") };
    move("evaluations");
    const patch = mergedColumns(keep as MergeSide, other as MergeSide);
    tx.update(investors)
      .set({ ...(patch as Partial<typeof investors.$inferInsert>), updatedAt: options.now.toISOString() })
      .where(eq(investors.id, keepId))
      .run();
    tx.delete(investors).where(eq(investors.id, otherId)).run();
    rescoreInvestor(tx, keepId, options.now, options.rules);
    return { merged: true, moved };
  });
}
