import { setImmediate as nextTurn, setTimeout as rest } from "node:timers/promises";
import { deleteState, readState, writeState } from "#db/queries/app-state.server.ts";
import { recordActivity } from "#db/queries/activity.server.ts";
import { type ImportCommitted, commitImport, keyUnkeyedInvestors } from "#db/queries/import.server.ts";
import { rescoreInvestorSet } from "#db/queries/rescore.server.ts";
import { rankedStartups } from "#db/queries/startups.server.ts";
import type { App } from "../app-context.ts";
import type { ImportPlan } from "../domain/import/plan.ts";
import type { Actor, UserOwnedValues } from "../domain/people.ts";

/**
 * Commits part of an import and re-scores, per startup, every investor it touched, in one
 * transaction: a process killed half-way never leaves investors without their per-startup
 * scores. (better-sqlite3 nests the inner transactions as savepoints.)
 */
export function commitImportScored(app: App, plan: ImportPlan, introBy: number | null = null): ImportCommitted {
  return app.db.$client.transaction(() => {
    const result = commitImport(app.db, plan, app.now(), introBy);
    if (result.touched.length > 0) rescoreInvestorSet(app.db, { ids: result.touched }, rankedStartups(app.db), app.now(), app.rules);
    return result;
  })();
}

/** Rows of an import saved (and scored) per transaction: a few milliseconds each (docs/scale.md#long-work). */
export const IMPORT_CHUNK = 50;

/**
 * Intro via people a chunk writes at most (decision 065): each is a person looked up or made and a
 * path, about 0.4 ms on the shared machine, so 50 rows of ten people (500) held the event loop
 * 235 ms a chunk (1.3 s at worst). A chunk ends before the row that would pass this (one row is
 * always taken: at most MAX_INTRO_PEOPLE).
 */
export const IMPORT_CHUNK_PATHS = 100;

/** Where the chunk from `start` ends: IMPORT_CHUNK rows, fewer when their Intro via people pass IMPORT_CHUNK_PATHS. */
export function importChunkEnd(plan: Pick<ImportPlan, "create" | "update">, start: number): number {
  const rows = plan.create.length + plan.update.length;
  let end = start;
  let paths = 0;
  while (end < rows && end - start < IMPORT_CHUNK) {
    const row = end < plan.create.length ? plan.create[end] : plan.update[end - plan.create.length];
    const more = row?.intro_via?.length ?? 0;
    if (end > start && paths + more > IMPORT_CHUNK_PATHS) break;
    paths += more;
    end++;
  }
  return end;
}

let importing: Promise<unknown> = Promise.resolve();

/** What an import saved: investors added and updated, intro paths added and the people they run through. */
export type ImportWritten = { created: number; updated: number; introPaths: number; introPeople: number };

/**
 * Imports' share of the server's one thread when they come back to back (decision 066): after a
 * chunk that took t ms, the next chunk, of this import or the next one from any client, waits
 * until t × (1 − share) / share has passed. One client's loop of small imports (issue 35's mixed
 * load: four a second, each a whole chunk) left pages the gaps between them; now pages get at
 * least three quarters of every second. An import after a quiet spell starts at once.
 */
export const IMPORT_SHARE = 0.25;

/** How long the chunks wait after one that took `elapsedMs` (pure: a test reads the rule). */
export function importRestMs(elapsedMs: number): number {
  return Math.max(0, elapsedMs) * ((1 - IMPORT_SHARE) / IMPORT_SHARE);
}

/** When the next chunk may start (performance.now()): the rest after the last one. */
let nextChunkAt = 0;

/** Waits out the rest the last chunk left, if any, else gives one turn (other requests first). */
async function chunkTurn(): Promise<void> {
  const wait = nextChunkAt - performance.now();
  if (wait >= 1) await rest(wait);
  else await nextTurn();
}

/**
 * The import being saved now, if any: how many of its rows are saved (Today says so while it fills
 * in). Replaced with each chunk, never changed in place, so a kept page keyed by it stays kept
 * between chunks.
 */
let saving: Readonly<{ saved: number; total: number }> | null = null;

