import Database from "better-sqlite3";

/** A value SQLite hands back from one column. */
export type SqlValue = string | number | bigint | Buffer | null;

/**
 * The first column of the first row of `query` against the database file, read over its own
 * read-only connection (`undefined` when there is no row). For tests that check what a server wrote.
 */
export function sqlValue(databasePath: string, query: string, ...params: unknown[]): SqlValue | undefined {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<unknown[], SqlValue>(query)
      .pluck()
      .get(...params);
  } finally {
    db.close();
  }
}

/** One number (a count, an id, a score); throws, naming the query, when the value is not a number. */
export function sqlNumber(databasePath: string, query: string, ...params: unknown[]): number {
  const value = sqlValue(databasePath, query, ...params);
  if (typeof value !== "number") throw new Error(`${query}: expected a number, got ${String(value)}`);
  return value;
}

/** One text value (a status, a name); throws, naming the query, when the value is not text. */
export function sqlText(databasePath: string, query: string, ...params: unknown[]): string {
  const value = sqlValue(databasePath, query, ...params);
  if (typeof value !== "string") throw new Error(`${query}: expected text, got ${String(value)}`);
  return value;
}
