import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { secretsMatch } from "./secret-compare.server.ts";

const KEY_LENGTH = 32;

/** A passcode a person can type: 4 groups of 4 characters without look-alikes (0/o, 1/l). */
export function generatePasscode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(16);
  let out = "";
  for (let i = 0; i < 16; i++) {
    if (i > 0 && i % 4 === 0) out += "-";
    out += alphabet[bytes[i]! % alphabet.length];
  }
  return out;
}

export function hashPasscode(passcode: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(passcode, salt, KEY_LENGTH);
  return `scrypt$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export function verifyPasscodeHash(passcode: string, stored: string): boolean {
  const [scheme, saltText, hashText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64url");
  const actual = scryptSync(passcode, Buffer.from(saltText, "base64url"), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * How a passcode is checked: against ADMIN_PASSCODE when it is set, else against the hash
 * of the passcode generated at first start.
 */
export type PasscodeSource = { kind: "env"; passcode: string } | { kind: "hash"; hash: string };

export function checkPasscode(given: string | null | undefined, source: PasscodeSource): boolean {
  if (!given) return false;
  if (source.kind === "env") return secretsMatch(given, source.passcode);
  return verifyPasscodeHash(given, source.hash);
}
