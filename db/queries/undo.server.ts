import { and, desc, eq, gt, inArray, lte } from "drizzle-orm";
import type { InvestorEdit } from "#app/domain/investor.ts";
import type { ScoringRules } from "#app/domain/scoring.ts";
import { type RecordedChange, recordedChange, undoPatch } from "#app/domain/undo.ts";
import type { AppDatabase, Db } from "../database.server.ts";
import { contactEntries, investors, undoChanges } from "../schema.ts";
import { editAnyInvestor, rescoreInvestor } from "./investors.server.ts";
import { writeDemoOnly } from "./kept.server.ts";

/** Undo's storage (decision 036): an action's change recorded with its token's hash, and taken back once. */

type Options = { now: Date; rules: ScoringRules; demo: boolean };

function userOwned(db: Db, id: number, demo: boolean) {
  return db
    .select({ relationshipStatus: investors.relationshipStatus, lastContactDate: investors.lastContactDate })
    .from(investors)
    .where(and(eq(investors.id, id), eq(investors.isDemo, demo)))
    .get();
}

function onSide<T>(db: AppDatabase, demo: boolean, write: () => T): T {
  // The demo's undo rows are its own writes: the founder's kept pages stay kept (decision 018).
  return demo ? writeDemoOnly(db, write) : write();
}

/**
 * Applies `edit` to one investor of this side (through the investor edit) and records exactly what
 * it changed under `tokenHash`, in one transaction; false (nothing written) when no such investor.
 */
export function editWithUndo(
  db: AppDatabase,
  id: number,
  edit: InvestorEdit,
  options: Options,
  undo: { tokenHash: string; expiresAt: Date },
): boolean {
  return onSide(db, options.demo, () =>
    db.transaction((tx) => {
      const before = userOwned(tx, id, options.demo);
      if (!before) return false;
      if (!editAnyInvestor(tx, id, edit, options)) return false;
      const after = userOwned(tx, id, options.demo)!;
      // The entry the edit just appended: the newest of this investor's, in this transaction.
      const appended = edit.add_contact
        ? tx
            .select({ id: contactEntries.id })
            .from(contactEntries)
            .where(eq(contactEntries.investorId, id))
            .orderBy(desc(contactEntries.id))
            .limit(1)
            .all()
            .map((row) => row.id)
        : [];
      const change: RecordedChange = { investors: [recordedChange(id, before, after, appended)] };
      tx.delete(undoChanges).where(lte(undoChanges.expiresAt, options.now.toISOString())).run();
      tx.insert(undoChanges)
        .values({
          tokenHash: undo.tokenHash,
          isDemo: options.demo,
          change,
          createdAt: options.now.toISOString(),
          expiresAt: undo.expiresAt.toISOString(),
        })
        .run();
      return true;
    }),
  );
}

/**
 * Takes back what the token's action recorded, on this side only, once: its contact entries
 * deleted, each value it moved put back while still what it set (app/domain/undo.ts), re-scored.
 * Null when the token is unknown, used, expired or the other side's. Returns the investors touched.
 */
export function undoChange(db: AppDatabase, tokenHash: string, options: Options): { investorIds: number[] } | null {
  return onSide(db, options.demo, () =>
    db.transaction((tx) => {
      const row = tx
        .select()
        .from(undoChanges)
        .where(
          and(
            eq(undoChanges.tokenHash, tokenHash),
            eq(undoChanges.isDemo, options.demo),
            gt(undoChanges.expiresAt, options.now.toISOString()),
          ),
        )
        .get();
      if (!row) return null;
      tx.delete(undoChanges).where(eq(undoChanges.tokenHash, tokenHash)).run();
      const touched: number[] = [];
      for (const change of row.change.investors) {
        const current = userOwned(tx, change.id, options.demo);
        if (!current) continue;
        if (change.contactEntryIds.length > 0) {
          tx.delete(contactEntries)
            .where(and(eq(contactEntries.investorId, change.id), inArray(contactEntries.id, change.contactEntryIds)))
            .run();
        }
        const kept = tx.select({ date: contactEntries.date }).from(contactEntries).where(eq(contactEntries.investorId, change.id)).all();
        const patch = undoPatch(
          change,
          current,
          kept.map((entry) => entry.date),
        );
        if (Object.keys(patch).length > 0) {
          tx.update(investors)
            .set({ ...patch, updatedAt: options.now.toISOString() })
            .where(eq(investors.id, change.id))
            .run();
        }
        rescoreInvestor(tx, change.id, options.now, options.rules);
        touched.push(change.id);
      }
      return { investorIds: touched };
    }),
  );
}
