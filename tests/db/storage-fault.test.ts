import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DatabaseFileError, databaseFileError, openDatabase } from "#db/database.server.ts";
import { storageFaultOf } from "#db/storage-fault.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

/** The error SQLite raises for `code`, as the driver throws it (a real SqliteError where one can be made). */
function sqliteError(code: string): Error {
  return Object.assign(new Error("simulated"), { code });
}

describe("what a storage fault is (decision 058)", () => {
  it("reads SQLite's code, through drizzle's wrapper, and nothing else", () => {
    expect(storageFaultOf(sqliteError("SQLITE_FULL"))).toEqual({ kind: "full", code: "SQLITE_FULL" });
    for (const code of [
      "SQLITE_IOERR",
      "SQLITE_IOERR_WRITE",
      "SQLITE_IOERR_FSYNC",
      "SQLITE_READONLY",
      "SQLITE_READONLY_DBMOVED",
      "SQLITE_CANTOPEN",
      "SQLITE_NOTADB",
      "SQLITE_CORRUPT",
    ]) {
      expect(storageFaultOf(sqliteError(code)), code).toEqual({ kind: "unavailable", code });
    }
    for (const code of ["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_BUSY", "SQLITE_ERROR", "SQLITE_FULLY", "ENOSPC"]) {
      expect(storageFaultOf(sqliteError(code)), code).toBeNull();
    }
    expect(storageFaultOf("SQLITE_FULL")).toBeNull();
    expect(storageFaultOf(undefined)).toBeNull();
    // drizzle's DrizzleQueryError holds the driver's error as its cause, and the query's values in its message.
    const wrapped = new Error("Failed query: update investors set personal_notes = ? params: private", {
      cause: sqliteError("SQLITE_FULL"),
    });
    expect(storageFaultOf(wrapped)).toEqual({ kind: "full", code: "SQLITE_FULL" });
    expect(storageFaultOf(new Error("an import stopped", { cause: wrapped }))).toEqual({ kind: "full", code: "SQLITE_FULL" });
  });

  it("knows the real SQLITE_FULL of a file that may not grow, and the SQLITE_READONLY of a read-only connection", () => {
    const { db, path } = createTestDatabase();
    db.$client.pragma(`max_page_count = ${db.$client.pragma("page_count", { simple: true })}`);
    const full = (() => {
      try {
        db.$client.prepare("insert into app_state (key, value, updated_at) values ('big', hex(randomblob(1000000)), '')").run();
      } catch (error) {
        return error;
      }
    })();
    expect(storageFaultOf(full)).toEqual({ kind: "full", code: "SQLITE_FULL" });
    db.$client.close();
    const reader = new Database(path, { readonly: true });
    const readOnly = (() => {
      try {
        reader.exec("delete from app_state where 0");
      } catch (error) {
        return error;
      }
    })();
    reader.close();
    expect(storageFaultOf(readOnly)).toEqual({ kind: "unavailable", code: "SQLITE_READONLY" });
  });

  it("says what is wrong with a file at start in one line naming the path and the code, and what to do", () => {
    const dir = mkdtempSync(join(tmpdir(), "ipi-file-error-"));
    const folder = join(dir, "app.db");
    mkdirSync(folder);
    const cases: Array<[string, Error, RegExp]> = [
      [folder, sqliteError("SQLITE_CANTOPEN"), /is a folder, not a file/],
      [join(dir, "other.db"), sqliteError("SQLITE_CANTOPEN"), /Cannot open DATABASE_PATH .* \(SQLITE_CANTOPEN\).*not read-only/],
      [join(dir, "other.db"), sqliteError("SQLITE_NOTADB"), /is not a SQLite database \(SQLITE_NOTADB\)/],
      [join(dir, "other.db"), sqliteError("SQLITE_CORRUPT"), /is damaged \(SQLITE_CORRUPT\): restore it from the replica/],
      [join(dir, "other.db"), sqliteError("SQLITE_READONLY"), /is read-only \(SQLITE_READONLY\)/],
      [join(dir, "other.db"), sqliteError("SQLITE_FULL"), /is full \(SQLITE_FULL\): free some space/],
      [join(dir, "other.db"), sqliteError("SQLITE_IOERR_READ"), /reports an error \(SQLITE_IOERR_READ\)/],
      [
        join(dir, "other.db"),
        Object.assign(new Error("EACCES: permission denied, mkdir"), { code: "EACCES" }),
        /Cannot create the folder .* \(EACCES\)/,
      ],
    ];
    for (const [path, error, says] of cases) {
      const line = databaseFileError(path, error);
      expect(line).toBeInstanceOf(DatabaseFileError);
      expect(line!.message).toMatch(says);
      expect(line!.message).not.toContain("\n");
      expect(line!.message).not.toContain("simulated");
    }
    expect(databaseFileError(folder, new Error("a bug"))).toBeNull();
  });

  it("starts on a file that is not SQLite's only to fail with SQLITE_NOTADB, which the start turns into its line", () => {
    const path = join(mkdtempSync(join(tmpdir(), "ipi-not-db-")), "app.db");
    writeFileSync(path, "Name,Firm\n".repeat(100));
    const error = (() => {
      try {
        openDatabase(path);
      } catch (caught) {
        return caught;
      }
    })();
    expect(databaseFileError(path, error)?.message).toMatch(/is not a SQLite database/);
  });
});
