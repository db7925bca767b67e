/**
 * (o) Where the server's memory goes, and what the knobs give: the built server with 10,000
 * investors × 20 evidence, put through the load of (i)'s 10,000 rows (the search feed as a browser
 * asks for it, `GET /` with browser headers, three re-scores), then its RSS read from /proc and its
 * heap from its own ticker — once per variant of the flags, in the same run.
 * `npm run build && npx node bench/memory.ts` runs it alone.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { startBuiltServer } from "#tests/helpers/server.ts";
import { processMemory } from "#tests/helpers/process-memory.ts";
import { signIn } from "#tests/helpers/session.ts";
import { seedBenchData } from "./seed.ts";
import { copyOf } from "./databases.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const TICKER = join(root, "bench/loop-ticker.mjs");
const PASSCODE = "bench-memory-passcode";
const CRON_SECRET = "bench-memory-cron-secret-01234567";
const SESSION_SECRET = "bench-memory-session-secret-0123456789abcdef";
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const MIB = 1024 * 1024;
const ROUNDS = 3;

type Variant = { label: string; nodeArgs: string[]; env: Record<string, string | undefined> };
/** The baseline: glibc's own malloc behaviour (the variables left out, no preload), the same server, the same run. */
const DEFAULTS: Variant = {
  label: "glibc defaults",
  nodeArgs: [],
  env: { MALLOC_MMAP_THRESHOLD_: undefined, MALLOC_TRIM_THRESHOLD_: undefined, LD_PRELOAD: undefined, MALLOC_CONF: undefined },
};
/** What every start uses (scripts/server-flags.ts serverMallocEnv, put in by the test helper: jemalloc where the machine has it). */
const SHIPPED: Variant = { label: "as shipped", nodeArgs: [], env: {} };
/** Alternated, so a busy moment on the machine does not land on one variant only. */
const VARIANTS: Variant[] = [DEFAULTS, SHIPPED, DEFAULTS, SHIPPED, DEFAULTS, SHIPPED];

async function heap(pid: number, file: string, seq: { n: number }): Promise<NodeJS.MemoryUsage | undefined> {
  seq.n += 1;
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const seen = JSON.parse(readFileSync(file, "utf8")) as { seq: number; memory?: NodeJS.MemoryUsage };
      if (seen.seq >= seq.n) return seen.memory;
    } catch {
      // being written
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}

async function hammer(url: string, headers: Record<string, string>, seconds: number): Promise<void> {
  await autocannon({ url, connections: 10, duration: seconds, headers });
}

async function template(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), "ipi-membench-")), "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  seedBenchData(db, { investors: 10_000, evidencePerInvestor: 20, now: new Date() });
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  return path;
}

export async function runMemoryBench(): Promise<void> {
  console.log(
    `(o) memory with 10,000 investors × 20 evidence after each round of load (search feed, GET /, 3 re-scores), ${ROUNDS} rounds, each variant ${VARIANTS.length / 2} times, alternated (MiB)`,
  );
  const t = await template();
  const afterLoad = new Map<string, number[]>();
  const native = new Map<string, number[]>();
  for (const variant of VARIANTS) {
    const tickerFile = join(mkdtempSync(join(tmpdir(), "ipi-membench-ticker-")), "ticker.json");
    const server = await startBuiltServer(
      {
        ADMIN_PASSCODE: PASSCODE,
        CRON_SECRET,
        SESSION_SECRET,
        DATABASE_PATH: copyOf(t, "ipi-membench-"),
        LOOP_TICKER_FILE: tickerFile,
        ...variant.env,
      },
      { nodeArgs: ["--import", TICKER, ...variant.nodeArgs] },
    );
    try {
      const seq = { n: 0 };
      const cookie = await signIn(server.url, PASSCODE);
      const afterStart = processMemory(server.pid);
      const rss: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await hammer(`${server.url}/api/search-feed`, { cookie, "accept-encoding": "br" }, 3);
        await hammer(`${server.url}/`, { cookie, ...BROWSER }, 3);
        for (let i = 0; i < 3; i++) {
          const answer = await fetch(`${server.url}/api/rescore`, { method: "POST", headers: { authorization: `Bearer ${CRON_SECRET}` } });
          if (answer.status !== 200) throw new Error(`/api/rescore answered ${answer.status}`);
        }
        rss.push(processMemory(server.pid).rss);
      }
      const usage = await heap(server.pid, tickerFile, seq);
      const end = processMemory(server.pid);
      const other = usage ? end.anon - (usage.heapTotal + usage.external) / MIB : Number.NaN;
      afterLoad.set(variant.label, [...(afterLoad.get(variant.label) ?? []), ...rss]);
      native.set(variant.label, [...(native.get(variant.label) ?? []), other]);
      const f = (n: number | undefined) => (n === undefined ? "?" : n.toFixed(0));
      console.log(
        `  ${variant.label.padEnd(15)} RSS after start ${f(afterStart.rss)}, after each round ${rss.map(f).join(" / ")}, peak ${f(end.peak)}; ` +
          `file-backed ${f(end.file)}, anonymous ${f(end.anon)}: V8 heap ${f(usage && usage.heapTotal / MIB)} (used ${f(usage && usage.heapUsed / MIB)}), external ${f(usage && usage.external / MIB)}, other native ${f(other)}`,
      );
    } finally {
      await server.stop();
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  for (const label of afterLoad.keys()) {
    const rss = afterLoad.get(label)!;
    const other = native.get(label)!;
    console.log(
      `  ${label}: RSS after the load rounds median ${median(rss).toFixed(0)} MiB (${spread(rss)}), other native median ${median(other).toFixed(0)} MiB (${spread(other)})`,
    );
  }
  const ours = median(afterLoad.get(SHIPPED.label)!);
  const base = median(afterLoad.get(DEFAULTS.label)!);
  console.log(
    `  as shipped / glibc defaults: ×${(ours / base).toFixed(2)} — goal ≤ 150 MiB after the load rows: ${ours <= 150 ? "met" : "not met"}\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runMemoryBench();