/** The import being saved now (rows saved of rows to save), or null: another tab's Today shows it. */
export function importInProgress(): Readonly<{ saved: number; total: number }> | null {
  return saving;
}

/**
 * Imports of more than one chunk not yet whole, in app_state: each such import puts itself first in
 * this list with its first chunk, moves its count with each chunk in that chunk's transaction, and
 * takes itself out with its last. A process stopped in between (a deploy, a crash, a full disk)
 * leaves it saying exactly how far the import got, and Today says so after the restart. Another
 * file's import leaves the others' lines as they are; the same file's takes its old line's place.
 */
const UNFINISHED_IMPORTS = "import_unfinished";
/** Lines kept at most (the newest first): a founder cut short more often than this reads the last ones. */
const MAX_STOPPED = 5;

export type StoppedImport = { file: string; saved: number; total: number };

let lastStopped: { raw: string | undefined; value: readonly StoppedImport[] | null } = { raw: undefined, value: null };

/** What app_state holds now (a query prepared once); the same array while it is unchanged. */
function stoppedImports(app: App): readonly StoppedImport[] | null {
  const raw = readState(app.db, UNFINISHED_IMPORTS);
  if (raw !== lastStopped.raw) lastStopped = { raw, value: raw === undefined ? null : readStopped(raw) };
  return lastStopped.value;
}

/**
 * The imports that stopped part-way, newest first, or null (and null while this process is saving
 * one: Today shows that one's progress). The same array while the line is unchanged, so a kept
 * page stays kept.
 */
export function importStopped(app: App): readonly StoppedImport[] | null {
  return saving ? null : stoppedImports(app);
}

function readStopped(raw: string): readonly StoppedImport[] | null {
  const count = (n: unknown) => (typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null);
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return null;
    const entries = parsed.flatMap((entry: Partial<StoppedImport> | null) => {
      const saved = count(entry?.saved);
      const total = count(entry?.total);
      return saved === null || total === null || typeof entry?.file !== "string" ? [] : [Object.freeze({ file: entry.file, saved, total })];
    });
    return entries.length === 0 ? null : Object.freeze(entries.slice(0, MAX_STOPPED));
  } catch {
    return null;
  }
}

/** This import's line (null once it is whole) put in place of its file's old one, the others kept. */
function writeStopped(app: App, file: string, line: StoppedImport | null): void {
  const others = (stoppedImports(app) ?? []).filter((entry) => entry.file !== file);
  const lines = (line ? [line, ...others] : others).slice(0, MAX_STOPPED);
  if (lines.length === 0) deleteState(app.db, UNFINISHED_IMPORTS);
  else writeState(app.db, UNFINISHED_IMPORTS, JSON.stringify(lines), app.now());
}

/** The founder read that imports stopped and chose not to import the rest: Today stops saying so. */
export function forgetStoppedImport(app: App): void {
  deleteState(app.db, UNFINISHED_IMPORTS);
}

/**
 * A file's name as the line repeats it: control and format characters (a right-to-left override
 * could show it reversed) taken out, at most 120 characters, never cut inside one.
 */
export function fileNameShown(name: string): string {
  const shown = [...name.replace(/[\p{Cc}\p{Cf}]/gu, "").trim()].slice(0, 120).join("");
  return shown === "" ? "a file" : shown;
}

/**
 * An import that stopped part-way on an error (a full disk): how many of its rows were saved, in
 * whole chunks, before it. The error itself is the `cause`; the stopped-import line in app_state
 * says the same (it moves in each chunk's own transaction).
 */
export class ImportInterrupted extends Error {
  readonly saved: number;
  readonly total: number;
  readonly created: number;
  readonly updated: number;
  constructor(saved: number, total: number, created: number, updated: number, cause: unknown) {
    super(`the import stopped after ${saved} of ${total} rows`, { cause });
    this.name = "ImportInterrupted";
    this.saved = saved;
    this.total = total;
    this.created = created;
    this.updated = updated;
  }
}

