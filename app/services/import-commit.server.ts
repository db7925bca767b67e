import { setImmediate as nextTurn } from "node:timers/promises";
import { deleteState, readStateOnEveryPage, writeState } from "#db/queries/app-state.server.ts";
import { commitImport } from "#db/queries/import.server.ts";
import { rescoreInvestorSet } from "#db/queries/rescore.server.ts";
import { rankedStartups } from "#db/queries/startups.server.ts";
import type { App } from "../app-context.ts";
import type { ImportPlan } from "../domain/import/plan.ts";

/**
 * Commits part of an import and re-scores, per startup, every investor it touched, in one
 * transaction: a process killed half-way never leaves investors without their per-startup
 * scores. (better-sqlite3 nests the inner transactions as savepoints.)
 */
export function commitImportScored(app: App, plan: ImportPlan): { created: number; updated: number; touched: number[] } {
  return app.db.$client.transaction(() => {
    const result = commitImport(app.db, plan, app.now());
    if (result.touched.length > 0) rescoreInvestorSet(app.db, { ids: result.touched }, rankedStartups(app.db), app.now(), app.rules);
    return result;
  })();
}

/** Rows of an import saved (and scored) per transaction: a few milliseconds each (docs/scale.md#long-work). */
export const IMPORT_CHUNK = 50;

let importing: Promise<unknown> = Promise.resolve();

/** The import being saved now, if any: how many of its rows are saved (Today says so while it fills in). */
let saving: { saved: number; total: number } | null = null;

/** The import being saved now (rows saved of rows to save), or null: another tab's Today shows it. */
export function importInProgress(): { saved: number; total: number } | null {
  return saving && { ...saving };
}

/**
 * An import of more than one chunk, in app_state from its first chunk to its last, each chunk's
 * count written in that chunk's transaction: a process stopped in between (a deploy, a crash, a
 * full disk) leaves it saying exactly how far the import got, and Today says so after the restart.
 */
const UNFINISHED_IMPORT = "import_unfinished";

export type StoppedImport = { file: string; saved: number; total: number };

let lastStopped: { raw: string | undefined; value: StoppedImport | null } = { raw: undefined, value: null };

/**
 * The import that stopped part-way, if any (none while this process is saving one: Today shows
 * that one's progress). One kept statement a request; the same object while the saved line is
 * unchanged, so a kept page stays kept.
 */
export function importStopped(app: App): StoppedImport | null {
  if (saving) return null;
  const raw = readStateOnEveryPage(app.db, UNFINISHED_IMPORT);
  if (raw !== lastStopped.raw) lastStopped = { raw, value: raw === undefined ? null : readStopped(raw) };
  return lastStopped.value;
}

function readStopped(raw: string): StoppedImport | null {
  try {
    const value = JSON.parse(raw) as Partial<StoppedImport>;
    const count = (n: unknown) => (typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null);
    const saved = count(value.saved);
    const total = count(value.total);
    if (saved === null || total === null || typeof value.file !== "string") return null;
    return Object.freeze({ file: value.file, saved, total });
  } catch {
    return null;
  }
}

/** The founder read that an import stopped and chose not to import the rest: Today stops saying so. */
export function forgetStoppedImport(app: App): void {
  deleteState(app.db, UNFINISHED_IMPORT);
}

/**
 * Plans and commits an import, `IMPORT_CHUNK` rows per transaction with the event loop given back
 * in between, so 5,000 rows never hold the server (decision 014). Imports run one after another,
 * each planned when its turn comes, so two at once never create the same investor twice. A
 * process stopped half-way leaves whole, scored chunks and the line that says how far it got;
 * importing the same file again adds the rest, since saved rows are recognised (by email, else
 * name and firm) and left as they are.
 */
export function commitImportInChunks(app: App, planNow: () => ImportPlan, file = "a file"): Promise<{ created: number; updated: number }> {
  const run = async () => {
    const plan = planNow();
    let created = 0;
    let updated = 0;
    const rows = plan.create.length + plan.update.length;
    if (rows > IMPORT_CHUNK) saving = { saved: 0, total: rows };
    try {
      for (let start = 0; start < rows; start += IMPORT_CHUNK) {
        const end = start + IMPORT_CHUNK;
        const part: ImportPlan = {
          ...plan,
          create: plan.create.slice(start, end),
          update: plan.update.slice(Math.max(0, start - plan.create.length), Math.max(0, end - plan.create.length)),
        };
        const saved = Math.min(end, rows);
        const marker = saving ? (saved < rows ? { file, saved, total: rows } : null) : undefined;
        const result = app.db.$client.transaction(() => {
          const done = commitImportScored(app, part);
          if (marker) writeState(app.db, UNFINISHED_IMPORT, JSON.stringify(marker), app.now());
          else if (marker === null) deleteState(app.db, UNFINISHED_IMPORT);
          return done;
        })();
        created += result.created;
        updated += result.updated;
        if (saving) saving = { saved, total: rows };
        await nextTurn();
      }
    } finally {
      saving = null;
    }
    return { created, updated };
  };
  const next = importing.catch(() => undefined).then(run);
  importing = next;
  return next;
}
