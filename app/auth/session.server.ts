import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SESSION_COOKIE = "ipi_session";

/**
 * In production the name carries the `__Host-` prefix: the browser then keeps the cookie only
 * when it is Secure, has Path=/ and no Domain, so no other host (a sibling subdomain) can plant
 * or overwrite it. Development runs on plain http, where such a cookie would be dropped.
 */
export function sessionCookieName(production: boolean): string {
  return production ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * A session is a signed expiry time: `v1.<expires ms>.<random id>.<HMAC-SHA256>`. There is
 * one user (the founder), so the cookie carries no identity, only proof of a recent sign-in.
 */
function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function createSessionValue(secret: string, now: Date, ttlMs = SESSION_TTL_MS): string {
  const payload = `v1.${now.getTime() + ttlMs}.${randomBytes(9).toString("base64url")}`;
  return `${payload}.${sign(payload, secret)}`;
}

export function isValidSessionValue(value: string | undefined, secret: string, now: Date): boolean {
  if (!value) return false;
  const parts = value.split(".");
  if (parts.length !== 4 || parts[0] !== "v1") return false;
  const payload = parts.slice(0, 3).join(".");
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(parts[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const expiresAt = Number(parts[1]);
  return Number.isFinite(expiresAt) && expiresAt > now.getTime();
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
