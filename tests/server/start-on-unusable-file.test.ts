import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { runServerExpectingExit } from "#tests/helpers/server.ts";

/*
 * The built server started on a database file it cannot use says so in one line, naming the path
 * and SQLite's code, and exits non-zero: no stack trace (decision 058).
 */
const ROOT = process.getuid?.() === 0;
const cleanups: Array<() => void> = [];

afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

/** A migrated database file in its own folder. */
function databaseIn(dir: string): string {
  const path = join(dir, "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  return path;
}

/**
 * A database the server may read but not write: as root (CI), on a tmpfs remounted read-only,
 * since root writes through file modes; otherwise the file and its folder made read-only.
 */
function readOnlyDatabase(): string {
  const dir = mkdtempSync(join(tmpdir(), "ipi-read-only-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (ROOT) {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", dir]);
    cleanups.push(() => execFileSync("umount", [dir]));
    const path = databaseIn(dir);
    execFileSync("mount", ["-o", "remount,ro", dir]);
    return path;
  }
  const path = databaseIn(dir);
  chmodSync(path, 0o444);
  chmodSync(dir, 0o555);
  cleanups.push(() => chmodSync(dir, 0o755));
  return path;
}

async function expectOneLine(databasePath: string, says: RegExp): Promise<void> {
  const { code, output } = await runServerExpectingExit({ DATABASE_PATH: databasePath, ADMIN_PASSCODE: "unusable-file-passcode" });
  expect(code, output).toBe(1);
  const lines = output.trim().split("\n");
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toContain(databasePath);
  expect(lines[0]).toMatch(says);
  expect(output).not.toMatch(/\n\s+at |SqliteError|node:internal/);
}

describe("starting on an unusable database file", () => {
  it("a read-only file: one line, exit 1", async () => {
    // A read-only file system shows as SQLITE_CANTOPEN (no -shm file can be made), a read-only file as SQLITE_READONLY.
    await expectOneLine(readOnlyDatabase(), /read-only.*SQLITE_READONLY|SQLITE_CANTOPEN.*read-only/);
  });

  it("a file that is not a database: one line, exit 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ipi-not-a-db-"));
    const path = join(dir, "app.db");
    writeFileSync(path, "Name,Firm\nAda,Analytical\n".repeat(200));
    await expectOneLine(path, /is not a SQLite database \(SQLITE_NOTADB\)/);
  });

  it("a folder: one line, exit 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ipi-folder-"));
    const path = join(dir, "app.db");
    mkdirSync(path);
    await expectOneLine(path, /is a folder, not a file/);
  });
});
