import { copyFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppDatabase, migrateDatabase, openDatabase } from "#db/database.server.ts";

let template: string | undefined;

/** A fresh, migrated SQLite file per call: migrations run once per worker into a template. */
export function createTestDatabase(): { db: AppDatabase; path: string } {
  if (!template || !existsSync(template)) {
    const dir = mkdtempSync(join(tmpdir(), "ipi-template-"));
    template = join(dir, "template.db");
    const db = openDatabase(template);
    migrateDatabase(db);
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    db.$client.close();
  }
  const path = join(mkdtempSync(join(tmpdir(), "ipi-test-")), "app.db");
  copyFileSync(template, path);
  return { db: openDatabase(path), path };
}
