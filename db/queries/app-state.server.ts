import { eq, inArray, sql } from "drizzle-orm";
import { type Db, keptQuery } from "../database.server.ts";
import { appState } from "../schema.ts";

/**
 * The app_state key/value table: the session key, the passcode hash, the scoring stamp, the last
 * manual refresh, the founder's settings and the mail sync's status. Every read and write of it
 * goes through here.
 */

/** One key's value, by a query prepared once per connection (keptQuery): some keys are read on every page. */
export function readState(db: Db, key: string): string | undefined {
  return keptQuery(db, "app-state-value", (d) =>
    d
      .select({ value: appState.value })
      .from(appState)
      .where(eq(appState.key, sql.placeholder("key")))
      .prepare(),
  ).get({ key })?.value;
}

/** Several keys at once; a key that is not saved is absent from the map. */
export function readStates(db: Db, keys: readonly string[]): Map<string, string> {
  const rows = db
    .select({ key: appState.key, value: appState.value })
    .from(appState)
    .where(inArray(appState.key, [...keys]))
    .all();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Saves `value` under `key`, replacing what was there. */
export function writeState(db: Db, key: string, value: string, now: Date = new Date()): void {
  const updatedAt = now.toISOString();
  db.insert(appState).values({ key, value, updatedAt }).onConflictDoUpdate({ target: appState.key, set: { value, updatedAt } }).run();
}

export function deleteState(db: Db, key: string): void {
  db.delete(appState).where(eq(appState.key, key)).run();
}
