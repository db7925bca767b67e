import type Database from "better-sqlite3";
import { type AppDatabase, statement } from "../database.server.ts";

/**
 * Rows written on this connection, counted by what they are (decision 028): a table's name, or
 * `app_state:<key>` for the key/value table, so a kept result can ignore the writes it never
 * reads (a session row, the mail-sync status line). Counted by temporary triggers, which belong
 * to this connection alone: another connection's commit moves SQLite's `data_version`, which the
 * caller reads beside these counts (kept.server.ts).
 *
 * An UPDATE counts only when a column other than `updated_at` changed, so a re-score that gives
 * every investor the score it had leaves the counts as they were. A page must therefore never
 * show an `updated_at` (none does: the stamps are for export and debugging).
 */
export type WriteCounts = {
  /** Every counted write, whatever it touched. */
  total: number;
  byName: Map<string, number>;
};

type Installed = { counts: WriteCounts; schemaVersion: number };
const installed = new WeakMap<Database.Database, Installed>();

/** Columns whose change alone does not change what anything shows. */
const UNSHOWN_COLUMNS = new Set(["updated_at"]);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function bump(counts: WriteCounts, name: string): void {
  counts.total++;
  counts.byName.set(name, (counts.byName.get(name) ?? 0) + 1);
}

function createTriggers(client: Database.Database): void {
  const existing = client
    .prepare("select name from sqlite_temp_master where type = 'trigger' and name like 'kept_write_%'")
    .pluck()
    .all() as string[];
  for (const name of existing) client.exec(`drop trigger temp.${quote(name)}`);
  const tables = client
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_\\_%' escape '\\'")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const columns = (client.prepare(`select name from pragma_table_info(?)`).pluck().all(table) as string[]).filter(
      (column) => !UNSHOWN_COLUMNS.has(column),
    );
    const name = (row: "NEW" | "OLD") => (table === "app_state" ? `'app_state:' || ${row}.key` : `'${table.replaceAll("'", "''")}'`);
    const on = `main.${quote(table)}`;
    const trigger = (kind: string) => quote(`kept_write_${kind}_${table}`);
    client.exec(`create temp trigger ${trigger("insert")} after insert on ${on} begin select kept_write(${name("NEW")}); end`);
    client.exec(`create temp trigger ${trigger("delete")} after delete on ${on} begin select kept_write(${name("OLD")}); end`);
    if (columns.length === 0) continue;
    const changed = columns.map((column) => `OLD.${quote(column)} IS NOT NEW.${quote(column)}`).join(" or ");
    client.exec(
      `create temp trigger ${trigger("update")} after update on ${on} when ${changed} begin select kept_write(${name("OLD")}); select kept_write(${name("NEW")}) where ${name("OLD")} is not ${name("NEW")}; end`,
    );
  }
}

/**
 * This connection's write counts, with the triggers that keep them installed (again when the
 * schema changed: a migration that rebuilds a table drops its triggers).
 */
export function writeCounts(db: AppDatabase, schemaVersion = currentSchemaVersion(db)): WriteCounts {
  const client = db.$client;
  let state = installed.get(client);
  if (state && state.schemaVersion === schemaVersion) return state.counts;
  if (!state) {
    const counts: WriteCounts = { total: 0, byName: new Map() };
    client.function("kept_write", { deterministic: false, varargs: false }, (name: unknown) => {
      bump(counts, String(name));
      return null;
    });
    state = { counts, schemaVersion: -1 };
    installed.set(client, state);
  }
  createTriggers(client);
  // Temporary triggers live in the temp schema: main's schema_version is unchanged by them.
  state.schemaVersion = schemaVersion;
  return state.counts;
}

function currentSchemaVersion(db: AppDatabase): number {
  return (statement(db, "select schema_version as v from pragma_schema_version").get() as { v: number }).v;
}
