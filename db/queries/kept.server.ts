import { type AppDatabase, statement } from "../database.server.ts";
import { writeCounts } from "./write-counts.server.ts";

/**
 * What a kept result is checked against: `version` changes whenever what the result reads may have
 * changed, except by background work; `background` counts the rows background work wrote.
 *
 * `version` is the rows this connection wrote (`total_changes()`) less those rewritten unchanged and
 * those written to what the result never reads (`ignoring`: a table, or `app_state:<key>`; counted
 * by write-counts.server.ts), and SQLite's `data_version` (moves when another connection commits,
 * e.g. a script or a test) and `schema_version`. Equal versions mean nothing the result reads was
 * written since but by background work.
 *
 * For the real side (`side: "real"`), rows changed by writes known to touch demo rows only
 * (`writeDemoOnly`) do not count (decision 018), and rows written by background work
 * (`writeInBackground`: a refresh's steps) count in `background` instead (decision 037).
 */
export function databaseVersion(
  db: AppDatabase,
  side: KeptSide = "any",
  ignoring: readonly string[] = [],
): { version: string; background: number; demoRebuilds: number } {
  const { changes, data, schema } = statement(
    db,
    "select total_changes() as changes, (select data_version from pragma_data_version) as data, (select schema_version from pragma_schema_version) as schema",
  ).get() as { changes: number; data: number; schema: number };
  const counts = writeCounts(db, schema, ignoring);
  const apart = side === "real" ? apartByConnection.get(db.$client) : undefined;
  const notCounted = (kind: Apart) => {
    let rows = apart?.counted[kind] ?? 0;
    for (const name of ignoring) rows -= apart?.byName[kind].get(name) ?? 0;
    return rows;
  };
  // Each row counted in total_changes is counted at most once below (a write is apart under one
  // kind at most), so each figure only grows, and grows with every write the result may read.
  let written = changes - counts.unchanged - (apart?.counted.demo ?? 0) - (apart?.counted.background ?? 0);
  for (const name of ignoring)
    written -= (counts.byName.get(name) ?? 0) - (apart?.byName.demo.get(name) ?? 0) - (apart?.byName.background.get(name) ?? 0);
  return {
    version: `${written}:${data}:${schema}`,
    background: notCounted("background"),
    demoRebuilds: apartByConnection.get(db.$client)?.demoRebuilds ?? 0,
  };
}

/**
 * Which writes a kept result depends on: any; every write but the demo-only ones (the founder's
 * side); or the demo's, where a result is also kept for DEMO_KEPT_MS whatever is written.
 */
export type KeptSide = "any" | "real" | "demo";

/**
 * The demo side's results live at least this long: anyone may write to the demo, up to a few
 * times a second, and each write would otherwise cost the next visitor a full render of /demo
 * (tens of milliseconds of event loop). A visitor sees others' changes up to 2 s late; their own
 * land on pages of their own (`?done=`, `?emailed=`, the investor page) or soon after (decision 018).
 */
export const DEMO_KEPT_MS = 2_000;

/**
 * The founder's results outlive background writes this long (decision 037): a refresh writes an
 * investor's evidence and score several times a second, and each write would otherwise cost the
 * founder's next page a full recompute and render. What a refresh found shows up to 2 s late; the
 * founder's own writes, and the run's end, show at once.
 */
export const BACKGROUND_KEPT_MS = 2_000;

/** Writes counted apart from the founder's: the open demo's (decision 018), and background work's (decision 037). */
type Apart = "demo" | "background";
type ApartCounts = { counted: Record<Apart, number>; byName: Record<Apart, Map<string, number>>; depth: number; demoRebuilds: number };
const apartByConnection = new WeakMap<object, ApartCounts>();

/** Rows written that count: all of total_changes() but those rewritten unchanged. */
function counted(db: AppDatabase): number {
  return (statement(db, "select total_changes() as changes").get() as { changes: number }).changes - writeCounts(db).unchanged;
}

/**
 * Runs `write` (synchronous) and counts the rows it changed as `kind`. Nested calls count once,
 * under the outermost call's kind, so no row is counted apart twice.
 */
