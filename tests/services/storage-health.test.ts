import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "#app/config.server.ts";
import { clearStorageFault, lastStorageFault, noteStorageFault } from "#app/http/storage-failure.server.ts";
import { storageState } from "#app/services/storage-health.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import * as schema from "#db/schema.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

describe("/api/health's view of the storage", () => {
  afterEach(() => clearStorageFault());

  it("stays degraded after a fault while a probe write fails, and is ok again once one succeeds", () => {
    const { db, path } = createTestDatabase();
    const config = parseConfig({ DATABASE_PATH: path });
    expect(storageState(fakeApp(db, undefined, { config }))).toBe("ok");

    noteStorageFault({ kind: "full", code: "SQLITE_FULL" });
    // The same file over a read-only connection: the probe write is refused.
    const reader = new Database(path, { readonly: true });
    const readOnly = drizzle({ client: reader, schema }) as unknown as AppDatabase;
    expect(storageState(fakeApp(readOnly, undefined, { config }))).toBe("storage_unavailable");
    expect(lastStorageFault()?.fault).toEqual({ kind: "unavailable", code: "SQLITE_READONLY" });
    reader.close();

    // Writes work again: the probe succeeds and the fault is forgotten.
    expect(storageState(fakeApp(db, undefined, { config }))).toBe("ok");
    expect(lastStorageFault()).toBeNull();
    expect(db.$client.prepare("select count(*) from app_state where key = 'storage_probe'").pluck().get()).toBe(1);
  });
});
