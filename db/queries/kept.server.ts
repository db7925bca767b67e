import { type AppDatabase, statement } from "../database.server.ts";

/**
 * A number that changes whenever the database may have changed: this connection's
 * `total_changes()` (moves with every row it writes) and SQLite's `data_version` (moves when
 * another connection commits, e.g. a script or a test). Equal numbers mean nothing was written
 * since, so a result built from the same rows is still right.
 */
export function databaseVersion(db: AppDatabase): string {
  const { changes, version } = statement(
    db,
    "select total_changes() as changes, (select data_version from pragma_data_version) as version",
  ).get() as {
    changes: number;
    version: number;
  };
  return `${changes}:${version}`;
}

type Kept = { version: string; value: unknown };
const keptByDatabase = new WeakMap<AppDatabase, Map<string, Kept>>();

/** Results kept per database at most; the least recently used goes first. */
export const KEPT_RESULTS = 24;

/**
 * `compute()`'s result for `key`, kept until the database is next written (any table, any
 * connection). The key must name everything else the result depends on (the side, the query
 * string, today's date). A reader that pages through the dashboard, or a palette that asks on
 * every page, then costs two pragmas instead of the queries (docs/scale.md#reads).
 */
export function keptUntilWrite<T>(db: AppDatabase, key: string, compute: () => T): T {
  const version = databaseVersion(db);
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  const hit = kept.get(key);
  kept.delete(key);
  if (hit && hit.version === version) {
    kept.set(key, hit);
    return hit.value as T;
  }
  const value = compute();
  // The version read before computing: a write during compute (none today, reads only) would
  // only make the next call compute again.
  kept.set(key, { version, value });
  if (kept.size > KEPT_RESULTS) kept.delete(kept.keys().next().value!);
  return value;
}
