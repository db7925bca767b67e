import { createHmac, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { secretsMatch } from "./secret-compare.server.ts";

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/**
 * A passcode a person can type: 4 groups of 4 characters without look-alikes (0/o, 1/l). Each
 * character is one of 31 (the byte taken modulo 31, a bias too small to matter): 16 of them carry
 * about 79 bits, far beyond what any guessing rate can reach (decision 019).
 */
export function generatePasscode(): string {
  const bytes = randomBytes(16);
  let out = "";
  for (let i = 0; i < 16; i++) {
    if (i > 0 && i % 4 === 0) out += "-";
    out += ALPHABET[bytes[i]! % ALPHABET.length];
  }
  return out;
}

/**
 * The stored form of a generated passcode: `hmac-sha256$<random key>$<HMAC-SHA-256 of the
 * passcode>`. A fast keyed hash is enough because the passcode is random and long: a copy of the
 * database (a backup) cannot be searched for 79 bits, so the slowness of scrypt buys nothing,
 * while a check in microseconds leaves nothing for a flood of guesses to use up (decision 019).
 */
export function hashPasscode(passcode: string): string {
  const key = randomBytes(32);
  return `hmac-sha256$${key.toString("base64url")}$${mac(passcode, key).toString("base64url")}`;
}

function mac(passcode: string, key: Buffer): Buffer {
  return createHmac("sha256", key).update(passcode).digest();
}

/**
 * True when `passcode` matches the stored hash, compared in constant time. Also reads the
 * `scrypt$salt$hash` form stored before decision 019 (replaced by the fast form at the first
 * right sign-in, see `isSlowHash`).
 */
export function verifyPasscodeHash(passcode: string, stored: string): boolean {
  const [scheme, first, second] = stored.split("$");
  if (!first || !second) return false;
  const expected = Buffer.from(second, "base64url");
  let actual: Buffer;
  if (scheme === "hmac-sha256") actual = mac(passcode, Buffer.from(first, "base64url"));
  else if (scheme === "scrypt") actual = scryptSync(passcode, Buffer.from(first, "base64url"), expected.length);
  else return false;
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash stored before decision 019: about 50 ms of scrypt a check. */
export function isSlowHash(stored: string): boolean {
  return stored.startsWith("scrypt$");
}

/**
 * How a passcode is checked: against ADMIN_PASSCODE when it is set, else against the hash
 * of the passcode generated at first start.
 */
export type PasscodeSource = { kind: "env"; passcode: string } | { kind: "hash"; hash: string };

/**
 * ADMIN_PASSCODE is compared directly (SHA-256 of both sides, constant time): it sits in the
 * environment in clear, so no stored hash exists to protect and scrypt would only cost time.
 */
export function checkPasscode(given: string | null | undefined, source: PasscodeSource): boolean {
  if (!given) return false;
  if (source.kind === "env") return secretsMatch(given, source.passcode);
  return verifyPasscodeHash(given, source.hash);
}
