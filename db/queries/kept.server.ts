import { type AppDatabase, statement } from "../database.server.ts";

/**
 * A number that changes whenever the database may have changed: this connection's
 * `total_changes()` (moves with every row it writes) and SQLite's `data_version` (moves when
 * another connection commits, e.g. a script or a test). Equal numbers mean nothing was written
 * since, so a result built from the same rows is still right.
 *
 * For the real side (`side: "real"`), rows changed by writes known to touch demo rows only
 * (`writeDemoOnly`) do not count: the open demo's edits and resets then leave the founder's kept
 * dashboard and feed kept (decision 018). Real results never read demo rows (decision 005).
 */
export function databaseVersion(db: AppDatabase, side: KeptSide = "any"): string {
  const { changes, version } = statement(
    db,
    "select total_changes() as changes, (select data_version from pragma_data_version) as version",
  ).get() as {
    changes: number;
    version: number;
  };
  return `${side === "real" ? changes - (demoOnly.get(db.$client)?.changes ?? 0) : changes}:${version}`;
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

const demoOnly = new WeakMap<object, { changes: number; depth: number }>();

function totalChanges(db: AppDatabase): number {
  return statement(db, "select total_changes()").pluck().get() as number;
}

/**
 * Runs `write`, which changes demo rows (and demo runs) only, and counts the rows it changed as
 * demo-only. Nested calls count once (the outermost). A write that touched a real row here would
 * leave real results stale: only the demo's own writes use it.
 */
export function writeDemoOnly<T>(db: AppDatabase, write: () => T): T {
  let state = demoOnly.get(db.$client);
  if (!state) {
    state = { changes: 0, depth: 0 };
    demoOnly.set(db.$client, state);
  }
  const before = state.depth === 0 ? totalChanges(db) : 0;
  state.depth++;
  try {
    return write();
  } finally {
    state.depth--;
    if (state.depth === 0) state.changes += totalChanges(db) - before;
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
 * `side: "real"`, demo-only writes do not count (see databaseVersion).
 */
export function keptUntilWrite<T>(db: AppDatabase, key: string, compute: () => T, side: KeptSide = "any"): T {
  const version = databaseVersion(db, side);
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