/**
 * Plans and commits an import, `IMPORT_CHUNK` rows per transaction with the event loop given back
 * in between, so 5,000 rows never hold the server (decision 014). Imports run one after another,
 * each planned when its turn comes, so two at once never create the same investor twice. A
 * process stopped half-way leaves whole, scored chunks and the line that says how far it got;
 * importing the same file again adds the rest, since saved rows are recognised (by email, else
 * name and firm) and left as they are.
 *
 * Who imported it is ONE activity entry (decision 061), written in the last chunk's transaction:
 * the file's name, the counts, and the user-owned values written per investor (what a replay of
 * the activity starts an imported investor from). An import stopped part-way records what it
 * saved, with `stopped`, when the storage still takes one more write.
 */
export function commitImportInChunks(app: App, actor: Actor, planNow: () => ImportPlan, fileName = "a file"): Promise<ImportWritten> {
  const file = fileNameShown(fileName);
  const run = async () => {
    await chunkTurn();
    let began = performance.now();
    // Rows saved by other paths since the last import are keyed, so the next plan reads few (decision 064).
    keyUnkeyedInvestors(app.db);
    const plan = planNow();
    let created = 0;
    let updated = 0;
    let introPaths = 0;
    // The people the paths run through, counted once over the chunks (at most 10 a row).
    const introPeople = new Set<number>();
    const values: Record<string, UserOwnedValues> = {};
    const introBy = actor.kind === "member" ? actor.memberId : null;
    type Done = { created: number; updated: number; values: Record<string, UserOwnedValues>; paths: number; people: number };
    const record = (done: Done, stopped: boolean) =>
      recordActivity(
        app.db,
        actor,
        { subject: file },
        [
          {
            kind: "imported",
            detail: {
              file,
              added: done.created,
              updated: done.updated,
              left_out: plan.rejected.length,
              ...(done.paths > 0 ? { intro_paths: done.paths, intro_people: done.people } : {}),
              ...(stopped ? { stopped } : {}),
              values: done.values,
            },
          },
        ],
        app.now(),
      );
    const rows = plan.create.length + plan.update.length;
    // One chunk is saved whole or not at all: only a longer import can stop part-way.
    const chunked = importChunkEnd(plan, 0) < rows;
    if (chunked) saving = { saved: 0, total: rows };
    let start = 0;
    try {
      for (let end = importChunkEnd(plan, start); start < rows; start = end, end = importChunkEnd(plan, start)) {
        if (start > 0) {
          await chunkTurn();
          began = performance.now();
        }
        const part: ImportPlan = {
          ...plan,
          create: plan.create.slice(start, end),
          update: plan.update.slice(Math.max(0, start - plan.create.length), Math.max(0, end - plan.create.length)),
        };
        const saved = Math.min(end, rows);
        const result = app.db.$client.transaction(() => {
          const done = commitImportScored(app, part, introBy);
          if (chunked) writeStopped(app, file, saved < rows ? { file, saved, total: rows } : null);
          if (saved === rows) {
            const all = { ...values, ...done.values };
            const people = new Set([...introPeople, ...done.intro.personIds]).size;
            const paths = introPaths + done.intro.paths;
            record({ created: created + done.created, updated: updated + done.updated, values: all, paths, people }, false);
          }
          return done;
        })();
        Object.assign(values, result.values);
        created += result.created;
        updated += result.updated;
        introPaths += result.intro.paths;
        for (const id of result.intro.personIds) introPeople.add(id);
        if (chunked) saving = { saved, total: rows };
        const now = performance.now();
        nextChunkAt = now + importRestMs(now - began);
      }
    } catch (error) {
      // Chunks before this one are saved whole; this one and the rest are not: the entry says so,
      // if the storage that stopped the import still takes it.
      if (created + updated > 0) {
        try {
          record({ created, updated, values, paths: introPaths, people: introPeople.size }, true);
        } catch {
          // The import's own error is the one to answer with.
        }
      }
      throw new ImportInterrupted(Math.min(start, rows), rows, created, updated, error);
    } finally {
      saving = null;
    }
    return { created, updated, introPaths, introPeople: introPeople.size };
  };
  const next = importing.catch(() => undefined).then(run);
  importing = next;
  return next;
}
