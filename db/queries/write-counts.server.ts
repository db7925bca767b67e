import type Database from "better-sqlite3";
import { type AppDatabase, statement } from "../database.server.ts";

/**
 * What SQLite's `total_changes()` counts but a kept result need not (decision 028), counted by
 * temporary triggers that belong to this connection alone (another connection's commit moves
 * `data_version`, which the caller reads beside these counts, kept.server.ts):
 *
 * - `unchanged`: rows an UPDATE rewrote with the values they had, `updated_at` aside — a re-score
 *   that gives every investor the score it had. A page must therefore never show an `updated_at`.
 * - `byName`: rows written to what a kept result said it never reads (`tracked`): a table, or
 *   `app_state:<key>` for the key/value table — a session row, the mail-sync status line. Only
 *   those tables get these triggers, so an import's inserts pay for none of this.
 */
export type WriteCounts = { unchanged: number; byName: Map<string, number> };

type Installed = { counts: WriteCounts; schemaVersion: number; tracked: Set<string> };
const installed = new WeakMap<Database.Database, Installed>();

/** Columns whose change alone does not change what anything shows. */
const UNSHOWN_COLUMNS = new Set(["updated_at"]);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const tableOf = (name: string) => name.split(":")[0]!;

function tables(client: Database.Database): string[] {
  return client
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_\\_%' escape '\\'")
    .pluck()
    .all() as string[];
}

/** `OLD.a IS NOT NEW.a OR …` over the columns a page may show; "0" when there are none. */
function changedCondition(client: Database.Database, table: string): string {
  const columns = (client.prepare("select name from pragma_table_info(?)").pluck().all(table) as string[]).filter(
    (column) => !UNSHOWN_COLUMNS.has(column),
  );
  return columns.length === 0 ? "0" : columns.map((column) => `OLD.${quote(column)} IS NOT NEW.${quote(column)}`).join(" or ");
}

function trigger(kind: string, table: string): string {
  return quote(`kept_${kind}_${table}`);
}

function createUnchangedTriggers(client: Database.Database): void {
  const existing = client
    .prepare("select name from sqlite_temp_master where type = 'trigger' and name like 'kept\\_%' escape '\\'")
    .pluck()
    .all() as string[];
  for (const name of existing) client.exec(`drop trigger temp.${quote(name)}`);
  for (const table of tables(client)) {
    client.exec(
      `create temp trigger ${trigger("unchanged", table)} after update on main.${quote(table)} when not (${changedCondition(client, table)}) begin select kept_unchanged(); end`,
    );
  }
}

function createNameTriggers(client: Database.Database, table: string): void {
  if (!tables(client).includes(table)) return;
  const on = `main.${quote(table)}`;
  const name = (row: "NEW" | "OLD") => (table === "app_state" ? `'app_state:' || ${row}.key` : literal(table));
  client.exec(`create temp trigger ${trigger("insert", table)} after insert on ${on} begin select kept_write(${name("NEW")}); end`);
  client.exec(`create temp trigger ${trigger("delete", table)} after delete on ${on} begin select kept_write(${name("OLD")}); end`);
  client.exec(
    `create temp trigger ${trigger("update", table)} after update on ${on} when ${changedCondition(client, table)} begin select kept_write(${name("OLD")}); select kept_write(${name("NEW")}) where ${name("OLD")} is not ${name("NEW")}; end`,
  );
}

/**
 * This connection's counts, with the triggers that keep them installed: the unchanged-row
 * triggers on every table, the per-name ones on the tables of `tracked` (added as readers name
 * them), all again when the schema changed (a migration that rebuilds a table drops its triggers).
 */
export function writeCounts(db: AppDatabase, schemaVersion = currentSchemaVersion(db), tracked: readonly string[] = []): WriteCounts {
  const client = db.$client;
  let state = installed.get(client);
  if (!state) {
    const counts: WriteCounts = { unchanged: 0, byName: new Map() };
    client.function("kept_unchanged", { deterministic: false }, () => {
      counts.unchanged++;
      return null;
    });
    client.function("kept_write", { deterministic: false }, (name: unknown) => {
      counts.byName.set(String(name), (counts.byName.get(String(name)) ?? 0) + 1);
      return null;
    });
    state = { counts, schemaVersion: -1, tracked: new Set() };
    installed.set(client, state);
  }
  if (state.schemaVersion !== schemaVersion) {
    createUnchangedTriggers(client);
    for (const table of state.tracked) createNameTriggers(client, table);
    // Temporary triggers live in the temp schema: main's schema_version is unchanged by them.
    state.schemaVersion = schemaVersion;
  }
  for (const name of tracked) {
    const table = tableOf(name);
    if (state.tracked.has(table)) continue;
    state.tracked.add(table);
    createNameTriggers(client, table);
  }
  return state.counts;
}

function currentSchemaVersion(db: AppDatabase): number {
  return (statement(db, "select schema_version as v from pragma_schema_version").get() as { v: number }).v;
}
