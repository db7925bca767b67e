import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import Database, { type RunResult } from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { nameKey } from "#app/domain/today.ts";
import { nameKey as importNameKey } from "#app/domain/import/identity.ts";
import * as mainSchema from "./schema.ts";
import * as decksSchema from "./schema-decks.ts";
import { storageFaultOf } from "./storage-fault.ts";

/** Every table: db/schema.ts (with what it re-exports) and the decks' own file, which imports it. */
export const schema = { ...mainSchema, ...decksSchema };

/**
 * What every query helper takes: the connection, or a transaction on it. Drizzle's transaction
 * is a BaseSQLiteDatabase of the same schema, so `db.transaction((tx) => helper(tx))` needs no cast.
 */
export type Db = BaseSQLiteDatabase<"sync", RunResult, typeof schema>;

/**
 * The one connection: a Db plus better-sqlite3's own client, for what drizzle does not do
 * (prepared statements kept by `statement()`, `pluck`, JSON plans in one call). Only helpers that
 * need the client take it. Inside `db.transaction(...)` they are called with the outer `db`:
 * better-sqlite3 runs a transaction on its one connection, so every statement on it is part of it.
 */
export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * SQLite's page cache for the one connection, in KiB as a negative cache_size (better-sqlite3's
 * default is 16,000 KiB). Pages beyond it are read again from the OS's file cache, which is not
 * the process's memory; kept results (kept.server.ts) spare most reads anyway (docs/scale.md).
 */
export const SQLITE_CACHE_KIB = -4000;

/**
 * Opens the SQLite file with the pragmas every connection needs. One connection per process:
 * better-sqlite3 is synchronous, so a single connection serialises writes without lock fights.
 */
export function openDatabase(path: string): AppDatabase {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma(`cache_size = ${SQLITE_CACHE_KIB}`);
  // The order's name key (app/domain/today.ts): Today's SQL and the comparators ignore case and accents alike.
  sqlite.function("name_key", { deterministic: true }, (name: unknown) => (typeof name === "string" ? keptNameKey(name) : name));
  // The import's identity of a name (app/domain/import/identity.ts), used only to fill in
  // investors.identity_name (decision 064): never in an index or a trigger, so any other connection
  // (the sqlite3 shell, a test's own) still writes the table.
  sqlite.function("import_name_key", { deterministic: true }, (name: unknown) => (typeof name === "string" ? importNameKey(name) : name));
  keepCompiledStatements(sqlite);
  return drizzle({ client: sqlite, schema });
}

/**
 * `nameKey` kept by name: Today's orders call `name_key()` on every row of a list they sort (6,000
 * at 25,000 investors), on every page built after a write; a distinct name is folded once. Bounded:
 * past MAX_NAME_KEYS names the memo starts again.
 */
const nameKeys = new Map<string, string>();
const MAX_NAME_KEYS = 100_000;

function keptNameKey(name: string): string {
  let key = nameKeys.get(name);
  if (key === undefined) {
    if (nameKeys.size >= MAX_NAME_KEYS) nameKeys.clear();
    key = nameKey(name);
    nameKeys.set(name, key);
  }
  return key;
}

/** A database file the server cannot use, said in one line (app/server.ts prints it and exits 1). */
export class DatabaseFileError extends Error {
  override name = "DatabaseFileError";
}

/**
 * Why `path` cannot be used, in one line with what to do, or null for an error that is not the
 * file's (decision 058). Only codes and the path go into it, never a query or its values.
 */
