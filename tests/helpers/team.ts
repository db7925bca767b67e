import Database from "better-sqlite3";
import { signIn } from "./session.ts";

/**
 * A second person of the team made straight in the database (invites are their own part): the
 * member row, and a session of theirs from a real sign-in handed over to them.
 */
export function addMember(databasePath: string, name: string, options: { demo?: boolean } = {}): number {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    return Number(
      db
        .prepare("insert into members (name, role, is_demo, created_at) values (?, 'member', ?, ?) returning id")
        .pluck()
        .get(name, options.demo ? 1 : 0, new Date().toISOString()),
    );
  } finally {
    db.close();
  }
}

/**
 * A session cookie of `memberId`: the passcode signs in (as the owner), and the one new session
 * row that sign-in wrote is given to the member, as their own sign-in would have made it.
 */
export async function signInAs(server: { url: string; databasePath: string }, passcode: string, memberId: number): Promise<string> {
  const db = new Database(server.databasePath, { fileMustExist: true });
  try {
    const before = new Set(db.prepare("select id_hash from sessions").pluck().all() as string[]);
    const cookie = await signIn(server.url, passcode);
    const made = (db.prepare("select id_hash from sessions").pluck().all() as string[]).filter((hash) => !before.has(hash));
    if (made.length !== 1) throw new Error(`expected one new session, found ${made.length}`);
    db.prepare("update sessions set member_id = ? where id_hash = ?").run(memberId, made[0]);
    return cookie;
  } finally {
    db.close();
  }
}

/** One write straight to the database a server runs on (a member renamed or disabled, as another part of the app would). */
export function writeSql(databasePath: string, query: string, ...params: unknown[]): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.prepare(query).run(...params);
  } finally {
    db.close();
  }
}
