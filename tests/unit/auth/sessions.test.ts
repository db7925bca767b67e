import { createHmac, randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { SESSION_TTL_MS, createSession, isActiveSession, revokeSession } from "#app/auth/session.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { sessions } from "#db/schema.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const secret = "s".repeat(40);
const start = new Date("2026-11-22T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

function at(ms: number): Date {
  return new Date(start.getTime() + ms);
}

describe("sessions (real SQLite)", () => {
  let db: AppDatabase;

  beforeEach(() => {
    db = createTestDatabase().db;
  });

  it("accepts a fresh session and stores only a hash of its id", () => {
    const value = createSession(db, secret, start);
    expect(value).toMatch(/^v2\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(isActiveSession(db, value, secret, start)).toBe(true);
    const rows = db.select().from(sessions).all();
    expect(rows).toHaveLength(1);
    const id = value.split(".")[1]!;
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(rows[0]!.expiresAt).toBe(at(SESSION_TTL_MS).toISOString());
  });

  it("refuses a session after sign-out: the same cookie replayed is refused", () => {
    const value = createSession(db, secret, start);
    const other = createSession(db, secret, start);
    revokeSession(db, value, secret);
    expect(isActiveSession(db, value, secret, start)).toBe(false);
    // Signing out one browser leaves the other signed in.
    expect(isActiveSession(db, other, secret, start)).toBe(true);
    expect(db.select().from(sessions).all()).toHaveLength(1);
  });

  it("has a server-side maximum age of 14 days, and forgets the expired row", () => {
    expect(SESSION_TTL_MS).toBe(14 * DAY);
    const value = createSession(db, secret, start);
    expect(isActiveSession(db, value, secret, at(14 * DAY - 1000))).toBe(true);
    expect(isActiveSession(db, value, secret, at(14 * DAY + 1000))).toBe(false);
    expect(db.select().from(sessions).all()).toHaveLength(0);
    expect(isActiveSession(db, value, secret, start)).toBe(false);
  });

  it("cleans up expired sessions when someone signs in", () => {
    createSession(db, secret, start);
    createSession(db, secret, at(10 * DAY));
    createSession(db, secret, at(15 * DAY));
    // The first expired on day 14; the second lasts until day 24.
    expect(db.select().from(sessions).all()).toHaveLength(2);
    createSession(db, secret, at(30 * DAY));
    expect(db.select().from(sessions).all()).toHaveLength(1);
  });

  it("refuses a value signed with another secret, tampered, or well signed but never issued", () => {
    const value = createSession(db, secret, start);
    expect(isActiveSession(db, value, "t".repeat(40), start)).toBe(false);
    const [, id, signature] = value.split(".");
    const flipped = `v2.${id}.${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    expect(isActiveSession(db, flipped, secret, start)).toBe(false);
    // Someone holding the key still cannot mint a session the server did not start.
    const minted = randomBytes(32).toString("base64url");
    const mintedValue = `v2.${minted}.${createHmac("sha256", secret).update(`v2.${minted}`).digest("base64url")}`;
    expect(isActiveSession(db, mintedValue, secret, start)).toBe(false);
    for (const junk of [undefined, "", "v2", "v2..", "v2.a.b.c", `v2.${id}`, "%", "v1.9999999999999.abc.def"]) {
      expect(isActiveSession(db, junk, secret, start), String(junk)).toBe(false);
    }
  });

  it("refuses the old self-expiring cookie, whatever expiry it claims", () => {
    // v1 cookies carried their own expiry: anyone holding the key could sign one for a year.
    const payload = `v1.${at(365 * DAY).getTime()}.${randomBytes(9).toString("base64url")}`;
    const value = `${payload}.${createHmac("sha256", secret).update(payload).digest("base64url")}`;
    expect(isActiveSession(db, value, secret, start)).toBe(false);
  });
});