function writeApart<T>(db: AppDatabase, kind: Apart, write: () => T, rebuild = false): T {
  let state = apartByConnection.get(db.$client);
  if (!state) {
    state = { counted: { demo: 0, background: 0 }, byName: { demo: new Map(), background: new Map() }, depth: 0, demoRebuilds: 0 };
    apartByConnection.set(db.$client, state);
  }
  const counts = writeCounts(db);
  const before = state.depth === 0 ? { counted: counted(db), byName: new Map(counts.byName) } : undefined;
  state.depth++;
  try {
    return write();
  } finally {
    state.depth--;
    if (rebuild) state.demoRebuilds++;
    if (before) {
      state.counted[kind] += counted(db) - before.counted;
      for (const [name, count] of counts.byName) {
        const added = count - (before.byName.get(name) ?? 0);
        if (added > 0) state.byName[kind].set(name, (state.byName[kind].get(name) ?? 0) + added);
      }
    }
  }
}

/**
 * Runs `write`, which changes demo rows (and demo runs) only, and counts the rows it changed as
 * demo-only. A write that touched a real row here would leave real results stale: only the demo's
 * own writes use it. With `rebuild` (a reset: every demo investor made again, under new ids), the
 * demo's kept results are dropped at once instead of living out DEMO_KEPT_MS: a page kept from
 * before would link to investors that are gone. Resets are few (DEMO_REBUILDS_OVERALL a minute).
 */
export function writeDemoOnly<T>(db: AppDatabase, write: () => T, rebuild = false): T {
  return writeApart(db, "demo", write, rebuild);
}

/**
 * Runs `write`, a step of background work (a refresh's search results and judgements), and counts
 * the rows it changed as background: the founder's kept results outlive them up to
 * BACKGROUND_KEPT_MS (decision 037). The founder's own writes must never run here.
 */
export function writeInBackground<T>(db: AppDatabase, write: () => T): T {
  return writeApart(db, "background", write);
}

type Kept = { version: string; background: number; demoRebuilds: number; value: unknown; at: number };
const keptByDatabase = new WeakMap<AppDatabase, Map<string, Kept>>();

/** Results kept per database at most; the least recently used goes first. */
export const KEPT_RESULTS = 24;

/**
 * `compute()`'s result for `key`, kept until the database is next written (any table, any
 * connection). The key must name everything else the result depends on (the side, the query
 * string, today's date). A reader that pages through the dashboard, or a palette that asks on
 * every page, then costs two pragmas instead of the queries (docs/scale.md#reads). With
 * `side: "real"`, demo-only writes do not count; nor do writes to what `ignoring` names (see
 * databaseVersion).
 */
export function keptUntilWrite<T>(
  db: AppDatabase,
  key: string,
  compute: () => T,
  side: KeptSide = "any",
  ignoring: readonly string[] = [],
): T {
  const { version, background, demoRebuilds } = databaseVersion(db, side, ignoring);
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  const hit = kept.get(key);
  kept.delete(key);
  const at = performance.now();
  const fresh =
    hit !== undefined &&
    ((hit.version === version && hit.background === background) ||
      (side === "demo" && at - hit.at < DEMO_KEPT_MS && hit.demoRebuilds === demoRebuilds) ||
      (side === "real" && hit.version === version && at - hit.at < BACKGROUND_KEPT_MS));
  if (fresh) {
    kept.set(key, hit);
    return hit.value as T;
  }
  const value = compute();
  // The version read before computing: a write during compute (none today, reads only) would
  // only make the next call compute again.
  kept.set(key, { version, background, demoRebuilds, value, at });
  if (kept.size > KEPT_RESULTS) kept.delete(kept.keys().next().value!);
  return value;
}

/**
 * What the dashboard, the demo and the search feed never read, so writes to it leave them kept:
 * sessions (signing in or out), the mail sync's per-mailbox bookmarks and status line, and the
 * re-score's stamp. Settings in app_state are read (through the rules) and still count.
 */
export const UNREAD_BY_KEPT_PAGES: readonly string[] = [
  "sessions",
  "mail_mailboxes",
  "app_state:mail_sync_status",
  "app_state:scored_with",
];
