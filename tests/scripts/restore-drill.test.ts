import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { JEMALLOC_PATHS, SERVER_NODE_FLAGS } from "../../scripts/server-flags.ts";
import { litestreamBinary, litestreamPlan } from "../../scripts/start-server.ts";
import { deckPdf } from "#tests/helpers/decks.ts";
import { baseEnv, freePort, stopChild } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { type SftpServer, startSftpServer } from "#tests/helpers/sftp.ts";

/**
 * The restore drill (docs/deploy.md#off-machine-backup, decision 020), end to end: the built
 * server runs under the launcher with Litestream replicating to a private OpenSSH sshd over SFTP;
 * the founder's data goes in through the API; once the replica has it the process is killed
 * (SIGKILL: no goodbye, no last sync) and the volume's files are deleted; the next start restores
 * the database from the replica before the server opens it, and everything is back.
 */

const PASSCODE = "restore-drill-passcode";

type Launched = { url: string; child: ChildProcess; output: () => string; startedInMs: number };

/** `node scripts/start-server.ts` as the Docker image runs it, in its own process group. */
async function launch(env: Record<string, string>, scratch: string, args: string[] = []): Promise<Launched> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start-server.ts", ...args], {
    // TMPDIR: the launcher's Litestream configuration goes in the test's folder, removed after.
    env: {
      ...baseEnv(),
      HOST: "127.0.0.1",
      PORT: String(port),
      SCHEDULER_ENABLED: "false",
      ADMIN_PASSCODE: PASSCODE,
      TMPDIR: scratch,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Litestream runs the server as its child: a crash must take the whole group down.
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  try {
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the launcher exited early:\n${output}`);
        if (!output.includes("is running at")) throw new Error(`the server did not start in time:\n${output}`);
      },
      { timeout: 60_000, interval: 20 },
    );
  } catch (error) {
    await crash(child);
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, startedInMs: performance.now() - started };
}

/** Kills Litestream and the server at once, as a lost machine would. */
function crash(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    process.kill(-child.pid!, "SIGKILL");
  });
}

/** Runs the launcher expecting it to exit; returns its code and output. */
function launchExpectingExit(env: Record<string, string>, scratch: string): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, ["scripts/start-server.ts"], {
    env: { ...baseEnv(), HOST: "127.0.0.1", PORT: "0", SCHEDULER_ENABLED: "false", ADMIN_PASSCODE: PASSCODE, TMPDIR: scratch, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the restore drill: Litestream to SFTP, crash, lost volume, restore at start", () => {
  let sftp: SftpServer;
  let work: string;
  let env: Record<string, string>;
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    sftp = await startSftpServer();
    work = mkdtempSync(join(tmpdir(), "ipi-drill-"));
    env = { DATABASE_PATH: join(work, "data", "app.db"), LITESTREAM_REPLICA_URL: sftp.url, LITESTREAM_SFTP_KEY_PATH: sftp.keyPath };
  });
  afterAll(async () => {
    for (const child of running) await stopChild(child);
    await sftp?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** What a restore made now would hold: `litestream restore` into a scratch file, then a query. */
  function restoreNow(query: string): { rows: unknown[]; ms: number } {
    const plan = litestreamPlan(env)!;
    const config = join(work, "probe.yml");
    writeFileSync(config, plan.config);
    const output = join(work, `probe-${process.hrtime.bigint()}.db`);
    const started = performance.now();
    const restored = spawnSync(litestreamBinary(), ["restore", "-config", config, "-o", output, plan.databasePath], {
      env: { ...baseEnv(), ...env },
      encoding: "utf8",
    });
    const ms = performance.now() - started;
    if (restored.status !== 0) return { rows: [], ms };
    const db = new Database(output, { readonly: true });
    try {
      return { rows: db.prepare(query).all(), ms };
    } finally {
      db.close();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${output}${suffix}`, { force: true });
    }
  }

  async function exported(url: string, cookie: string) {
    const response = await fetch(`${url}/export.json`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const { exported_at: _, ...everything } = (await response.json()) as Record<string, unknown>;
    return everything;
  }

  it("writes go off the machine within about a second, and a start on an empty volume brings all of them back", {
    timeout: 240_000,
  }, async () => {
    const first = await launch(env, work);
    running.push(first.child);
    expect(first.output()).toContain('msg="replicating to" name=sftp type=sftp');
    const cookie = await signIn(first.url, PASSCODE);
    const headers = { cookie, "content-type": "application/x-www-form-urlencoded" };

    const ids: number[] = [];
    for (const [name, firm] of [
      ["Drill Investor One", "North Fund"],
      ["Drill Investor Two", "South Capital"],
      ["Drill Investor Three", "East Partners"],
    ] as const) {
      const added = await fetch(`${first.url}/investors/new`, {
        method: "POST",
        redirect: "manual",
        headers,
        body: new URLSearchParams({ name, firm, sectors: "fintech; climate", stages: "seed", check_min: "250k" }),
      });
      expect(added.status).toBe(302);
      ids.push(Number(added.headers.get("location")?.split("/").pop()));
    }
    const startup = await fetch(`${first.url}/api/startups`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Drill Ledger",
        pitch: "Bookkeeping for freelancers",
        sector: "fintech",
        stage: "seed",
        round_size: 1_500_000,
      }),
    });
    expect(startup.status).toBe(201);
    // A deck (decision 067): its rendered pages and its original live in the file, so they come back too.
    const startupId = ((await startup.json()) as { startup: { id: number } }).startup.id;
    const deckForm = new FormData();
    deckForm.set("deck", new Blob([new Uint8Array(deckPdf(3))], { type: "application/pdf" }), "drill-deck.pdf");
    const uploaded = await fetch(`${first.url}/startups/${startupId}/deck`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie },
      body: deckForm,
    });
    expect(uploaded.status).toBe(303);
    const deckPage = `/startups/${startupId}/deck/1/pages/3.webp`;
    await expect
      .poll(async () => (await fetch(`${first.url}${deckPage}`, { headers: { cookie } })).status, { timeout: 60_000, interval: 100 })
      .toBe(200);
    const pageBefore = new Uint8Array(await (await fetch(`${first.url}${deckPage}`, { headers: { cookie } })).arrayBuffer());
    const settings = await fetch(`${first.url}/settings`, {
      method: "POST",
      redirect: "manual",
      headers,
      body: new URLSearchParams({
        founder_name: "Dana Drill",
        founder_pitch: "We make books balance",
        meeting_link: "https://cal.example.com/dana",
      }),
    });
    expect(settings.status).toBe(302);

    // The recovery point: from a write's answer to the first restore that holds it, once per investor.
    const lags: number[] = [];
    const restores: number[] = [];
    for (const [index, id] of ids.entries()) {
      const note = `drill contact ${index}`;
      const edited = await fetch(`${first.url}/api/investors/${id}`, {
        method: "PATCH",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ relationship_status: "contacted", add_contact: { date: "2026-11-20", channel: "email", note } }),
      });
      expect(edited.status).toBe(200);
      const written = performance.now();
      let probe = restoreNow("select 1");
      await expect
        .poll(
          () => {
            probe = restoreNow(`select id from contact_entries where note = '${note}'`);
            return probe.rows.length;
          },
          { timeout: 30_000, interval: 50 },
        )
        .toBe(1);
      lags.push(performance.now() - written);
      restores.push(probe.ms);
    }
    const before = await exported(first.url, cookie);
    expect((before.investors as unknown[]).length).toBe(3);

    // The machine is lost: no SIGTERM, no last sync, and the volume's files are gone.
    await crash(first.child);
    rmSync(join(work, "data"), { recursive: true, force: true });
    expect(existsSync(env.DATABASE_PATH!)).toBe(false);

    const second = await launch(env, work);
    running.push(second.child);
    expect(second.output()).toContain("restoring it from the replica");
    expect(second.output()).toMatch(/msg="restoring snapshot"|msg="restored db"/);
    // The same session cookie still signs the founder in: the sessions table came back too.
    const after = await exported(second.url, cookie);
    expect(after).toEqual(before);
    const investors = after.investors as Array<{ name: string; contact_history: Array<{ note: string }>; relationship_status: string }>;
    expect(investors.map((i) => i.name)).toEqual(["Drill Investor One", "Drill Investor Two", "Drill Investor Three"]);
    expect(investors.map((i) => i.contact_history.map((c) => c.note))).toEqual([
      ["drill contact 0"],
      ["drill contact 1"],
      ["drill contact 2"],
    ]);
    expect((after.startups as Array<{ name: string }>).map((s) => s.name)).toEqual(["Drill Ledger"]);
    expect(after.founder).toEqual({ name: "Dana Drill", pitch: "We make books balance", meeting_link: "https://cal.example.com/dana" });
    // The deck's page image, byte for byte: /export.json does not carry decks, the file does.
    const pageAfter = await fetch(`${second.url}${deckPage}`, { headers: { cookie } });
    expect(pageAfter.status).toBe(200);
    expect(new Uint8Array(await pageAfter.arrayBuffer())).toEqual(pageBefore);

    // Nothing secret in what Litestream or the launcher printed: not the key, not the key file's text.
    const printed = first.output() + second.output();
    expect(printed).not.toContain(readFileSync(sftp.keyPath, "utf8").split("\n")[1]!);
    expect(readdirSync(sftp.replicaDir)).toEqual(["generations"]);

    console.log(
      `restore drill: recovery point ${lags.map((ms) => `${Math.round(ms)} ms`).join(", ")} (write answered → a restore holds it; ` +
        `each probe restore ${restores.map((ms) => `${Math.round(ms)} ms`).join(", ")}); ` +
        `start ${Math.round(first.startedInMs)} ms on a new volume, ${Math.round(second.startedInMs)} ms restoring from the replica`,
    );
    await stopChild(second.child);
  });

  it("without LITESTREAM_REPLICA_URL becomes the server itself, with the heap flags and jemalloc", async () => {
    const plain = await launch({ DATABASE_PATH: join(work, "plain", "app.db") }, work);
    running.push(plain.child);
    expect(plain.output()).not.toMatch(/litestream/i);
    const commandLine = readFileSync(`/proc/${plain.child.pid}/cmdline`, "utf8").split("\0");
    expect(commandLine).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS, join(process.cwd(), "server.mjs")]));
    // The test command installs libjemalloc2 (scripts/ensure-test-tools.ts): the server has it mapped (decision 049).
    const jemalloc = JEMALLOC_PATHS.find((path) => existsSync(path));
    expect(jemalloc, "libjemalloc2 is installed by the test command").toBeDefined();
    expect(readFileSync(`/proc/${plain.child.pid}/maps`, "utf8")).toContain(jemalloc);
    expect((await fetch(`${plain.url}/api/health`)).status).toBe(200);
    await stopChild(plain.child);
  });

  it("with --no-replication (npm start, npm run serve) ignores LITESTREAM_REPLICA_URL and becomes the server", async () => {
    const local = await launch(
      { DATABASE_PATH: join(work, "local", "app.db"), LITESTREAM_REPLICA_URL: "sftp://nobody@127.0.0.1:1/replica" },
      work,
      ["--no-replication"],
    );
    running.push(local.child);
    expect((await fetch(`${local.url}/api/health`)).status).toBe(200);
    expect(local.output()).not.toMatch(/litestream/i);
    expect(readFileSync(`/proc/${local.child.pid}/cmdline`, "utf8").split("\0")).toContain(join(process.cwd(), "server.mjs"));
    await stopChild(local.child);
  });

  it("does not start on an empty database when the replica cannot be reached", () => {
    const lost = join(work, "unreachable", "app.db");
    const { code, output } = launchExpectingExit(
      {
        ...env,
        DATABASE_PATH: lost,
        LITESTREAM_REPLICA_URL: "sftp://nobody@127.0.0.1:1/replica",
      },
      work,
    );
    expect(code).toBe(1);
    expect(output).toContain("not starting on an empty database");
    expect(existsSync(lost)).toBe(false);
  });
});
