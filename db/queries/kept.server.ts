import { type AppDatabase, statement } from "../database.server.ts";
import { writeCounts } from "./write-counts.server.ts";

/**
 * A string that changes whenever what a result reads may have changed: the rows this connection
 * wrote (`total_changes()`) less those rewritten unchanged and those written to what the result
 * never reads (`ignoring`: a table, or `app_state:<key>`; counted by write-counts.server.ts), and
 * SQLite's `data_version` (moves when another connection commits, e.g. a script or a test) and
 * `schema_version`. Equal strings mean nothing the result reads was written since, so a result
 * built from the same rows is still right.
 *
 * For the real side (`side: "real"`), rows changed by writes known to touch demo rows only
 * (`writeDemoOnly`) do not count: the open demo's edits and resets then leave the founder's kept
 * dashboard and feed kept (decision 018). Real results never read demo rows (decision 005).
 */
export function databaseVersion(db: AppDatabase, side: KeptSide = "any", ignoring: readonly string[] = []): string {
  const { changes, data, schema } = statement(
    db,
    "select total_changes() as changes, (select data_version from pragma_data_version) as data, (select schema_version from pragma_schema_version) as schema",
  ).get() as { changes: number; data: number; schema: number };
  const counts = writeCounts(db, schema, ignoring);
  const demo = side === "real" ? demoOnly.get(db.$client) : undefined;
  // Each row counted in total_changes is counted at most once below, so the figure only grows,
  // and grows with every write the result may read: equal figures mean no such write.
  let written = changes - counts.unchanged - (demo?.counted ?? 0);
  for (const name of ignoring) written -= (counts.byName.get(name) ?? 0) - (demo?.byName.get(name) ?? 0);
  return `${written}:${data}:${schema}`;
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

type DemoOnly = { counted: number; byName: Map<string, number>; depth: number };
const demoOnly = new WeakMap<object, DemoOnly>();

/** Rows written that count: all of total_changes() but those rewritten unchanged. */
function counted(db: AppDatabase): number {
  return (statement(db, "select total_changes() as changes").get() as { changes: number }).changes - writeCounts(db).unchanged;
}

/**
 * Runs `write`, which changes demo rows (and demo runs) only, and counts the rows it changed as
 * demo-only. Nested calls count once (the outermost). A write that touched a real row here would
 * leave real results stale: only the demo's own writes use it.
 */
export function writeDemoOnly<T>(db: AppDatabase, write: () => T): T {
  let state = demoOnly.get(db.$client);
  if (!state) {
    state = { counted: 0, byName: new Map(), depth: 0 };
    demoOnly.set(db.$client, state);
  }
  const counts = writeCounts(db);
  const before = state.depth === 0 ? { counted: counted(db), byName: new Map(counts.byName) } : undefined;
  state.depth++;
  try {
    return write();
  } finally {
    state.depth--;
    if (before) {
      state.counted += counted(db) - before.counted;
      for (const [name, count] of counts.byName) {
        const added = count - (before.byName.get(name) ?? 0);
        if (added > 0) state.byName.set(name, (state.byName.get(name) ?? 0) + added);
      }
    }
  }
}

type Kept = { version: string; value: unknown; at: number };
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
  const version = databaseVersion(db, side, ignoring);
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  const hit = kept.get(key);
  kept.delete(key);
  const at = performance.now();
  if (hit && (hit.version === version || (side === "demo" && at - hit.at < DEMO_KEPT_MS))) {
    kept.set(key, hit);
    return hit.value as T;
  }
  const value = compute();
  // The version read before computing: a write during compute (none today, reads only) would
  // only make the next call compute again.
  kept.set(key, { version, value, at });
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
