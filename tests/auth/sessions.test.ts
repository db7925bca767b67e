import { createHmac, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_TTL_MS, type SessionStore, VERIFIED_KEPT, createSessionStore, rememberingVerified } from "#app/auth/session.server.ts";
import { findSession } from "#db/queries/sessions.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { sessions } from "#db/schema.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const secret = "s".repeat(40);
const start = new Date("2026-11-22T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

function at(ms: number): Date {
  return new Date(start.getTime() + ms);
}

/** The `name=value` part of a Set-Cookie header: what the browser sends back. */
function sent(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

/** The session id inside a cookie React Router signed with `key`. */
async function idIn(cookieHeader: string, key = secret): Promise<unknown> {
  return createCookie("ipi_session", { secrets: [key] }).parse(cookieHeader);
}

describe("sessions on React Router's session storage (real SQLite)", () => {
  let db: AppDatabase;
  let now: Date;
  let store: SessionStore;

  beforeEach(() => {
    db = createTestDatabase().db;
    now = start;
    store = createSessionStore({ db, secret, production: false, now: () => now });
  });

  it("sets a signed, HttpOnly, SameSite=Lax cookie and stores only a hash of its id", async () => {
    const header = await store.start();
    expect(header).toMatch(/^ipi_session=[^;]+; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await store.isActive(sent(header))).toBe(true);
    const rows = db.select().from(sessions).all();
    expect(rows).toHaveLength(1);
    const id = await idIn(sent(header));
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(rows[0]!.expiresAt).toBe(at(SESSION_TTL_MS).toISOString());
  });

  it("is Secure under the __Host- name in production", async () => {
    const production = createSessionStore({ db, secret, production: true, now: () => now });
    const header = await production.start();
    expect(header).toMatch(/^__Host-ipi_session=[^;]+; Max-Age=1209600; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await production.isActive(sent(header))).toBe(true);
    // The development name is another cookie.
    expect(await production.isActive(sent(header).replace("__Host-", ""))).toBe(false);
  });

  it("refuses a session after sign-out: the same cookie replayed is refused", async () => {
    const value = sent(await store.start());
    const other = sent(await store.start());
    const cleared = await store.end(value);
    expect(cleared).toMatch(/^ipi_session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    expect(await store.isActive(value)).toBe(false);
    // Signing out one browser leaves the other signed in.
    expect(await store.isActive(other)).toBe(true);
    expect(db.select().from(sessions).all()).toHaveLength(1);
    // Signing out without a session (or with junk) deletes nothing.
    await store.end(null);
    await store.end("ipi_session=%");
    expect(db.select().from(sessions).all()).toHaveLength(1);
  });

  it("has a server-side maximum age of 14 days, and forgets the expired row", async () => {
    expect(SESSION_TTL_MS).toBe(14 * DAY);
    const value = sent(await store.start());
    now = at(14 * DAY - 1000);
    expect(await store.isActive(value)).toBe(true);
    now = at(14 * DAY + 1000);
    expect(await store.isActive(value)).toBe(false);
    expect(db.select().from(sessions).all()).toHaveLength(0);
    now = start;
    expect(await store.isActive(value)).toBe(false);
  });

  it("cleans up expired sessions when someone signs in", async () => {
    await store.start();
    now = at(10 * DAY);
    await store.start();
    now = at(15 * DAY);
    await store.start();
    // The first expired on day 14; the second lasts until day 24.
    expect(db.select().from(sessions).all()).toHaveLength(2);
    now = at(30 * DAY);
    await store.start();
    expect(db.select().from(sessions).all()).toHaveLength(1);
  });

  it("refuses a value signed with another secret, tampered, or well signed but never issued", async () => {
    const value = sent(await store.start());
    const elsewhere = createSessionStore({ db, secret: "t".repeat(40), production: false, now: () => now });
    expect(await elsewhere.isActive(value)).toBe(false);
    // A character inside the signature, not its last: the last base64 character carries two padding
    // bits, so "B" → "A" there can decode to the same signature (this test failed about 1 run in 20).
    const inside = value.length - 5;
    const flipped = `${value.slice(0, inside)}${value[inside] === "A" ? "B" : "A"}${value.slice(inside + 1)}`;
    expect(await store.isActive(flipped)).toBe(false);
    // Someone holding the key still cannot mint a session the server did not start.
    const minted = await createCookie("ipi_session", { secrets: [secret] }).serialize(randomBytes(32).toString("base64url"));
    expect(await store.isActive(sent(minted))).toBe(false);
    // Nor smuggle another shape of value in a well-signed cookie.
    for (const shape of [{}, ["x"], 42, "short", "../".repeat(20)]) {
      const odd = await createCookie("ipi_session", { secrets: [secret] }).serialize(shape);
      expect(await store.isActive(sent(odd)), JSON.stringify(shape)).toBe(false);
    }
    for (const junk of [null, "", "ipi_session", "ipi_session=", "ipi_session=v2..", "ipi_session=%", "ipi_session=a.b.c"]) {
      expect(await store.isActive(junk), String(junk)).toBe(false);
    }
  });

  it("refuses the cookies of earlier versions, whatever expiry they claim", async () => {
    // v1 carried its own expiry (anyone holding the key could sign one for a year); v2 was a
    // signed id of our own format. Both end with this change (decision 025): sign in once more.
    const payload = `v1.${at(365 * DAY).getTime()}.${randomBytes(9).toString("base64url")}`;
    const v1 = `${payload}.${createHmac("sha256", secret).update(payload).digest("base64url")}`;
    const id = randomBytes(32).toString("base64url");
    const v2 = `v2.${id}.${createHmac("sha256", secret).update(`v2.${id}`).digest("base64url")}`;
    for (const value of [v1, v2]) expect(await store.isActive(`ipi_session=${value}`)).toBe(false);
  });

  it("reads the row as drizzle's own select does", async () => {
    await store.start();
    const row = db.select().from(sessions).get()!;
    expect(findSession(db, row.idHash)).toEqual(row);
    expect(findSession(db, "none")).toBeUndefined();
  });
});

describe("the signature of a Cookie header is verified once (WebCrypto, about 0.35 ms a request)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a signed-in browser's requests verify its cookie once; signing out still ends it at once", async () => {
    const db = createTestDatabase().db;
    const store = createSessionStore({ db, secret, production: false, now: () => start });
    const value = sent(await store.start());
    const verify = vi.spyOn(globalThis.crypto.subtle, "verify");
    for (let i = 0; i < 5; i++) expect(await store.isActive(value)).toBe(true);
    expect(verify).toHaveBeenCalledTimes(1);
    await store.end(value);
    expect(await store.isActive(value)).toBe(false);
  });

  /** React Router's signed cookie behind the wrapper, with the headers it was asked to parse. */
  function counted() {
    const signed = createCookie("ipi_session", { secrets: [secret] });
    const parse = vi.spyOn(signed, "parse");
    const parsed = () => parse.mock.calls.map(([header]) => header);
    return { signed, cookie: rememberingVerified(signed), parse, parsed };
  }

  it("remembers only headers that verified, so guessing adds nothing", async () => {
    const { signed, cookie, parsed } = counted();
    const good = sent(await signed.serialize("x".repeat(43)));
    const forged = `${good.slice(0, -3)}AAA`;
    for (let i = 0; i < 3; i++) {
      expect(await cookie.parse(good)).toBe("x".repeat(43));
      expect(await cookie.parse(forged)).toBeNull();
      expect(await cookie.parse("other=1")).toBeNull();
    }
    expect(parsed().filter((header) => header === good)).toHaveLength(1);
    expect(parsed().filter((header) => header === forged)).toHaveLength(3);
    expect(parsed().filter((header) => header === "other=1")).toHaveLength(3);
    expect(cookie.name).toBe("ipi_session");
    expect(cookie.isSigned).toBe(true);
  });

  it("keeps at most VERIFIED_KEPT headers, dropping the least recently used", async () => {
    const { signed, cookie, parse, parsed } = counted();
    const headers = await Promise.all(Array.from({ length: VERIFIED_KEPT + 1 }, async (_, i) => sent(await signed.serialize(`id-${i}`))));
    for (const header of headers.slice(0, VERIFIED_KEPT)) await cookie.parse(header);
    // The first is used again, so the second is the oldest when one more arrives.
    await cookie.parse(headers[0]!);
    await cookie.parse(headers[VERIFIED_KEPT]!);
    parse.mockClear();
    await cookie.parse(headers[0]!);
    expect(parsed()).toEqual([]);
    expect(await cookie.parse(headers[1]!)).toBe("id-1");
    expect(parsed()).toEqual([headers[1]]);
  });
});
