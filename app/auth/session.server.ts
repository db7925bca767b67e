import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AppDatabase } from "#db/database.server.ts";
import { deleteExpiredSessions, deleteSession, findSession, insertSession } from "#db/queries/sessions.server.ts";

export const SESSION_COOKIE = "ipi_session";

/**
 * In production the name carries the `__Host-` prefix: the browser then keeps the cookie only
 * when it is Secure, has Path=/ and no Domain, so no other host (a sibling subdomain) can plant
 * or overwrite it. Development runs on plain http, where such a cookie would be dropped.
 */
export function sessionCookieName(production: boolean): string {
  return production ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The server-side maximum age of a session, whatever the browser keeps. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * A session is a row in the `sessions` table; the cookie is `v2.<random id>.<HMAC-SHA256>`. The
 * id is 256 random bits, the signature (checked in constant time before any lookup) ties it to
 * SESSION_SECRET, and only the id's SHA-256 is stored. The expiry lives on the server, so a
 * cookie cannot claim a longer life, and signing out deletes the row, so a replayed cookie is
 * refused. There is one user (the founder): the session carries no identity.
 */
function sign(id: string, secret: string): string {
  return createHmac("sha256", secret).update(`v2.${id}`).digest("base64url");
}

function hashId(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}

/** The id inside a well-formed cookie with a good signature; undefined for anything else. */
function signedId(value: string | undefined, secret: string): string | undefined {
  if (!value) return undefined;
  const parts = value.split(".");
  if (parts.length !== 3 || parts[0] !== "v2" || !/^[A-Za-z0-9_-]{43}$/.test(parts[1]!)) return undefined;
  const expected = Buffer.from(sign(parts[1]!, secret));
  const given = Buffer.from(parts[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return parts[1];
}

/** Starts a session (and drops the expired ones); returns the cookie value. */
export function createSession(db: AppDatabase, secret: string, now: Date, ttlMs = SESSION_TTL_MS): string {
  const id = randomBytes(32).toString("base64url");
  deleteExpiredSessions(db, now);
  insertSession(db, {
    idHash: hashId(id),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
  });
  return `v2.${id}.${sign(id, secret)}`;
}

/** True when the cookie value is a live session: well signed, on record, not past its maximum age. */
export function isActiveSession(db: AppDatabase, value: string | undefined, secret: string, now: Date): boolean {
  const id = signedId(value, secret);
  if (!id) return false;
  const row = findSession(db, hashId(id));
  if (!row) return false;
  if (Date.parse(row.expiresAt) > now.getTime()) return true;
  deleteSession(db, row.idHash);
  return false;
}

/** Signing out: the session is deleted on the server, so the same cookie never works again. */
export function revokeSession(db: AppDatabase, value: string | undefined, secret: string): void {
  const id = signedId(value, secret);
  if (id) deleteSession(db, hashId(id));
}

/** The cookie's value, or undefined when absent or not decodable (a malformed cookie is no cookie). */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function sessionCookieHeader(value: string, production: boolean, ttlMs = SESSION_TTL_MS): string {
  const attributes = [
    `${sessionCookieName(production)}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(ttlMs / 1000)}`,
  ];
  if (production) attributes.push("Secure");
  return attributes.join("; ");
}

export function clearSessionCookieHeader(production: boolean): string {
  return [`${sessionCookieName(production)}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"]
    .concat(production ? ["Secure"] : [])
    .join("; ");
}
