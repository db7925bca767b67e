import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { signIn } from "./session.ts";

/**
 * A second member of the team and a session of theirs, written straight into a running server's
 * database (invites and passkeys are another part of the app: these tests are about what a
 * member does once signed in).
 */

/** Adds a live member and returns their id. */
export function addMember(databasePath: string, name: string, options: { disabled?: boolean } = {}): number {
  const db = new Database(databasePath);
  try {
    const row = db
      .prepare("insert into members (name, role, disabled_at) values (?, 'member', ?) returning id")
      .get(name, options.disabled ? new Date().toISOString() : null) as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

/** Gives the owner (made at the first sign-in) their name. */
export function nameOwner(databasePath: string, name: string): void {
  const db = new Database(databasePath);
  try {
    db.prepare("update members set name = ? where role = 'owner' and is_demo = 0").run(name);
  } finally {
    db.close();
  }
}

/** The session id a session cookie pair (`name=value`) carries: React Router's signed cookie is base64 JSON, then the signature. */
function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const payload = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as string;
}

/**
 * A session cookie of `memberId`: signs in with the passcode (the owner's) through the real form,
 * then says in the sessions table that this session is the member's, as their own sign-in would.
 */
export async function signInAsMember(server: { url: string; databasePath: string }, passcode: string, memberId: number): Promise<string> {
  const cookie = await signIn(server.url, passcode);
  const idHash = createHash("sha256").update(sessionIdOf(cookie)).digest("base64url");
  const db = new Database(server.databasePath);
  try {
    const changed = db.prepare("update sessions set member_id = ? where id_hash = ?").run(memberId, idHash).changes;
    if (changed !== 1) throw new Error("the session of that cookie is not in the database");
  } finally {
    db.close();
  }
  return cookie;
}
