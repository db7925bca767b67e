import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { postForm } from "./http.ts";

/**
 * A second member of the team and a session of theirs, written straight into a running server's
 * database (invites and passkeys are another part of the app: these tests are about what a
 * member does once signed in).
 */

/** Adds a member (live, unless `disabled`; of the demo's team with `demo`) and returns their id. */
export function addMember(databasePath: string, name: string, options: { disabled?: boolean; demo?: boolean } = {}): number {
  const db = new Database(databasePath);
  try {
    db.pragma("busy_timeout = 5000");
    const row = db
      .prepare("insert into members (name, role, disabled_at, is_demo) values (?, 'member', ?, ?) returning id")
      .get(name, options.disabled ? new Date().toISOString() : null, options.demo ? 1 : 0) as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

/** One write straight to the database a server runs on (a member renamed or disabled, as another part of the app would). */
export function writeSql(databasePath: string, query: string, ...params: unknown[]): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(query).run(...params);
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
  const response = await postForm(server.url, "/login", { passcode });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`signing in answered ${response.status}`);
  giveSessionTo(server.databasePath, cookie, memberId);
  return cookie;
}

/** Makes the session a cookie pair (`name=value`) carries `memberId`'s, as their own sign-in would. */
export function giveSessionTo(databasePath: string, cookie: string, memberId: number): void {
  const idHash = createHash("sha256").update(sessionIdOf(cookie)).digest("base64url");
  const db = new Database(databasePath);
  try {
    db.pragma("busy_timeout = 5000");
    const changed = db.prepare("update sessions set member_id = ? where id_hash = ?").run(memberId, idHash).changes;
    if (changed !== 1) throw new Error("the session of that cookie is not in the database");
  } finally {
    db.close();
  }
}