export function databaseFileError(path: string, error: unknown): DatabaseFileError | null {
  const code = (error as { code?: unknown } | null)?.code;
  const fault = storageFaultOf(error);
  const folder = dirname(path);
  if (code === "EACCES" || code === "EROFS" || code === "ENOTDIR" || code === "EEXIST") {
    return new DatabaseFileError(
      `Cannot create the folder ${folder} for DATABASE_PATH (${code}): create it, writable by the server's user.`,
    );
  }
  if (fault === null) return null;
  const where = `DATABASE_PATH ${path}`;
  if (fault.kind === "full")
    return new DatabaseFileError(`The disk holding ${where} is full (${fault.code}): free some space, then start again.`);
  if (fault.code.startsWith("SQLITE_CANTOPEN")) {
    if (isDirectory(path))
      return new DatabaseFileError(`${where} is a folder, not a file: point it at a file inside it, such as ${path}/app.db.`);
    return new DatabaseFileError(
      `Cannot open ${where} (${fault.code}): the server's user must be able to read and write the file and its folder ${folder} (SQLite writes the -wal and -shm files beside it), on a file system that is not read-only.`,
    );
  }
  if (fault.code === "SQLITE_NOTADB") {
    return new DatabaseFileError(
      `${where} is not a SQLite database (${fault.code}): point DATABASE_PATH at the app's database, or move the file away to start a new one.`,
    );
  }
  if (fault.code.startsWith("SQLITE_CORRUPT")) {
    return new DatabaseFileError(`${where} is damaged (${fault.code}): restore it from the replica or a backup (docs/deploy.md).`);
  }
  if (fault.code.startsWith("SQLITE_READONLY")) {
    return new DatabaseFileError(
      `${where} is read-only (${fault.code}): make the file and its folder ${folder} writable by the server's user, on a file system mounted read-write.`,
    );
  }
  return new DatabaseFileError(
    `The disk holding ${where} reports an error (${fault.code}): check the disk and the system log, then start again.`,
  );
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Proves the file takes writes without writing: a DELETE of nothing still opens a write
 * transaction, which SQLite refuses on a read-only file (SQLITE_READONLY) where reads, and even
 * BEGIN IMMEDIATE, succeed.
 */
export function checkWritable(db: AppDatabase): void {
  db.$client.exec("delete from app_state where 0");
}

/** How many compiled statements a connection keeps, the least recently used dropped first. */
export const STATEMENTS_KEPT = 256;

const compileAfresh = new WeakMap<Database.Database, (source: string) => Database.Statement>();

/**
 * drizzle asks better-sqlite3 to prepare every query afresh, and SQLite compiles it each time: in a
 * refresh that was the largest single cost of our own work (bench (e)). The connection's `prepare`
 * now hands back the statement it compiled for the same SQL text before, set back to its default
 * mode (drizzle and a few helpers turn on `raw` or `pluck` just before they run it). A statement
 * still iterating is never handed out twice: its SQL is compiled afresh for the nested use.
 */
function keepCompiledStatements(sqlite: Database.Database): void {
  const compile = sqlite.prepare.bind(sqlite);
  compileAfresh.set(sqlite, compile);
  const kept = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const found = kept.get(source);
    if (found?.busy) return compile(source);
    if (found) {
      kept.delete(source);
      kept.set(source, found);
      if (found.reader) found.raw(false).pluck(false).expand(false);
      return found;
    }
    const made = compile(source);
    kept.set(source, made);
    if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
    return made;
  };
  sqlite.prepare = prepare as typeof sqlite.prepare;
}

const queries = new WeakMap<object, Map<string, unknown>>();

/**
 * A drizzle query built and prepared once per connection, then run with its values as
 * placeholders (`sql.placeholder("id")`, given to `.get({ id })`): drizzle builds a select of every
 * column of a wide table in about 0.3 ms each time it is asked, and the same read prepared once
 * takes 15 µs (decision 046). `build` must give the same query for the same `name`.
 *
 * `db` may be a transaction: drizzle's transaction shares the connection's session (better-sqlite3
 * runs it on the one connection), so one prepared query serves both. Its statement comes from the
 * connection's `prepare`, shared by SQL text; drizzle sets its mode itself on every run.
 */
export function keptQuery<Query>(db: Db, name: string, build: (db: Db) => Query): Query {
  // drizzle's session (internal, but the same object for the connection and each of its transactions).
  const owner = (db as unknown as { session?: object }).session ?? db;
  let byName = queries.get(owner);
  if (!byName) {
    byName = new Map();
    queries.set(owner, byName);
  }
  let query = byName.get(name) as Query | undefined;
  if (query === undefined) {
    query = build(db);
    byName.set(name, query);
  }
  return query;
}

/** Finds db/migrations from source (db/) or from the bundled server (build/server/). */
export function migrationsFolder(): string {
  let dir = import.meta.dirname;
  for (let depth = 0; depth < 5; depth++) {
    for (const candidate of [join(dir, "migrations"), join(dir, "db", "migrations")]) {
      if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    }
    dir = dirname(dir);
  }
  throw new Error("db/migrations was not found next to the server build");
}

export function migrateDatabase(db: AppDatabase): void {
  migrate(db, { migrationsFolder: migrationsFolder() });
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * A prepared statement kept for the life of the connection: the reads every page makes are
 * compiled once, not on every request. Only for fixed SQL used in the default mode (no pluck).
 */
export function statement(db: AppDatabase, sql: string): Database.Statement {
  let byText = statements.get(db.$client);
  if (!byText) {
    byText = new Map();
    statements.set(db.$client, byText);
  }
  let prepared = byText.get(sql);
  if (!prepared) {
    // Its own statement, never one the connection hands to others (they may change its mode).
    prepared = (compileAfresh.get(db.$client) ?? db.$client.prepare.bind(db.$client))(sql);
    byText.set(sql, prepared);
  }
  return prepared;
}
