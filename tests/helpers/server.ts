import { type ChildProcess, spawn } from "node:child_process";
import { SERVER_NODE_FLAGS, serverMallocEnv } from "../../scripts/server-flags.ts";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type RunningServer = {
  url: string;
  databasePath: string;
  /** The server process's id (for /proc/<pid>/status, or a signal). */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
  /** Kills the process without warning (a crash). */
  crash: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Minimal environment so the host's variables never leak into a test server. */
export function baseEnv(): Record<string, string> {
  // Discovery reads no public feed and no GDELT: a test names its fakes (the machine has no internet).
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    NODE_ENV: "production",
    DEAL_FEEDS: "none",
    DISCOVERY_GDELT: "false",
  };
}

/**
 * Starts the built server (`node server.mjs`) on a free loopback port with its own database.
 * `nodeArgs` go before `server.mjs` (a benchmark's `--import` preload, `--cpu-prof`…).
 */
export async function startBuiltServer(
  env: Record<string, string | undefined> = {},
  options: { nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const databasePath = env.DATABASE_PATH ?? join(mkdtempSync(join(tmpdir(), "ipi-server-")), "app.db");
  // The production flags (scripts/server-flags.mjs), so tests and benchmarks run what users run.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), "server.mjs"], {
    // An env value of undefined leaves that variable out (a benchmark's "glibc defaults" variant).
    env: {
      ...baseEnv(),
      ...serverMallocEnv(),
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: databasePath,
      SCHEDULER_ENABLED: "false",
      // Tests send demo requests back to back; the one that measures the demo's budget sets its own.
      DEMO_REQUESTS_PER_SECOND: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  await waitFor(
    child,
    () => output.includes("is running at"),
    () => output,
  );
  return {
    url: `http://127.0.0.1:${port}`,
    databasePath,
    pid: child.pid ?? 0,
    output: () => output,
    stop: () => stopChild(child),
    crash: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}

/** Runs `node server.mjs` expecting it to exit (for bad configuration); returns code and output. */
export async function runServerExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const databasePath = join(mkdtempSync(join(tmpdir(), "ipi-server-")), "app.db");
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...baseEnv(), HOST: "127.0.0.1", DATABASE_PATH: databasePath, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, 15_000);
    child.once("exit", (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, output };
}

async function waitFor(child: ChildProcess, ready: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!ready()) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in time:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited 5 s later. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
  });
}
