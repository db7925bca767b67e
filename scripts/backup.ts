/**
 * A consistent copy of the SQLite file while the app runs (SQLite's online backup API):
 * `npm run backup` writes `<database dir>/backups/app-<timestamp>.db` and keeps the newest 14.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";

export async function backupDatabase(databasePath: string, keep = 14): Promise<string> {
  const folder = join(dirname(databasePath), "backups");
  mkdirSync(folder, { recursive: true });
  const target = join(folder, `app-${new Date().toISOString().replace(/[:.]/g, "-")}.db`);
  const source = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  const old = readdirSync(folder)
    .filter((name) => /^app-.*\.db$/.test(name))
    .sort()
    .reverse()
    .slice(keep);
  for (const name of old) rmSync(join(folder, name));
  return target;
}

if (import.meta.filename === process.argv[1]) {
  const path = process.env.DATABASE_PATH ?? "./data/app.db";
  backupDatabase(path)
    .then((target) => console.log(`Backed up ${path} to ${target}`))
    .catch((error: unknown) => {
      console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
