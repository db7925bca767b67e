/**
 * What SQLite says when the storage under it fails, rather than the statement (decision 058):
 * `full` — the disk (or the file system's quota) has no room for the write (SQLITE_FULL);
 * `unavailable` — the file cannot be written or read as it should: an I/O error (SQLITE_IOERR and
 * its extended codes), a read-only file or file system (SQLITE_READONLY*), a file that cannot be
 * opened (SQLITE_CANTOPEN*), that is not a database or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT*).
 *
 * A statement that fails so changes nothing: SQLite rolls the transaction back (better-sqlite3's
 * `transaction()` does when SQLite has not), so "not saved" is true of the whole transaction.
 */
export type StorageFault = { kind: "full" | "unavailable"; code: string };

const UNAVAILABLE = /^SQLITE_(IOERR|READONLY|CANTOPEN|NOTADB|CORRUPT)(_[A-Z_]+)?$/;

/**
 * The storage fault behind an error, or null for any other error. drizzle wraps the driver's error
 * (`DrizzleQueryError`, whose message holds the query's values) with it as `cause`: the chain is
 * followed a few steps, and only the code is kept, never a message.
 */
export function storageFaultOf(error: unknown): StorageFault | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (code === "SQLITE_FULL") return { kind: "full", code };
      if (UNAVAILABLE.test(code)) return { kind: "unavailable", code };
    }
    current = current.cause;
  }
  return null;
}
