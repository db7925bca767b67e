import { createHash } from "node:crypto";
import Database from "better-sqlite3";

/**
 * A checksum of every real (non-demo) row in the database: investors, their contact history,
 * evidence and mail contacts, non-demo runs, startups and their children, app state.
 */
export function realRowsChecksum(databasePath: string): string {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return checksumOf(db);
  } finally {
    db.close();
  }
}

/**
 * A checksum of every row of every table, demo rows included (sessions aside: signing in is a
 * write), over one connection kept open: for checking that a refused request wrote nothing.
 */
export function openDatabaseChecksum(databasePath: string): { checksum: () => string; close: () => void } {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  const checksum = () => {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%session%' order by name",
      )
      .pluck()
      .all() as string[];
    const hash = createHash("sha256");
    for (const table of tables) {
      const rows = db
        .prepare(`select * from "${table}"`)
        .all()
        .map((row) => JSON.stringify(row));
      hash.update(`${table}\n${rows.sort().join("\n")}\n`);
    }
    return hash.digest("hex");
  };
  return { checksum, close: () => db.close() };
}

function checksumOf(db: Database.Database): string {
  const queries = [
    "select * from investors where is_demo = 0 order by id",
    "select c.* from contact_entries c join investors i on i.id = c.investor_id where i.is_demo = 0 order by c.id",
    "select e.* from evidence e join investors i on i.id = e.investor_id where i.is_demo = 0 order by e.id",
    "select m.* from mail_contacts m join investors i on i.id = m.investor_id where i.is_demo = 0 order by m.id",
    "select * from runs where trigger != 'demo' order by run_id",
    "select * from startups where is_demo = 0 order by id",
    "select r.* from rubrics r join startups s on s.id = r.startup_id where s.is_demo = 0 order by r.id",
    "select * from app_state where key not like 'demo%' order by key",
  ];
  const hash = createHash("sha256");
  for (const query of queries) hash.update(JSON.stringify(db.prepare(query).all()));
  return hash.digest("hex");
}

/** One number read from the database file (a count, an id): `sqlNumber` in ./sql.ts. */
export { sqlNumber as count } from "./sql.ts";
