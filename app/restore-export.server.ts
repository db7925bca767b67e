import { readFileSync, statSync } from "node:fs";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { type RestoredCounts, restoreExport } from "#db/queries/restore-export.server.ts";
import { EXPORT_FILE_MAX_BYTES, describeExportProblems, exportFileSchema } from "./domain/export-file.ts";

export class RestoreError extends Error {}

/**
 * `npm run restore-export -- file.json` (scripts/restore-export.ts, through the server build):
 * reads an /export.json, checks it, and writes it into the database at `databasePath` (created
 * and migrated when missing), which must hold no real investors or startups (decision 020).
 */
export function restoreExportFile(filePath: string, databasePath: string, now = new Date()): RestoredCounts {
  let size: number;
  try {
    size = statSync(filePath).size;
  } catch {
    throw new RestoreError(`${filePath} cannot be read`);
  }
  if (size > EXPORT_FILE_MAX_BYTES)
    throw new RestoreError(`${filePath} is over ${EXPORT_FILE_MAX_BYTES / 1024 / 1024} MB: not an export of this app`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(filePath, "utf8"));
  } catch {
    throw new RestoreError(`${filePath} is not JSON: give the file /export.json downloaded`);
  }
  const parsed = exportFileSchema.safeParse(json);
  if (!parsed.success) throw new RestoreError(`${filePath} is not an export of this app:\n${describeExportProblems(parsed.error)}`);
  const db = openDatabase(databasePath);
  try {
    migrateDatabase(db);
    return restoreExport(db, parsed.data, now);
  } finally {
    db.$client.close();
  }
}
