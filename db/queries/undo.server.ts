import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { InvestorEdit } from "#app/domain/investor.ts";
import type { ScoringRules } from "#app/domain/scoring.ts";
import { type Actor, userOwnedChanges } from "#app/domain/people.ts";
import { recordActivity } from "./activity.server.ts";
import { type RecordedChange, joinedChange, recordedChange, undoPatch } from "#app/domain/undo.ts";
import type { AppDatabase, Db } from "../database.server.ts";
import { contactEntries, investors, mailContacts, undoChanges } from "../schema.ts";
import { editAnyInvestor, rescoreInvestor } from "./investors.server.ts";
import { writeDemoOnly } from "./kept.server.ts";

/** Undo's storage (decision 036): an action's change recorded with its token's hash, and taken back once. */

type Options = { now: Date; rules: ScoringRules; demo: boolean; actor: Actor };

/** The token's hash and when it stops undoing anything. */
export type UndoToken = { tokenHash: string; expiresAt: Date };

/** The user-owned values an action may move, on this side; undefined when no such investor. */
export function userOwned(db: Db, id: number, demo: boolean) {
  return db
    .select({
      name: investors.name,
      relationshipStatus: investors.relationshipStatus,
      lastContactDate: investors.lastContactDate,
      nextStep: investors.nextStep,
      nextStepDate: investors.nextStepDate,
    })
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
export function editWithUndo(db: AppDatabase, id: number, edit: InvestorEdit, options: Options, undo: UndoToken): boolean {
  return onSide(db, options.demo, () =>
    db.transaction((tx) => {
      const before = userOwned(tx, id, options.demo);
      if (!before) return false;
      if (!editAnyInvestor(tx, id, edit, options)) return false;
      const after = userOwned(tx, id, options.demo)!;
      const appended = edit.add_contact ? [newestContactEntryId(tx, id)!] : [];
      saveUndo(tx, { investors: [recordedChange(id, before, after, appended)] }, options, undo);
      return true;
    }),
  );
}

/**
 * Applies `edit` to one investor like editWithUndo, but joins what it changed to the action
 * already recorded under `joinHash` when that is this side's, unexpired and about this investor
 * (the next step answered after "Emailed", decision 053): one undo then takes back both, and the
 * same token stays. Otherwise it is recorded under `fresh`. Returns which token undoes it, or
 * null (nothing written) when no such investor.
 */
export function editJoiningUndo(
  db: AppDatabase,
  id: number,
  edit: InvestorEdit,
  options: Options,
  joinHash: string | null,
  fresh: UndoToken,
): "joined" | "fresh" | null {
  return onSide(db, options.demo, () =>
    db.transaction((tx) => {
      const before = userOwned(tx, id, options.demo);
      if (!before) return null;
      if (!editAnyInvestor(tx, id, edit, options)) return null;
      const after = userOwned(tx, id, options.demo)!;
      const appended = edit.add_contact ? [newestContactEntryId(tx, id)!] : [];
      const change = recordedChange(id, before, after, appended);
      const joined = joinHash ? liveUndo(tx, joinHash, options) : undefined;
      const earlier = joined?.change.investors.find((one) => one.id === id);
      if (joined && earlier) {
        const investors = joined.change.investors.map((one) => (one.id === id ? joinedChange(one, change) : one));
        tx.update(undoChanges).set({ change: { investors } }).where(eq(undoChanges.tokenHash, joined.tokenHash)).run();
        return "joined";
      }
      saveUndo(tx, { investors: [change] }, options, fresh);
      return "fresh";
    }),
  );
}

/** The action recorded under a token's hash, on this side, still undoable; undefined otherwise. */
function liveUndo(db: Db, tokenHash: string, options: { now: Date; demo: boolean }) {
  return db
    .select()
    .from(undoChanges)
    .where(
      and(eq(undoChanges.tokenHash, tokenHash), eq(undoChanges.isDemo, options.demo), gt(undoChanges.expiresAt, options.now.toISOString())),
    )
    .get();
}

/** The entry an edit just appended, read inside its transaction: the newest of this investor's. */
export function newestContactEntryId(db: Db, investorId: number): number | undefined {
  return db
    .select({ id: contactEntries.id })
    .from(contactEntries)
    .where(eq(contactEntries.investorId, investorId))
    .orderBy(desc(contactEntries.id))
    .limit(1)
    .get()?.id;
}

/** Records an action's change under its token, in the action's own transaction; expired rows are swept. */
export function saveUndo(db: Db, change: RecordedChange, options: { now: Date; demo: boolean }, undo: UndoToken): void {
  db.delete(undoChanges).where(lte(undoChanges.expiresAt, options.now.toISOString())).run();
  db.insert(undoChanges)
    .values({
      tokenHash: undo.tokenHash,
      isDemo: options.demo,
      change,
      createdAt: options.now.toISOString(),
      expiresAt: undo.expiresAt.toISOString(),
    })
    .run();
}

/**
 * Takes back what the token's action recorded, on this side only, once: its contact entries
 * deleted, the mail contacts it logged back to log, each value it moved put back while still what
 * it set (app/domain/undo.ts), re-scored. Null when the token is unknown, used, expired or the
 * other side's. Returns the investors touched and how many emails are to log again.
 */
export function undoChange(db: AppDatabase, tokenHash: string, options: Options): { investorIds: number[]; unlogged: number } | null {
  return onSide(db, options.demo, () =>
    db.transaction((tx) => {
      const row = liveUndo(tx, tokenHash, options);
      if (!row) return null;
      tx.delete(undoChanges).where(eq(undoChanges.tokenHash, tokenHash)).run();
      const touched: number[] = [];
      let unlogged = 0;
      for (const change of row.change.investors) {
        const current = userOwned(tx, change.id, options.demo);
        if (!current) continue;
        if (change.contactEntryIds.length > 0) {
          tx.delete(contactEntries)
            .where(and(eq(contactEntries.investorId, change.id), inArray(contactEntries.id, change.contactEntryIds)))
            .run();
        }
        if (change.mailContactIds && change.mailContactIds.length > 0) {
          unlogged += tx
            .update(mailContacts)
            .set({ loggedAt: null })
            .where(and(eq(mailContacts.investorId, change.id), inArray(mailContacts.id, change.mailContactIds)))
            .run().changes;
        }
        const kept = tx.select({ date: contactEntries.date }).from(contactEntries).where(eq(contactEntries.investorId, change.id)).all();
        const patch = undoPatch(
          change,
          current,
          kept.map((entry) => entry.date),
        );
        const moved =
          Object.keys(patch).length > 0
            ? tx
                .update(investors)
                .set({ ...patch, version: sql`${investors.version} + 1`, updatedAt: options.now.toISOString() })
                .where(eq(investors.id, change.id))
                .returning({ version: investors.version })
                .get()
            : undefined;
        // The undo is a change like any other, by whoever pressed it (decision 059): what it put back.
        const undid = change.contactEntryIds.length > 0 ? "a logged contact" : "a change";
        recordActivity(
          tx,
          options.actor,
          { investorId: change.id, subject: current.name, isDemo: options.demo, version: moved?.version },
          [{ kind: "undo", detail: { what: undid } }, ...userOwnedChanges(current, patch)],
          options.now,
        );
        rescoreInvestor(tx, change.id, options.now, options.rules);
        touched.push(change.id);
      }
      return { investorIds: touched, unlogged };
    }),
  );
}
