/**
 * Starts the built server, for `npm start`, `npm run serve` and the Docker image alike: with the
 * heap flags and the allocator of scripts/server-flags.ts and, in the image when
 * `LITESTREAM_REPLICA_URL` is set, under Litestream (decision 020): the database is first restored from the replica if its file is missing, then
 * `litestream replicate -exec` runs the server as its child and copies every WAL change off the
 * machine about once a second. Without the variable the server starts as it always has.
 *
 * The process replaces itself (execve) with Litestream or with the server, so signals (Fly's
 * SIGTERM on deploy) reach them directly. The Litestream configuration is written to a private
 * temporary file and names the secrets only as ${VARIABLE}s that Litestream reads from its own
 * environment: no secret is in a file, an argument or a log line.
 */
import { spawnSync } from "node:child_process";
import { type Stats, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { SERVER_NODE_FLAGS, serverMallocEnv } from "./server-flags.ts";

/** The replica kinds Litestream 0.3.13 understands; the drill (tests/scripts/restore-drill.test.ts) runs sftp. */
const REPLICA_SCHEMES = ["s3", "sftp", "file", "gcs", "abs"] as const;

/** `${NAME}` in Litestream's configuration: it puts the variable's value there as it reads the file. */
export function variable(name: string): string {
  return `\${${name}}`;
}

export type LitestreamPlan = { config: string; databasePath: string };

export class LauncherError extends Error {}

/**
 * The Litestream configuration for this environment, or undefined when replication is off.
 * Every value from the environment is referenced as ${NAME} (Litestream expands them when it reads
 * the file), so the file can be printed or left behind without giving anything away.
 */
export function litestreamPlan(env: Record<string, string | undefined>): LitestreamPlan | undefined {
  const url = env.LITESTREAM_REPLICA_URL?.trim();
  if (!url) return undefined;
  const scheme = /^([a-z0-9]+):\/\//.exec(url)?.[1];
  if (!scheme || !(REPLICA_SCHEMES as readonly string[]).includes(scheme)) {
    // The URL may hold an SFTP password: name the problem, never the value.
    throw new LauncherError(`LITESTREAM_REPLICA_URL must start with one of ${REPLICA_SCHEMES.map((s) => `${s}://`).join(", ")}`);
  }
  const databasePath = resolve(env.DATABASE_PATH ?? "./data/app.db");
  if (databasePath.includes("$")) throw new LauncherError("DATABASE_PATH must not contain '$' when Litestream replicates it");
  const replica = [`      - url: ${variable("LITESTREAM_REPLICA_URL")}`, "        sync-interval: 1s"];
  if (scheme === "s3") {
    // Tigris (`fly storage create`) sets AWS_ENDPOINT_URL_S3 and AWS_REGION=auto; another
    // S3-compatible store may be named with LITESTREAM_S3_ENDPOINT.
    if (env.LITESTREAM_S3_ENDPOINT) replica.push(`        endpoint: ${variable("LITESTREAM_S3_ENDPOINT")}`);
    else if (env.AWS_ENDPOINT_URL_S3) replica.push(`        endpoint: ${variable("AWS_ENDPOINT_URL_S3")}`);
    if (env.AWS_REGION) replica.push(`        region: ${variable("AWS_REGION")}`);
  }
  if (scheme === "sftp" && env.LITESTREAM_SFTP_KEY_PATH) replica.push(`        key-path: ${variable("LITESTREAM_SFTP_KEY_PATH")}`);
  const config = [
    "# Written by scripts/start-server.ts at start; values come from the environment.",
    "dbs:",
    `  - path: ${JSON.stringify(databasePath)}`,
    "    replicas:",
    ...replica,
    "",
  ].join("\n");
  return { config, databasePath };
}

/**
 * The database path Litestream would replicate, checked before it starts (decision 058): a folder
 * or a file that is not SQLite's would have Litestream log and retry where the server would say
 * so in one line; the launcher says it in one line and exits 1 instead. A missing file is fine
 * (restored from the replica, or made by the server).
 */
export function checkDatabasePath(path: string): void {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw new LauncherError(
      `Cannot read DATABASE_PATH ${path} (${(error as NodeJS.ErrnoException).code}): check its folder's permissions.`,
    );
  }
  if (stats.isDirectory())
    throw new LauncherError(`DATABASE_PATH ${path} is a folder, not a file: point it at a file inside it, such as ${path}/app.db.`);
  if (stats.size === 0) return;
  const header = Buffer.alloc(16);
  let read = 0;
  try {
    const fd = openSync(path, "r");
    try {
      read = readSync(fd, header, 0, 16, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new LauncherError(
      `Cannot read DATABASE_PATH ${path} (${(error as NodeJS.ErrnoException).code}): the server's user must be able to read and write it.`,
    );
  }
  if (read < 16 || header.toString("latin1") !== "SQLite format 3\0") {
    throw new LauncherError(
      `DATABASE_PATH ${path} is not a SQLite database: point it at the app's database, or move the file away to restore it from the replica.`,
    );
  }
}

/** The litestream binary of the npm package @flydotio/litestream-<platform>-<arch> (linux-x64 is an optional dependency). */
export function litestreamBinary(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/package.json`);
  return join(dirname(manifest), "litestream");
}

/** Quotes one argument for the `-exec` string, which Litestream splits like a shell would. */
function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The server's command line: Node with the heap flags every start uses, and server.mjs. */
export function serverCommand(node = process.execPath): string[] {
  return [node, ...SERVER_NODE_FLAGS, join(import.meta.dirname, "..", "server.mjs")];
}

/**
 * Becomes `file` (execve): same process id, so signals reach it directly. The allocator's
 * variables (jemalloc where the machine has it, else glibc's thresholds: scripts/server-flags.ts)
 * go in here, since a process reads them only as it starts; Litestream's child inherits them.
 */
function become(file: string, args: string[]): never {
  if (!process.execve) throw new LauncherError("This platform cannot replace a process (process.execve): run on Linux");
  process.execve(file, args, { ...process.env, ...serverMallocEnv() });
  throw new LauncherError(`${file} did not start`);
}

function main(): void {
  const server = serverCommand();
  // `npm start` and `npm run serve` pass --no-replication: a laptop with the production replica's
  // URL in its environment must not replicate its own database into it (only the image replicates).
  const plan = process.argv.includes("--no-replication") ? undefined : litestreamPlan(process.env);
  if (!plan) {
    become(server[0]!, server);
  }
  const binary = litestreamBinary();
  const folder = mkdtempSync(join(tmpdir(), "litestream-"));
  const configPath = join(folder, "litestream.yml");
  writeFileSync(configPath, plan.config, { mode: 0o600 });
  mkdirSync(dirname(plan.databasePath), { recursive: true });
  checkDatabasePath(plan.databasePath);
  if (!existsSync(plan.databasePath)) {
    console.log("Litestream: no database file; restoring it from the replica if the replica has one");
    // A missing file with an unreachable replica must not start empty: a new, empty generation
    // would then be replicated over the real one. Exit, and the machine's restart tries again.
    const restored = spawnSync(binary, ["restore", "-config", configPath, "-if-db-not-exists", "-if-replica-exists", plan.databasePath], {
      stdio: "inherit",
    });
    if (restored.status !== 0) {
      console.error(`Litestream: the restore failed (exit ${restored.status ?? restored.signal}); not starting on an empty database`);
      process.exit(1);
    }
  }
  become(binary, [binary, "replicate", "-config", configPath, "-exec", server.map(shellQuote).join(" ")]);
}

if (import.meta.main) {
  try {
    main();
  } catch (error) {
    if (!(error instanceof LauncherError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
