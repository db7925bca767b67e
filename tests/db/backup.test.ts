import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { backupDatabase } from "../../scripts/backup.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

describe("backup", () => {
  it("copies a live WAL database consistently, keeping the newest copies", async () => {
    const { db, path } = createTestDatabase();
    db.$client.prepare("insert into investors (name) values ('Ada'), ('Grace')").run();
    const first = await backupDatabase(path, 1);
    const copy = new Database(first, { readonly: true });
    expect(copy.prepare("select count(*) from investors").pluck().get()).toBe(2);
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await backupDatabase(path, 1);
    expect(second).not.toBe(first);
    const { existsSync } = await import("node:fs");
    expect(existsSync(first)).toBe(false);
    expect(existsSync(second)).toBe(true);
  });
});
