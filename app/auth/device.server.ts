import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "./session.server.ts";

/**
 * A browser that signed in before (decision 019): on each sign-in the browser is given a
 * long-lived cookie `d1.<random id>.<HMAC-SHA256>` keyed, like the session, by SESSION_SECRET
 * (or the stored key). It opens nothing by itself; it only lets that browser's passcode attempts
 * be checked while a flood of guesses holds everyone else back, and it gives the browser a guess
 * count of its own instead of its address's. Nothing is stored on the server: the signature is
 * the proof. Changing SESSION_SECRET forgets every device.
 */
export const DEVICE_COOKIE = "ipi_device";

/** 400 days: the longest a browser keeps a cookie (Chrome caps Max-Age there). */
export const DEVICE_TTL_SECONDS = 400 * 24 * 60 * 60;

/** `__Host-` in production, for the same reason as the session cookie (see sessionCookieName). */
export function deviceCookieName(production: boolean): string {
  return production ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

// "device." keeps these signatures apart from the session cookie's (`v2.<id>`), made with the same key.
function sign(id: string, secret: string): string {
  return createHmac("sha256", secret).update(`device.d1.${id}`).digest("base64url");
}

export function createDevice(secret: string): string {
  const id = randomBytes(16).toString("base64url");
  return `d1.${id}.${sign(id, secret)}`;
}

/** The device id inside a well-formed, well-signed cookie value; undefined for anything else. */
export function deviceId(value: string | undefined, secret: string): string | undefined {
  if (!value) return undefined;
  const parts = value.split(".");
  if (parts.length !== 3 || parts[0] !== "d1" || !/^[A-Za-z0-9_-]{22}$/.test(parts[1]!)) return undefined;
  const expected = Buffer.from(sign(parts[1]!, secret));
  const given = Buffer.from(parts[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return parts[1];
}

/** The trusted device a request comes from, if any. */
export function requestDevice(request: Request, secret: string, production: boolean): string | undefined {
  return deviceId(readCookie(request.headers.get("cookie"), deviceCookieName(production)), secret);
}

/** The Set-Cookie value for a device cookie: HttpOnly, SameSite=Lax, Path=/, Secure in production. */
export function deviceCookieHeader(value: string, production: boolean): string {
  const attributes = [
    `${deviceCookieName(production)}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${DEVICE_TTL_SECONDS}`,
  ];
  if (production) attributes.push("Secure");
  return attributes.join("; ");
}
