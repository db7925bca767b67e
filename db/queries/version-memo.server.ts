import type { AppDatabase } from "../database.server.ts";
import { databaseVersion } from "./kept.server.ts";

/**
 * One result per key until the next write of any kind (decision 066): the reads a page build makes
 * twice — Today's counts and lists, for the page and again for its digest line; the round's totals,
 * for Today and the digest — are made once per version of the database. Apart from the kept
 * pages' own store (kept.server.ts), whose few places are for whole pages. Callers must not change
 * what they are given.
 */
const memos = new WeakMap<AppDatabase, Map<string, { version: string; value: unknown }>>();
/** Keys kept at most per connection (sides × lists × "Mine" members): past it the memo starts again. */
const MAX_KEYS = 64;

export function whileUnwritten<T>(db: AppDatabase, key: string, compute: () => T): T {
  // Inside a transaction a write may yet be rolled back: computed, never kept.
  if (db.$client.inTransaction) return compute();
  const { version, background } = databaseVersion(db);
  const stamp = `${version}/${background}`;
  let memo = memos.get(db);
  if (!memo) {
    memo = new Map();
    memos.set(db, memo);
  }
  const hit = memo.get(key);
  if (hit && hit.version === stamp) return hit.value as T;
  const value = compute();
  if (memo.size >= MAX_KEYS) memo.clear();
  memo.set(key, { version: stamp, value });
  return value;
}
