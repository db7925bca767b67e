import { createHash } from "node:crypto";
import { createCookie } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SETTLE_EVERY_MS, createSessionStore } from "#app/auth/session.server.ts";
import { findSession } from "#db/queries/sessions.server.ts";
import { type StorageFault, storageFaultOf } from "#db/storage-fault.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const secret = "s".repeat(40);
let now = new Date("2026-11-22T10:00:00Z");

function sent(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

async function rowOf(db: AppDatabase, setCookie: string) {
  const id = (await createCookie("ipi_session", { secrets: [secret] }).parse(sent(setCookie))) as string;
  return findSession(db, createHash("sha256").update(id).digest("base64url"));
}

/**
 * While `disk.full` is set, the sessions table's writes fail with a real SQLITE_FULL: one SQLite
 * raised on a file that may not grow (`max_page_count`) given a row larger than its free space.
 */
const disk = vi.hoisted(() => ({ full: false, error: undefined as unknown }));
vi.mock("#db/queries/sessions.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#db/queries/sessions.server.ts")>();
  const failing =
    <Args extends unknown[], Result>(write: (...args: Args) => Result) =>
    (...args: Args): Result => {
      if (disk.full) throw disk.error;
      return write(...args);
    };
  return {
    ...actual,
    insertSession: failing(actual.insertSession),
    deleteSession: failing(actual.deleteSession),
    deleteExpiredSessions: failing(actual.deleteExpiredSessions),
  };
});

function realDiskFullError(): unknown {
  const { db } = createTestDatabase();
  db.$client.pragma(`max_page_count = ${db.$client.pragma("page_count", { simple: true })}`);
  try {
    db.$client.prepare("insert into app_state (key, value, updated_at) values ('filler', hex(randomblob(1000000)), '')").run();
  } catch (error) {
    return error;
  } finally {
    db.$client.close();
  }
  throw new Error("the file grew past max_page_count");
}

describe("sessions while the storage refuses writes (decision 058)", () => {
  afterEach(() => {
    disk.full = false;
  });

  it("signs in and out with the disk full, the session held in memory, and writes it once there is room", async () => {
    const { db } = createTestDatabase();
    const faults: StorageFault[] = [];
    const store = createSessionStore({ db, secret, production: false, now: () => now, onStorageFault: (fault) => faults.push(fault) });
    disk.error = realDiskFullError();
    expect(storageFaultOf(disk.error)).toEqual({ kind: "full", code: "SQLITE_FULL" });
    disk.full = true;

    // Sign-in answers a cookie that works, though no row could be written.
    const first = await store.start();
    expect(faults).toEqual([{ kind: "full", code: "SQLITE_FULL" }]);
    expect(await rowOf(db, first)).toBeUndefined();
    expect(await store.isActive(sent(first))).toBe(true);

    // Signing out works too: the same cookie is refused afterwards.
    await store.end(sent(first));
    expect(await store.isActive(sent(first))).toBe(false);

    // Space returns: the next sign-in writes the held session (and its own) to the table.
    const second = await store.start();
    expect(await rowOf(db, second)).toBeUndefined();
    disk.full = false;
    const third = await store.start();
    expect(await rowOf(db, second)).toBeDefined();
    expect(await rowOf(db, third)).toBeDefined();
    expect(await rowOf(db, first)).toBeUndefined();
    expect(await store.isActive(sent(second))).toBe(true);
    expect(await store.isActive(sent(first))).toBe(false);

    // Held with the disk full, then written by a signed-in request once the disk has room (10 s on).
    disk.full = true;
    const fourth = await store.start();
    disk.full = false;
    expect(await store.isActive(sent(fourth))).toBe(true);
    expect(await rowOf(db, fourth)).toBeUndefined();
    now = new Date(now.getTime() + SETTLE_EVERY_MS);
    expect(await store.isActive(sent(fourth))).toBe(true);
    expect(await rowOf(db, fourth)).toBeDefined();

    // A store made afresh (a restart) reads the written sessions from the table alone.
    const restarted = createSessionStore({ db, secret, production: false, now: () => now });
    expect(await restarted.isActive(sent(second))).toBe(true);
    expect(await restarted.isActive(sent(third))).toBe(true);
    expect(await restarted.isActive(sent(fourth))).toBe(true);
  });

  it("throws any other error as it is", async () => {
    const { db } = createTestDatabase();
    const store = createSessionStore({ db, secret, production: false, now: () => now });
    db.$client.exec("create trigger refuse before insert on sessions begin select raise(abort, 'not a storage fault'); end");
    await expect(store.start()).rejects.toThrow();
  });
});
