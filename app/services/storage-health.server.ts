import { statfsSync } from "node:fs";
import { dirname } from "node:path";
import { writeState } from "#db/queries/app-state.server.ts";
import type { App } from "../app-context.ts";
import { STORAGE_CODE } from "../http/api-error.ts";
import { clearStorageFault, lastStorageFault, noteStorageFault, storageFaultOf } from "../http/storage-failure.server.ts";

/**
 * Free space under which the database is reported degraded: a write of a few pages may still
 * fit, but an import or a re-score will not, and the founder should hear of it before they do.
 */
export const STORAGE_RESERVE_BYTES = 1024 * 1024;

export type StorageState = "ok" | (typeof STORAGE_CODE)[keyof typeof STORAGE_CODE];

/** Bytes free to this process on the database's file system, or null when it cannot tell (`:memory:`). */
export function freeBytes(databasePath: string): number | null {
  if (databasePath === ":memory:") return null;
  try {
    const stats = statfsSync(dirname(databasePath));
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return null;
  }
}

/**
 * Whether the database takes writes, for `/api/health` (decision 058): degraded while its file
 * system has less than STORAGE_RESERVE_BYTES free, and after a storage fault (a write refused:
 * full, read-only, an I/O error) until a write succeeds again. That write is tried here, one
 * small row, only while a fault is noted, so health recovers by itself once there is room.
 */
export function storageState(app: App): StorageState {
  const free = freeBytes(app.config.DATABASE_PATH);
  if (lastStorageFault()) {
    try {
      writeState(app.db, "storage_probe", app.now().toISOString(), app.now());
      clearStorageFault();
    } catch (error) {
      noteStorageFault(storageFaultOf(error) ?? { kind: "unavailable", code: "unknown" });
    }
  }
  const noted = lastStorageFault();
  if (noted) return STORAGE_CODE[noted.fault.kind];
  return free !== null && free < STORAGE_RESERVE_BYTES ? STORAGE_CODE.full : "ok";
}
