/**
 * (i) The HTTP benchmark (issue 11): the built server (`node server.mjs`) measured over loopback with
 * autocannon, 10 connections, every latency row beside a static asset served by the same server in
 * the same run with the same connections. 3 runs per row; the table shows the median of the runs
 * and the spread (min–max) of the p95. Event-loop stalls are measured inside the server by a 10 ms
 * ticker preloaded with `--import ./bench/loop-ticker.mjs` (no bench code in production paths).
 * Refreshes run against the zero-latency fakes of tests/fakes, started in this process.
 *
 * Runs alone after a build: `npm run build && npx node bench/http.ts`; `npm run bench` runs it too.
 * HTTP_BENCH_SECONDS sets the length of one load run (default 5). Results also go to
 * bench/results/http-latest.json.
 */
import { SERVER_NODE_FLAGS, allocatorName, serverMallocEnv } from "../scripts/server-flags.ts";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Options as AutocannonOptions } from "autocannon";
import Database from "better-sqlite3";
import { ANONYMOUS_PER_SECOND } from "#app/http/anonymous-budget.server.ts";
import { SQLITE_CACHE_KIB, migrateDatabase, openDatabase } from "#db/database.server.ts";
import { type FakeGemini, type FakeTavily, startFakeGemini, startFakeTavily } from "#tests/fakes/index.ts";
import { judgementFor, promptOf } from "#tests/helpers/judge-fake.ts";
import { baseEnv, freePort, type RunningServer, startBuiltServer, stopChild } from "#tests/helpers/server.ts";
import { processMemory } from "#tests/helpers/process-memory.ts";
import { signIn } from "#tests/helpers/session.ts";
import { investorKey } from "#app/domain/discovery/names.ts";
import { seedBenchData } from "./seed.ts";
import { copyOf, scoredByAStart } from "./databases.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const PASSCODE = "bench-http-passcode";
const CRON_SECRET = "bench-http-cron-secret-012345678";
const SESSION_SECRET = "bench-http-session-secret-0123456789abcdef";
const CONNECTIONS = 10;
const RUNS = 3;
const SECONDS = Number(process.env.HTTP_BENCH_SECONDS ?? 5);
const TICKER = join(root, "bench/loop-ticker.mjs");
/**
 * `HTTP_BENCH_ONLY=demo` runs only the open-demo rows, `HTTP_BENCH_ONLY=dashboard` only the
 * `GET /` rows with 5,000 investors and the one right after an import, `HTTP_BENCH_ONLY=board` only
 * the `GET /board` row, `HTTP_BENCH_ONLY=discover` only the `GET /discover` row (each section seeds its own databases). MALLOC_ARENA_MAX, when set here, is passed on to the server (a memory experiment).
 */
const ONLY = process.env.HTTP_BENCH_ONLY;
/** What a browser sends: the demo rows measure what visitors and the founder really ask for. */
const BROWSER = {
  "accept-encoding": "gzip, deflate, br, zstd",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};
/** Open demo traffic: clients on /demo, and clients writing (edits, resets) at the same time. */
const DEMO_READERS = 32;
const DEMO_WRITERS = 8;
/** The founder's requests measured meanwhile: one health check and one dashboard at a time each. */
const PROBE_CONNECTIONS = 2;

// ---------------------------------------------------------------------------------------------
// Load, statistics, formatting

type Load = { requests: number; seconds: number; rps: number; p50: number; p95: number; p99: number; statuses: Record<number, number> };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * One autocannon run; latencies of every response are kept so p95 is exact (autocannon has no p95).
 * With `until`, the run lasts until that promise settles instead of `seconds`.
 */
async function load(
  url: string,
  headers: Record<string, string>,
  expect: number,
  seconds = SECONDS,
  connections = CONNECTIONS,
  until?: Promise<unknown>,
): Promise<Load> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const instance = autocannon({ url, connections, duration: until ? 600 : seconds, headers });
  void until?.finally(() => instance.stop());
  instance.on("response", (_client, status, _bytes, ms) => {
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  if (result.errors > 0 || Object.keys(statuses).some((status) => Number(status) !== expect)) {
    throw new Error(`${url}: expected only ${expect}, got ${JSON.stringify(statuses)} and ${result.errors} errors`);
  }
  return summary(latencies, result.duration, statuses);
}

/** A run's figures from every answer's latency (ms), its length (s) and its statuses. */
function summary(latencies: number[], seconds: number, statuses: Record<number, number>): Load {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
  };
}

/**
 * The same run with Node's own HTTP client (keep-alive, `connections` requests in flight): for
 * compressed bodies of a size. autocannon appends every body to a string (`req.body += data`),
 * which decodes the bytes as UTF-8: cheap for JSON text, but a 135 KiB brotli body, invalid UTF-8
 * throughout, cost the load generator (on the same 2 cores) more than the server spent answering it
 * (26 Nov: the server 91 % idle while autocannon read a p95 of 28 ms; this client 5–7 ms).
 */
async function nodeLoad(
  url: string,
  headers: Record<string, string>,
  expect: number,
  seconds = SECONDS,
  connections = CONNECTIONS,
): Promise<Load> {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const target = new URL(url);
  const started = performance.now();
  const end = started + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const sent = performance.now();
      const req = httpRequest(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers },
        (res) => {
          res.on("data", () => undefined);
          res.on("end", () => {
            latencies.push(performance.now() - sent);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    });
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) await one();
      }),
    );
  } finally {
    agent.destroy();
  }
  const duration = (performance.now() - started) / 1000;
  if (Object.keys(statuses).some((status) => Number(status) !== expect))
    throw new Error(`${url}: expected only ${expect}, got ${JSON.stringify(statuses)}`);
  return summary(latencies, duration, statuses);
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const min = (values: number[]) => Math.min(...values);
const max = (values: number[]) => Math.max(...values);

function ms(value: number): string {
  if (!Number.isFinite(value)) return "–";
  if (value < 10) return value.toFixed(2);
  if (value < 100) return value.toFixed(1);
  return value.toFixed(0);
}

function count(value: number): string {
  return Math.round(value).toLocaleString("en");
}

function latencyText(runs: Load[]): string {
  return `${count(median(runs.map((r) => r.rps)))} req/s, ${ms(median(runs.map((r) => r.p50)))}/${ms(median(runs.map((r) => r.p95)))}/${ms(
    median(runs.map((r) => r.p99)),
  )} ms (p95 ${ms(min(runs.map((r) => r.p95)))}–${ms(max(runs.map((r) => r.p95)))})`;
}

function ratioText(ours: Load[], baseline: Load[]): string {
  const p95 = median(ours.map((r) => r.p95)) / median(baseline.map((r) => r.p95));
  const rps = (100 * median(ours.map((r) => r.rps))) / median(baseline.map((r) => r.rps));
  return `p95 ${p95.toFixed(1)}×; ${rps < 10 ? rps.toFixed(1) : rps.toFixed(0)} % of its req/s`;
}

/** Met when every run is within the goal (at most `goal`, or at least it with `atLeast`). */
function verdict(values: number[], goal: number, atLeast = false): string {
  const within = values.filter((value) => (atLeast ? value >= goal : value <= goal)).length;
  if (within === values.length) return "yes";
  if (within === 0) return atLeast ? "no" : `no (${(median(values) / goal).toFixed(1)}× the goal)`;
  return `${within} of ${values.length} runs`;
}

type Row = { measured: string; ours: string; baseline: string; ratio: string; goal: string; met: string };
const rows: Row[] = [];

/** A latency row: ours beside the static file of the same run, met when every run's p95 is within `goalMs`. */
function latencyRow(measured: string, ours: Load[], base: Load[], goalMs: number): Row {
  return {
    measured,
    ours: latencyText(ours),
    baseline: latencyText(base),
    ratio: ratioText(ours, base),
    goal: `p95 ≤ ${goalMs} ms`,
    met: verdict(
      ours.map((r) => r.p95),
      goalMs,
    ),
  };
}
const json: Record<string, unknown> = {};

function say(line: string) {
  console.log(`    ${line}`);
}

// ---------------------------------------------------------------------------------------------
// Databases, servers, the ticker

/** A seeded, migrated database that a server has opened once (demo rows seeded, first re-score done). */
async function template(investors: number, evidence: number, env: Record<string, string>): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), "ipi-httpbench-template-")), "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  if (investors > 0) {
    seedBenchData(db, { investors, evidencePerInvestor: evidence, now: new Date() });
    // Every investor worth a check: never checked and not closed, so a refresh queues them all.
    db.$client.exec(
      "update investors set signals_checked_at = null, relationship_status = case when relationship_status in ('passed', 'not_a_fit', 'committed') then 'researching' else relationship_status end",
    );
  }
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  await scoredByAStart(path, env, 120_000);
  return path;
}

type Bench = { server: RunningServer; tickerFile: string; tickerSeq: number };

async function startWithTicker(env: Record<string, string>): Promise<Bench> {
  const tickerFile = join(mkdtempSync(join(tmpdir(), "ipi-httpbench-ticker-")), "ticker.json");
  // HTTP_BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there as it stops (open it in Chrome's DevTools).
  const profile = process.env.HTTP_BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.HTTP_BENCH_CPU_PROF}`] : [];
  // HTTP_BENCH_NODE_ARGS="--max-semi-space-size=4 …": more node flags for the server (a memory experiment).
  const extra = process.env.HTTP_BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const server = await startBuiltServer({ ...env, LOOP_TICKER_FILE: tickerFile }, { nodeArgs: [...profile, ...extra, "--import", TICKER] });
  return { server, tickerFile, tickerSeq: 0 };
}

type Ticker = { maxStallMs: number; ticks: number; stallsOver50: number; memory?: NodeJS.MemoryUsage };

/** Asks the server's ticker for the largest stall since the previous ask, and starts it over. */
async function ticker(bench: Bench): Promise<Ticker> {
  const want = bench.tickerSeq + 1;
  process.kill(bench.server.pid, "SIGUSR2");
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const seen = JSON.parse(readFileSync(bench.tickerFile, "utf8")) as Ticker & { seq: number };
      if (seen.seq >= want) {
        bench.tickerSeq = seen.seq;
        return seen;
      }
    } catch {
      // Being written; read again.
    }
    await sleep(5);
  }
  throw new Error("the server's loop ticker did not answer (was it started with --import bench/loop-ticker.mjs?)");
}

/**
 * Waits until the server's own start-up work is over: a 500 ms window with no stall over 20 ms
 * (at most 15 s). Returns how long that took.
 */
async function settle(bench: Bench): Promise<number> {
  const t = performance.now();
  await ticker(bench);
  while (performance.now() - t < 15_000) {
    await sleep(500);
    if ((await ticker(bench)).maxStallMs < 20) break;
  }
  return performance.now() - t;
}

function sleep(msToWait: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, msToWait));
}

const MIB = 1024 * 1024;

/** How long a server is left alone to settle after load: V8's memory reducer shrinks the heap about 8 s into a quiet spell. */
const SETTLE_MS = 15_000;

/**
 * The RSS a server settles at once the load stops: read every half second for SETTLE_MS with
 * nothing sent, the lowest reading and when it came. What a founder's idle server holds, where
 * the reading right after the rows also counts the load's garbage not yet collected.
 */
async function settledRss(pid: number): Promise<{ rss: number; afterMs: number; rightAfter: number; oneSecondAfter: number }> {
  const started = Date.now();
  const rightAfter = processMemory(pid).rss;
  let best = { rss: rightAfter, afterMs: 0 };
  let oneSecondAfter = rightAfter;
  while (Date.now() - started < SETTLE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rss = processMemory(pid).rss;
    if (Date.now() - started <= 1_100) oneSecondAfter = rss;
    if (rss < best.rss - 0.5) best = { rss, afterMs: Date.now() - started };
  }
  return { ...best, rightAfter, oneSecondAfter };
}

/**
 * The memory row of a section: the reading 1 s after the load rows (the server gives back what
 * a busy spell left half a second into the quiet, decision 042) against the goal, with the
 * reading right after the last answer and the peak beside it.
 */
function memoryRow(measured: string, settled: Awaited<ReturnType<typeof settledRss>>, peak: number, afterStart: number): Row {
  return {
    measured,
    ours: `${settled.oneSecondAfter.toFixed(0)} MiB 1 s after the last answer (${settled.rightAfter.toFixed(0)} right after it; lowest ${settled.rss.toFixed(0)}, ${(settled.afterMs / 1000).toFixed(1)} s after; peak ${peak.toFixed(0)})`,
    baseline: `${afterStart.toFixed(0)} MiB once started`,
    ratio: `${(settled.oneSecondAfter / afterStart).toFixed(2)}× once started`,
    goal: "≤ 150 MiB",
    met: verdict([settled.oneSecondAfter], 150),
  };
}

/**
 * Where the server's resident memory is: file-backed pages (node's code, mapped libraries), V8's
 * heap (as reserved and as used), memory held for JS outside it (Buffers, ArrayBuffers), and the
 * rest of the anonymous memory — SQLite's page cache (at most its cache_size per connection) and
 * statements, the compressors, other native allocations, and what malloc's arenas hold but do not
 * use. process.memoryUsage() comes from the server's own ticker (bench/loop-ticker.mjs).
 */
async function memoryBreakdown(bench: Bench): Promise<Record<string, number | string>> {
  const seen = await ticker(bench);
  const proc = processMemory(bench.server.pid);
  const usage = seen.memory;
  const db = new Database(bench.server.databasePath, { readonly: true });
  // The server's own setting: a pragma is per connection, so this one's would say nothing.
  const cacheSize = SQLITE_CACHE_KIB;
  const databaseMiB = ((db.pragma("page_count", { simple: true }) as number) * (db.pragma("page_size", { simple: true }) as number)) / MIB;
  db.close();
  const cacheMiB = cacheSize < 0 ? (-cacheSize * 1024) / MIB : (cacheSize * 4096) / MIB;
  const breakdown = {
    rss: proc.rss,
    fileBacked: proc.file,
    anonymous: proc.anon,
    heapTotal: usage ? usage.heapTotal / MIB : Number.NaN,
    heapUsed: usage ? usage.heapUsed / MIB : Number.NaN,
    external: usage ? usage.external / MIB : Number.NaN,
    arrayBuffers: usage ? usage.arrayBuffers / MIB : Number.NaN,
    // external counts what was allocated, resident or not: this may come out a little under the truth.
    otherNative: usage ? proc.anon - (usage.heapTotal + usage.external) / MIB : Number.NaN,
    sqliteCacheCapMiB: Math.min(cacheMiB, databaseMiB),
    databaseMiB,
    mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? "default (8 × cores)",
  };
  const f = (value: number) => value.toFixed(1);
  say(
    `  RSS ${f(breakdown.rss)} MiB = file-backed ${f(breakdown.fileBacked)} (code, libraries) + anonymous ${f(breakdown.anonymous)}: V8 heap ${f(breakdown.heapTotal)} (used ${f(breakdown.heapUsed)}), external ${f(breakdown.external)} (ArrayBuffers ${f(breakdown.arrayBuffers)}), other native ${f(breakdown.otherNative)} — SQLite's page cache at most ${f(breakdown.sqliteCacheCapMiB)} of it (cache_size ${cacheSize}, db/database.server.ts; database ${f(databaseMiB)} MiB), the rest statements, compressors and malloc's arenas (MALLOC_ARENA_MAX ${breakdown.mallocArenaMax})`,
  );
  return breakdown;
}

/** A request whose body is not decompressed (fetch would), to see what goes over the wire. */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The static baseline: the stylesheet every page loads, as the server's static handler sends it. */
function staticAsset(): { path: string; bytes: number } {
  const dir = join(root, "build/client/assets");
  const css = readdirSync(dir).find((name) => /^app-.*\.css$/.test(name)) ?? readdirSync(dir).find((name) => name.endsWith(".css"));
  if (!css) throw new Error("no stylesheet in build/client/assets: run `npm run build` first");
  return { path: `/assets/${css}`, bytes: statSync(join(dir, css)).size };
}

type RunRow = { status: string; investors_checked: number };

/** Waits (up to 3 minutes) until a run is no longer running; its status then. */
async function waitForRun(databasePath: string, runId: string): Promise<string> {
  for (let waited = 0; waited < 180_000; waited += 250) {
    const status = runStatus(databasePath, runId)?.status ?? "gone";
    if (status !== "running") return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return "still running after 3 minutes";
}

function runStatus(databasePath: string, runId: string): RunRow | undefined {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select status, investors_checked from runs where run_id = ?").get(runId) as RunRow | undefined;
  } finally {
    db.close();
  }
}

async function rescore(url: string): Promise<number> {
  const response = await fetch(`${url}/api/rescore`, { method: "POST", headers: { authorization: `Bearer ${CRON_SECRET}` } });
  if (response.status !== 200) throw new Error(`/api/rescore answered ${response.status}`);
  return ((await response.json()) as { duration_ms: number }).duration_ms;
}

async function startCronRefresh(url: string): Promise<{ run_id: string; selected: number }> {
  const response = await fetch(`${url}/api/cron/refresh`, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
  if (response.status !== 202) throw new Error(`/api/cron/refresh answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { run_id: string; selected: number };
}

// ---------------------------------------------------------------------------------------------

export async function runHttpBench(): Promise<void> {
  const started = performance.now();
  const asset = staticAsset();
  const [tavily, gemini] = await Promise.all([startFakeTavily(), startFakeGemini()]);
  gemini.answerWith((body: unknown) => judgementFor(promptOf(body)));
  const env = {
    ADMIN_PASSCODE: PASSCODE,
    CRON_SECRET,
    SESSION_SECRET,
    TAVILY_API_KEY: "bench",
    TAVILY_BASE_URL: tavily.url,
    GEMINI_API_KEY: "bench",
    GEMINI_BASE_URL: gemini.url,
    GEMINI_MODEL: "gemini-bench",
    RUN_BUDGET_SECONDS: "3600",
    REFRESH_CREDIT_BUDGET: "100000",
  };
  console.log(`(i) HTTP against the built server: autocannon, ${CONNECTIONS} connections, ${SECONDS} s a run, ${RUNS} runs a row`);
  say(
    `static baseline: ${asset.path} (${(asset.bytes / 1024).toFixed(1)} KiB), from the same server in the same run, with the same headers as the row it is beside; \`GET /\` rows send what a browser sends (Accept-Encoding: gzip, deflate, br, zstd, signed in) unless labelled plain`,
  );
  say(`servers' allocator: ${allocatorName(serverMallocEnv())} (scripts/server-flags.ts; IPI_ALLOCATOR=glibc for glibc's)`);
  if (process.env.MALLOC_ARENA_MAX) {
    Object.assign(env, { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX });
    say(`server started with MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}`);
  }
  const loadBefore = loadavg()[0]!;
  try {
    const t5 = ONLY === "10k" ? "" : await template(5_000, 5, env);
    const t10 = ONLY === "demo" || ONLY === "dashboard" || ONLY === "board" || ONLY === "discover" ? "" : await template(10_000, 20, env);
    const t0 = ONLY === "demo" || ONLY === "board" || ONLY === "discover" ? "" : await template(0, 0, env);
    say(`databases seeded and opened once by the server: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (ONLY === "demo") {
      await demoTrafficRows(t5, env);
    } else if (ONLY === "10k") {
      await tenThousandRows(t10, env, asset.path);
      await refreshRows(t10, env, { tavily, gemini });
      await coldStartRows(t10, t0, env);
    } else if (ONLY === "board") {
      await boardRows(t5, env, asset.path);
    } else if (ONLY === "discover") {
      await discoverRows(t5, env, asset.path);
    } else if (ONLY === "dashboard") {
      await dashboardRows(t5, env, asset.path, { tavily, gemini });
      await afterImportRows(t0, env, asset.path);
    } else {
      await dashboardRows(t5, env, asset.path, { tavily, gemini });
      await boardRows(t5, env, asset.path);
      await discoverRows(t5, env, asset.path);
      await afterImportRows(t0, env, asset.path);
      await tenThousandRows(t10, env, asset.path);
      await refreshRows(t10, env, { tavily, gemini });
      await coldStartRows(t10, t0, env);
      await demoTrafficRows(t5, env);
    }
  } finally {
    await Promise.all([tavily.close(), gemini.close()]);
  }
  printTable();
  const machine = { loadAverageBefore: loadBefore, loadAverageAfter: loadavg()[0]! };
  say(
    `load average (1 min) before ${machine.loadAverageBefore.toFixed(1)}, after ${machine.loadAverageAfter.toFixed(1)} on ${availableParallelism()} cores`,
  );
  json.machine = machine;
  const out = join(root, "bench/results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, "http-latest.json"),
    `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, runs: RUNS, staticAsset: asset, rows, data: json }, null, 2)}\n`,
  );
  say(`results: bench/results/http-latest.json; section took ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

/**
 * `GET /board` with the 5,000 investors, as a browser asks (br, signed in), beside the static file in
 * the same run: every column's count and dollars read over all rows, its first cards rendered.
 * The template has no amounts, so this copy is given some, a third in euros (the totals convert).
 */
async function boardRows(t5: string, env: Record<string, string>, assetPath: string) {
  const path = copyOf(t5, "ipi-httpbench-");
  const db = new Database(path);
  db.exec(
    "update investors set amount = (id * 7919) % 2000000, amount_currency = case id % 3 when 0 then 'EUR' else null end, next_step = case id % 4 when 0 then 'Send the data room' else null end where is_demo = 0",
  );
  db.close();
  const { page, sent, firstMs, keptMs, ours, base } = await keptPageRows(path, env, "/board", assetPath);
  say(
    `GET /board with 5,000 investors: ${(page.body.length / 1024).toFixed(1)} KiB of HTML, ${(sent.body.length / 1024).toFixed(1)} KiB as sent to a browser (${String(sent.headers["content-encoding"] ?? "plain")}); the first answer (read and render) ${ms(firstMs)} ms, the next (kept, compressed once) ${ms(keptMs)} ms`,
  );
  rows.push(latencyRow("`GET /board`, 5,000 investors, as a browser asks (br)", ours, base, 100));
  json.board = { ours, static: base, htmlBytes: page.body.length, sentBytes: sent.body.length, firstMs, keptMs };
}

/**
 * A kept page's rows on a copy of a seeded database: its first answer (read and render, plain), the
 * next as a browser asks (kept, compressed once), then RUNS runs of it as a browser asks, each beside
 * the static file in the same run.
 */
async function keptPageRows(databasePath: string, env: Record<string, string>, pagePath: string, assetPath: string) {
  const bench = await startWithTicker({ ...env, DATABASE_PATH: databasePath });
  try {
    const { url } = bench.server;
    await settle(bench);
    const cookie = await signIn(url, PASSCODE);
    const browser = { ...BROWSER, cookie };
    const firstStarted = performance.now();
    const page = await raw(`${url}${pagePath}`, { cookie });
    const firstMs = performance.now() - firstStarted;
    const keptStarted = performance.now();
    const sent = await raw(`${url}${pagePath}`, browser);
    const keptMs = performance.now() - keptStarted;
    if (page.status !== 200 || sent.status !== 200) throw new Error(`GET ${pagePath} answered ${page.status}`);
    await load(`${url}${pagePath}`, browser, 200, 1);
    await load(`${url}${assetPath}`, browser, 200, 1);
    const ours: Load[] = [];
    const base: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(await load(`${url}${pagePath}`, browser, 200));
      base.push(await load(`${url}${assetPath}`, browser, 200));
    }
    return { page, sent, firstMs, keptMs, ours, base };
  } finally {
    await bench.server.stop();
  }
}

/**
 * `GET /discover` with the 5,000 investors and 400 deals of the last 60 days (a lead and two
 * participants each, 800 investors outside the pipeline), as a browser asks, beside the static file:
 * every deal's investors ranked for the founder's startups, the page kept like the dashboard.
 */
async function discoverRows(t5: string, env: Record<string, string>, assetPath: string) {
  const path = copyOf(t5, "ipi-httpbench-");
  const db = new Database(path);
  const addDeal = db.prepare(
    "insert into deals (company, company_key, amount, currency, stage, sectors, geography, announced_on, source_urls) values (?, ?, ?, 'USD', ?, ?, ?, ?, ?) returning id",
  );
  const addInvestor = db.prepare("insert or ignore into deal_investors (deal_id, key, name, role) values (?, ?, ?, ?)");
  const stages = ["pre_seed", "seed", "series_a"];
  const sectors = [["fintech"], ["devtools", "ai"], ["climate"], ["health"]];
  db.transaction(() => {
    for (let i = 0; i < 400; i++) {
      const day = new Date(Date.now() - (i % 60) * 86_400_000).toISOString().slice(0, 10);
      const { id } = addDeal.get(
        `Company ${i}`,
        investorKey(`Company ${i}`),
        1_000_000 + (i % 9) * 500_000,
        stages[i % 3],
        JSON.stringify(sectors[i % 4]),
        i % 2 === 0 ? "Germany" : "United States",
        day,
        JSON.stringify([`https://news.example/${i}`]),
      ) as { id: number };
      for (const [k, role] of [
        [i % 800, "lead"],
        [(i * 7 + 1) % 800, "participant"],
        [(i * 13 + 2) % 800, "participant"],
      ] as const) {
        const name = `Bench Discovery Fund ${k}`;
        addInvestor.run(id, investorKey(name), name, role);
      }
    }
  })();
  db.close();
  const { page, sent, firstMs, ours, base } = await keptPageRows(path, env, "/discover", assetPath);
  say(
    `GET /discover with 5,000 investors and 400 deals: ${(page.body.length / 1024).toFixed(1)} KiB of HTML, ${(sent.body.length / 1024).toFixed(1)} KiB as sent to a browser (${String(sent.headers["content-encoding"] ?? "plain")}); the first answer (read, rank and render) ${ms(firstMs)} ms`,
  );
  rows.push(latencyRow("`GET /discover`, 5,000 investors and 400 deals, as a browser asks (br)", ours, base, 100));
  json.discover = { ours, static: base, htmlBytes: page.body.length, sentBytes: sent.body.length, firstMs };
}

/** Rows 1 and 2: `GET /` with 5,000 investors, then the same while a refresh runs. */
async function dashboardRows(
  t5: string,
  env: Record<string, string>,
  assetPath: string,
  fakes: { tavily: FakeTavily; gemini: FakeGemini },
) {
  const bench = await startWithTicker({ ...env, DATABASE_PATH: copyOf(t5, "ipi-httpbench-") });
  try {
    const { url } = bench.server;
    const settled = await settle(bench);
    const started = processMemory(bench.server.pid).rss;
    const cookie = await signIn(url, PASSCODE);
    const browser = { ...BROWSER, cookie };
    const page = await raw(`${url}/`, { cookie });
    const sent = await raw(`${url}/`, browser);
    if (page.status !== 200 || sent.status !== 200) throw new Error(`GET / answered ${page.status}`);
    say(
      `GET / with 5,000 investors: ${(page.body.length / 1024).toFixed(1)} KiB of HTML, ${(sent.body.length / 1024).toFixed(1)} KiB as sent to a browser (${String(sent.headers["content-encoding"] ?? "plain")}); the server settled ${ms(settled)} ms after it listened`,
    );
    await load(`${url}/`, browser, 200, 1);
    await load(`${url}${assetPath}`, browser, 200, 1);
    const ours: Load[] = [];
    const base: Load[] = [];
    const plain: Load[] = [];
    const plainBase: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(await load(`${url}/`, browser, 200));
      base.push(await load(`${url}${assetPath}`, browser, 200));
      plain.push(await load(`${url}/`, { cookie }, 200));
      plainBase.push(await load(`${url}${assetPath}`, { cookie }, 200));
    }
    rows.push(latencyRow("`GET /`, 5,000 investors, as a browser asks (br)", ours, base, 50));
    rows.push(latencyRow("the same, plain (no Accept-Encoding)", plain, plainBase, 50));
    json.dashboardPlain = { ours: plain, static: plainBase };
    json.dashboard = { ours, static: base };

    // Where the memory is before the refresh: what the page rows alone leave behind.
    say("  memory after the page rows, before the refresh:");
    json.memory5kBeforeRefresh = await memoryBreakdown(bench);
    const afterPages = await settledRss(bench.server.pid);
    json.memory5kPagesSettled = afterPages;
    rows.push(memoryRow("RSS after the page rows, 5,000 investors", afterPages, processMemory(bench.server.pid).peak, started));

    // Row 2: a refresh of every investor against the zero-latency fakes, with load during it.
    await ticker(bench);
    const refresh = await startCronRefresh(url);
    const startStall = await ticker(bench);
    say(`refresh over 5,000 investors: ${refresh.selected} queued; largest stall as it started ${ms(startStall.maxStallMs)} ms`);
    const during: Load[] = [];
    const duringBase: Load[] = [];
    const checked: number[] = [];
    let before = runStatus(bench.server.databasePath, refresh.run_id);
    for (let i = 0; i < RUNS; i++) {
      during.push(await load(`${url}/`, browser, 200));
      duringBase.push(await load(`${url}${assetPath}`, browser, 200));
      const after = runStatus(bench.server.databasePath, refresh.run_id);
      checked.push((after?.investors_checked ?? 0) - (before?.investors_checked ?? 0));
      if (after?.status !== "running") say(`note: the refresh was ${after?.status} after run ${i + 1}: later runs did not overlap it`);
      before = after;
    }
    const stall = await ticker(bench);
    say(
      `refresh meanwhile: ${checked.map(count).join(", ")} investors checked during each pair of runs (${(2 * SECONDS).toFixed(0)} s); largest stall ${ms(stall.maxStallMs)} ms`,
    );
    fakes.tavily.reset();
    fakes.gemini.requests.length = 0;
    rows.push(latencyRow("`GET /` while a refresh runs, 5,000", during, duringBase, 50));
    json.dashboardDuringRefresh = {
      ours: during,
      static: duringBase,
      queued: refresh.selected,
      checked,
      startStallMs: startStall.maxStallMs,
    };
    const mem = processMemory(bench.server.pid);
    json.memory5k = { ...mem, breakdown: await memoryBreakdown(bench) };
    say(`RSS with 5,000 investors after these rows: ${mem.rss.toFixed(0)} MiB (peak ${mem.peak.toFixed(0)} MiB)`);
    // And once the refresh is over (it may still run when the rows end): what it leaves behind.
    const finished = await waitForRun(bench.server.databasePath, refresh.run_id);
    say(`  memory once the refresh is ${finished}:`);
    json.memory5kAfterRefresh = await memoryBreakdown(bench);
    const settled5k = await settledRss(bench.server.pid);
    json.memory5kSettled = settled5k;
    say(`  settled: RSS ${settled5k.rss.toFixed(0)} MiB ${(settled5k.afterMs / 1000).toFixed(1)} s into ${SETTLE_MS / 1000} s of quiet`);
    rows.push(
      memoryRow(
        "RSS after the refresh rows, 5,000 investors (model and search clients loaded)",
        settled5k,
        processMemory(bench.server.pid).peak,
        started,
      ),
    );
    for (const line of bench.server.output().match(/memory given back after a busy spell.*/g) ?? []) say(`  server: ${line}`);
  } finally {
    await bench.server.stop();
  }
}

/**
 * `GET /` right after 5,000 investors are imported into an empty pipeline (the import page's
 * commit), as a browser asks: the import's scoring may still be writing while the load starts.
 */
async function afterImportRows(t0: string, env: Record<string, string>, assetPath: string) {
  const bench = await startWithTicker({ ...env, DATABASE_PATH: copyOf(t0, "ipi-httpbench-") });
  try {
    const { url } = bench.server;
    await settle(bench);
    const started = processMemory(bench.server.pid).rss;
    const cookie = await signIn(url, PASSCODE);
    const browser = { ...BROWSER, cookie };
    const csv = ["Name,Firm,Email,Kind,Stages,Sectors"];
    for (let i = 0; i < 5_000; i++)
      csv.push(`Imported Investor ${i},Firm ${i % 700},investor${i}@import.example.com,fund,seed;Series A,climate;AI`);
    const form = new FormData();
    form.set("intent", "commit");
    form.set("file", new Blob([csv.join("\n")], { type: "text/csv" }), "investors.csv");
    const imported = performance.now();
    const response = await fetch(`${url}/investors/import`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: url },
      body: form,
    });
    if (response.status !== 303) throw new Error(`the import answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    say(`import of 5,000 rows committed in ${ms(performance.now() - imported)} ms`);
    const ours: Load[] = [];
    const base: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(await load(`${url}/`, browser, 200));
      base.push(await load(`${url}${assetPath}`, browser, 200));
    }
    rows.push({
      measured: "`GET /` right after a 5,000-row import, as a browser asks",
      ours: latencyText(ours),
      baseline: latencyText(base),
      ratio: ratioText(ours, base),
      goal: "p95 ≤ 100 ms (first run)",
      met: verdict([ours[0]!.p95], 100),
    });
    json.dashboardAfterImport = { ours, static: base };
    const mem = processMemory(bench.server.pid);
    json.memoryAfterImport = { ...mem, breakdown: await memoryBreakdown(bench) };
    say(`RSS after the import rows: ${mem.rss.toFixed(0)} MiB (peak ${mem.peak.toFixed(0)} MiB)`);
    const settledImport = await settledRss(bench.server.pid);
    json.memoryAfterImportSettled = settledImport;
    say(
      `  settled: RSS ${settledImport.rss.toFixed(0)} MiB ${(settledImport.afterMs / 1000).toFixed(1)} s into ${SETTLE_MS / 1000} s of quiet`,
    );
    rows.push(memoryRow("RSS after the import rows (5,000 imported)", settledImport, processMemory(bench.server.pid).peak, started));
  } finally {
    await bench.server.stop();
  }
}

/** Rows 3, 4 and 7: the search feed, re-score stalls and memory, 10,000 investors × 20 evidence. */
async function tenThousandRows(t10: string, env: Record<string, string>, assetPath: string) {
  const bench = await startWithTicker({ ...env, DATABASE_PATH: copyOf(t10, "ipi-httpbench-") });
  try {
    const { url } = bench.server;
    const settled = await settle(bench);
    const afterStart = processMemory(bench.server.pid);
    const cookie = await signIn(url, PASSCODE);
    const feed = await raw(`${url}/api/search-feed`, { cookie });
    const feedBr = await raw(`${url}/api/search-feed`, { cookie, "accept-encoding": "br" });
    const etag = String(feed.headers.etag ?? "");
    const staticHead = await raw(`${url}${assetPath}`, {});
    const staticEtag = String(staticHead.headers.etag ?? "");
    if (feed.status !== 200 || !etag || !staticEtag)
      throw new Error(`the feed answered ${feed.status}, ETag ${etag}; static ETag ${staticEtag}`);
    const sent = feedBr.headers["content-encoding"] === "br" ? feedBr.body.length : Number.NaN;
    say(
      `search feed: ${(feed.body.length / 1024).toFixed(0)} KiB uncompressed, ${Number.isNaN(sent) ? "not compressed" : `${(sent / 1024).toFixed(0)} KiB as sent with br`}`,
    );
    const checkedFeed = await raw(`${url}/api/search-feed`, { cookie, "if-none-match": etag });
    if (checkedFeed.status !== 304) throw new Error(`If-None-Match on the feed answered ${checkedFeed.status}`);

    // `GET /` rows as a browser asks (compressed, signed in).
    const browser = { ...BROWSER, cookie };
    await load(`${url}/api/search-feed`, { cookie }, 200, 1);
    await load(`${url}/`, browser, 200, 1);
    const feedRuns: Load[] = [];
    const feedBase: Load[] = [];
    const notModified: Load[] = [];
    const notModifiedBase: Load[] = [];
    const rescoreRuns: Load[] = [];
    const aloneStalls: number[] = [];
    const idleStalls: number[] = [];
    const aloneDurations: number[] = [];
    const plainRuns: Load[] = [];
    const stalls: number[] = [];
    const quietStalls: number[] = [];
    const rescores: number[][] = [];
    const afterLoad: Array<{ rss: number; peak: number }> = [];
    const afterFeed: Array<{ rss: number; peak: number }> = [];
    const feedBrRuns: Load[] = [];
    const feedBrBase: Load[] = [];
    const feedBrAutocannon: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      feedRuns.push(await load(`${url}/api/search-feed`, { cookie }, 200));
      feedBase.push(await load(`${url}${assetPath}`, { cookie }, 200));
      // As a browser asks for it: the kept brotli copy, beside the asset's precompressed .br.
      // Read by Node's client, the asset beside it too (nodeLoad says why); autocannon's figure is kept in the JSON.
      feedBrRuns.push(await nodeLoad(`${url}/api/search-feed`, { cookie, "accept-encoding": "br" }, 200));
      feedBrBase.push(await nodeLoad(`${url}${assetPath}`, { cookie, "accept-encoding": "br" }, 200));
      feedBrAutocannon.push(await load(`${url}/api/search-feed`, { cookie, "accept-encoding": "br" }, 200));
      afterFeed.push(processMemory(bench.server.pid));
      // The ETag of the feed as it is now: the previous round's re-scores wrote every row.
      const current = String((await raw(`${url}/api/search-feed`, { cookie })).headers.etag ?? "");
      // What a 304 costs: one connection, so no request waits behind another.
      notModified.push(await load(`${url}/api/search-feed`, { cookie, "if-none-match": current }, 304, SECONDS, 1));
      notModifiedBase.push(await load(`${url}${assetPath}`, { cookie, "if-none-match": staticEtag }, 304, SECONDS, 1));

      // Row 4: one re-score with nothing else going on (the stall it causes), after an idle second.
      await ticker(bench);
      await sleep(1_000);
      idleStalls.push((await ticker(bench)).maxStallMs);
      aloneDurations.push(await rescore(url));
      aloneStalls.push((await ticker(bench)).maxStallMs);
      // Then `GET /` under load alone, and under load while re-scores run back to back (at least one,
      // and for at least a run's length): the load lasts exactly as long as the re-scores.
      plainRuns.push(await load(`${url}/`, browser, 200));
      quietStalls.push((await ticker(bench)).maxStallMs);
      const durations: number[] = [];
      const loop = (async () => {
        const t = performance.now();
        do durations.push(await rescore(url));
        while (performance.now() - t < SECONDS * 1000);
      })();
      rescoreRuns.push(await load(`${url}/`, browser, 200, SECONDS, CONNECTIONS, loop));
      await loop;
      stalls.push((await ticker(bench)).maxStallMs);
      rescores.push(durations);
      afterLoad.push(processMemory(bench.server.pid));
    }
    rows.push(latencyRow("`GET /api/search-feed`, 10,000 investors", feedRuns, feedBase, 20));
    rows.push({
      measured:
        "the same with `Accept-Encoding: br` (what a browser sends; read by Node's HTTP client, as autocannon decodes each body as UTF-8 text)",
      ours: `${latencyText(feedBrRuns)}; autocannon read p95 ${ms(median(feedBrAutocannon.map((run) => run.p95)))} ms`,
      baseline: `${latencyText(feedBrBase)} (its .br)`,
      ratio: ratioText(feedBrRuns, feedBrBase),
      goal: "p95 ≤ 20 ms",
      met: verdict(
        feedBrRuns.map((r) => r.p95),
        20,
      ),
    });
    rows.push({
      measured: "the feed's 304 (matching `If-None-Match`), 1 connection",
      ours: latencyText(notModified),
      baseline: `${latencyText(notModifiedBase)} (the asset's own 304)`,
      ratio: ratioText(notModified, notModifiedBase),
      goal: "< 1 ms (p50)",
      met: verdict(
        notModified.map((r) => r.p50),
        1,
      ),
    });
    const allDurations = rescores.flat().sort((a, b) => a - b);
    rows.push({
      measured: `largest stall during \`POST /api/rescore\` (10,000 × 20; ${ms(median(aloneDurations))} ms alone, ${ms(percentile(allDurations, 50))} ms under load)`,
      ours: `${ms(median(aloneStalls))} ms alone (${ms(min(aloneStalls))}–${ms(max(aloneStalls))}); ${ms(median(stalls))} ms (${ms(min(stalls))}–${ms(max(stalls))}) under \`GET /\` load`,
      baseline: `idle ${ms(median(idleStalls))} ms (${ms(min(idleStalls))}–${ms(max(idleStalls))}); \`GET /\` load alone ${ms(median(quietStalls))} ms (${ms(min(quietStalls))}–${ms(max(quietStalls))})`,
      ratio: `under load ${(median(stalls) / median(quietStalls)).toFixed(1)}× the load alone`,
      goal: "≤ 50 ms (alone)",
      met: verdict(aloneStalls, 50),
    });
    rows.push({
      measured: `\`GET /\` as a browser asks while re-scores run back to back, 10,000 investors (${rescores.map((d) => d.length).join("/")} a run)`,
      ours: latencyText(rescoreRuns),
      baseline: `${latencyText(plainRuns)} without re-scores`,
      ratio: ratioText(rescoreRuns, plainRuns),
      goal: "p95 ≤ 50 ms",
      met: verdict(
        rescoreRuns.map((r) => r.p95),
        50,
      ),
    });
    json.feed = {
      bytes: feed.body.length,
      brotliBytes: sent,
      ours: feedRuns,
      static: feedBase,
      oursBrotli: feedBrRuns,
      staticBrotli: feedBrBase,
      oursBrotliAutocannon: feedBrAutocannon,
      notModified,
      notModifiedStatic: notModifiedBase,
    };
    json.rescore = {
      aloneStallsMs: aloneStalls,
      idleStallsMs: idleStalls,
      aloneDurationsMs: aloneDurations,
      underLoadStallsMs: stalls,
      loadAloneStallsMs: quietStalls,
      underLoadDurationsMs: rescores,
      dashboard: rescoreRuns,
      dashboardAlone: plainRuns,
    };
    json.settledMs10k = settled;
    say(
      `10,000 investors: the server settled ${ms(settled)} ms after it listened (no stall over 20 ms for 500 ms); RSS then ${afterStart.rss.toFixed(0)} MiB`,
    );
    json.memory10k = { afterStart, afterFeed, afterLoad };
    say(
      `RSS by round (MiB), after the feed rows → after the re-score rows: ${afterFeed.map((m, i) => `${m.rss.toFixed(0)} → ${afterLoad[i]!.rss.toFixed(0)}`).join(", ")}`,
    );
    json.memory10kBreakdown = await memoryBreakdown(bench);
    const settled10k = await settledRss(bench.server.pid);
    json.memory10kSettled = settled10k;
    // Read as the 5,000-investor rows are: 1 s after the last answer (decision 042); each round's
    // reading right after its re-scores is printed above.
    rows.push(memoryRow("RSS after the load rows, 10,000 investors", settled10k, max(afterLoad.map((m) => m.peak)), afterStart.rss));
    rows.push({
      measured: `RSS settled after the load rows (the lowest reading in ${SETTLE_MS / 1000} s of quiet), 10,000 investors`,
      ours: `${settled10k.rss.toFixed(0)} MiB, ${(settled10k.afterMs / 1000).toFixed(1)} s after the load stopped`,
      baseline: `${afterStart.rss.toFixed(0)} MiB after start`,
      ratio: `${(settled10k.rss / afterStart.rss).toFixed(2)}× after start`,
      goal: "≤ 150 MiB",
      met: verdict([settled10k.rss], 150),
    });
  } finally {
    await bench.server.stop();
  }
}

/**
 * Rows 5 and 6: the stall as a refresh starts (selection over 10,000 candidates), and the refresh's
 * pace (investors checked a second, over the same stretch of a run) with 10,000 queued against
 * 1,000 queued from the same database: the cost of a step should not grow with the queue.
 * Grouped searches are off (REFRESH_GROUP_SIZE=1) so both queues hold single checks only.
 * `--long-refresh` adds one run of 10,000 followed to 7,500 checked: its pace at ~3,500 vs ~7,000.
 */
async function refreshRows(t10: string, env: Record<string, string>, fakes: { tavily: FakeTavily; gemini: FakeGemini }) {
  const WINDOW: [number, number] = [100, 900];
  const stalls: number[] = [];
  const idle: number[] = [];
  const queued: number[] = [];
  const smallQueued: number[] = [];
  const big: number[] = [];
  const small: number[] = [];
  const stepStalls: number[] = [];

  /** Starts a refresh on a fresh copy and follows it until `until` investors are checked. */
  const follow = async (credits: number, until: number, windows: Array<[number, number]>) => {
    const bench = await startWithTicker({
      ...env,
      DATABASE_PATH: copyOf(t10, "ipi-httpbench-"),
      REFRESH_CREDIT_BUDGET: String(credits),
      REFRESH_GROUP_SIZE: "1",
    });
    try {
      const { url, databasePath } = bench.server;
      const settled = await settle(bench);
      await sleep(1_000);
      const idleStall = (await ticker(bench)).maxStallMs;
      const started = await startCronRefresh(url);
      const startStall = (await ticker(bench)).maxStallMs;
      // Investors checked over time, read from the run's row (there is no run-status route).
      const samples: Array<{ t: number; checked: number }> = [];
      const deadline = performance.now() + Math.max(120_000, until * 40);
      for (;;) {
        const row = runStatus(databasePath, started.run_id);
        samples.push({ t: performance.now(), checked: row?.investors_checked ?? 0 });
        if (!row || (row.status !== "running" && row.status !== "queued")) break;
        if (row.investors_checked >= until || performance.now() > deadline) break;
        await sleep(100);
      }
      const stepStall = (await ticker(bench)).maxStallMs;
      return {
        settled,
        queued: started.selected,
        idleStall,
        startStall,
        stepStall,
        paces: windows.map(([from, to]) => pace(samples, from, to)),
      };
    } finally {
      await bench.server.stop();
      fakes.tavily.reset();
      fakes.gemini.requests.length = 0;
    }
  };

  for (let i = 0; i < RUNS; i++) {
    const large = await follow(100_000, WINDOW[1], [WINDOW]);
    stalls.push(large.startStall);
    idle.push(large.idleStall);
    queued.push(large.queued);
    stepStalls.push(large.stepStall);
    big.push(large.paces[0]!);
    const few = await follow(1_000, WINDOW[1], [WINDOW]);
    smallQueued.push(few.queued);
    small.push(few.paces[0]!);
  }
  say(
    `refresh of 10,000 candidates: ${queued.map(count).join(", ")} queued; largest stall while it checked ${count(WINDOW[1])}: ${stepStalls.map(ms).join(", ")} ms`,
  );
  rows.push({
    measured: `largest stall as a refresh starts (selection over 10,000; ${count(median(queued))} queued)`,
    ours: `${ms(median(stalls))} ms (${ms(min(stalls))}–${ms(max(stalls))})`,
    baseline: `${ms(median(idle))} ms (${ms(min(idle))}–${ms(max(idle))}) idle for 1 s`,
    ratio: `${(median(stalls) / median(idle)).toFixed(1)}×`,
    goal: "≤ 50 ms",
    met: verdict(stalls, 50),
  });
  const ratios = big.map((value, index) => value / small[index]!);
  rows.push({
    measured: `refresh pace (investors checked a second, from the ${count(WINDOW[0])}th to the ${count(WINDOW[1])}th), ${count(median(queued))} queued vs ${count(median(smallQueued))} queued`,
    ours: `${ms(median(big))}/s (${ms(min(big))}–${ms(max(big))}) with ${count(median(queued))} queued`,
    baseline: `${ms(median(small))}/s (${ms(min(small))}–${ms(max(small))}) with ${count(median(smallQueued))} queued`,
    ratio: `${median(ratios).toFixed(2)} (${min(ratios).toFixed(2)}–${max(ratios).toFixed(2)})`,
    goal: "flat: ratio ≥ 0.9",
    met: verdict(ratios, 0.9, true),
  });
  json.refresh = {
    queued,
    smallQueued,
    startStallsMs: stalls,
    idleStallsMs: idle,
    stepStallsMs: stepStalls,
    window: WINDOW,
    bigPerSecond: big,
    smallPerSecond: small,
  };

  if (process.argv.includes("--long-refresh")) {
    const long = await follow(100_000, 7_500, [
      [3_000, 4_000],
      [6_500, 7_500],
    ]);
    const [early, late] = long.paces as [number, number];
    say(
      `one refresh of ${count(long.queued)} followed to 7,500 checked: ${ms(early)}/s at ~3,500, ${ms(late)}/s at ~7,000 (late/early ${(late / early).toFixed(2)}); largest stall ${ms(long.stepStall)} ms`,
    );
    json.longRefresh = long;
  }
}

/** Investors a second between `from` and `to` checked, interpolated from the samples. */
function pace(samples: Array<{ t: number; checked: number }>, from: number, to: number): number {
  const timeAt = (target: number) => {
    for (let i = 1; i < samples.length; i++) {
      const a = samples[i - 1]!;
      const b = samples[i]!;
      if (b.checked >= target && a.checked < target) return a.t + ((target - a.checked) / (b.checked - a.checked)) * (b.t - a.t);
    }
    return Number.NaN;
  };
  return (to - from) / ((timeAt(to) - timeAt(from)) / 1000);
}

/** Row 8: spawn to the first 200 of `/api/health`, polled every 5 ms, as users start it (flags, allocator), with no bench preload. */
async function coldStartRows(t10: string, t0: string, env: Record<string, string>) {
  const measureStart = async (templatePath: string) => {
    const port = await freePort();
    const t = performance.now();
    // As users start it: the production flags and allocator (scripts/server-flags.ts), no bench preload.
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.mjs"], {
      env: {
        ...baseEnv(),
        ...serverMallocEnv(),
        HOST: "127.0.0.1",
        PORT: String(port),
        SCHEDULER_ENABLED: "false",
        ...env,
        DATABASE_PATH: copyOf(templatePath, "ipi-httpbench-"),
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error("the server exited while starting");
        if (performance.now() - t > 20_000) throw new Error("the server did not answer /api/health in 20 s");
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.status === 200,
          () => false,
        );
        if (ok) break;
        await sleep(5);
      }
      const ready = performance.now() - t;
      await sleep(1_000);
      return { ms: ready, rss: processMemory(child.pid ?? 0).rss };
    } finally {
      await stopChild(child);
    }
  };
  const ours: Array<{ ms: number; rss: number }> = [];
  const empty: Array<{ ms: number; rss: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(await measureStart(t10));
    empty.push(await measureStart(t0));
  }
  const times = ours.map((r) => r.ms);
  const emptyTimes = empty.map((r) => r.ms);
  rows.push({
    measured: "cold start to healthy (`/api/health` 200), 10,000 investors on disk",
    ours: `${ms(median(times))} ms (${ms(min(times))}–${ms(max(times))}); RSS 1 s later ${ms(median(ours.map((r) => r.rss)))} MiB`,
    baseline: `${ms(median(emptyTimes))} ms (${ms(min(emptyTimes))}–${ms(max(emptyTimes))}) with no investors; RSS ${ms(median(empty.map((r) => r.rss)))} MiB`,
    ratio: `${(median(times) / median(emptyTimes)).toFixed(2)}×`,
    goal: "≤ 500 ms",
    met: verdict(times, 500),
  });
  json.coldStart = { ours, empty };
}

/**
 * Open demo traffic that accepts any answer (200, 409, 429 are all the demo doing its job), until `until` settles: 32 anonymous readers of /demo and writers of edits and resets.
 */
function anonymousDemoLoad(url: string, demoId: number, until: Promise<unknown>) {
  const statuses: Record<string, Record<number, number>> = {};
  const start = (name: string, options: AutocannonOptions) => {
    const counts: Record<number, number> = {};
    statuses[name] = counts;
    const instance = autocannon({ ...options, duration: 600 });
    instance.on("response", (_client, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
    });
    void until.finally(() => instance.stop());
    return instance;
  };
  const note = JSON.stringify({ add_contact: { note: "n".repeat(400) } });
  const done = Promise.all([
    start("GET /demo", { url: `${url}/demo`, connections: DEMO_READERS, headers: BROWSER }),
    start("PATCH demo investor", {
      url: `${url}/api/investors/${demoId}`,
      connections: DEMO_WRITERS / 2,
      method: "PATCH",
      headers: { ...BROWSER, "content-type": "application/json" },
      body: note,
    }),
    start("POST /api/demo/reset", { url: `${url}/api/demo/reset`, connections: DEMO_WRITERS / 2, method: "POST", headers: BROWSER }),
  ]);
  return { statuses, done };
}

/**
 * Issue 23, break 3 (decision 018): `/api/health` and the signed-in `GET /` (5,000 investors)
 * while anonymous demo traffic runs, beside the same idle, in the same run and with browser
 * headers; and the stall of a demo reset at the demo's bounds (every demo investor at 50
 * contacts of 500 characters) beside a reset of the fresh set.
 */
async function demoTrafficRows(t5: string, env: Record<string, string>) {
  // The production default of the open demo's budget (test servers lift it); HTTP_BENCH_DEMO_RATE
  // sets another, e.g. 1 to see what refusing the crowd costs by itself.
  const bench = await startWithTicker({
    ...env,
    DATABASE_PATH: copyOf(t5, "ipi-httpbench-"),
    DEMO_REQUESTS_PER_SECOND: process.env.HTTP_BENCH_DEMO_RATE ?? String(ANONYMOUS_PER_SECOND),
  });
  try {
    const { url } = bench.server;
    await settle(bench);
    const cookie = await signIn(url, PASSCODE);
    const founder = { ...BROWSER, cookie };
    // A reset gives the demo investors new ids: ask for one before each use.
    // The bench's own demo requests go signed in, outside the open demo's budget.
    const demoInvestor = async () =>
      ((await (await fetch(`${url}/api/search-feed?demo=1`, { headers: { cookie } })).json()) as { items: Array<{ id: number }> }).items[0]!
        .id;

    // The reset's stall: fresh, then with every demo investor filled to its bounds (written beside the server).
    const resetStall = async () => {
      await ticker(bench);
      const response = await fetch(`${url}/api/demo/reset`, { method: "POST", headers: { cookie } });
      if (response.status !== 200) throw new Error(`/api/demo/reset answered ${response.status}`);
      return (await ticker(bench)).maxStallMs;
    };
    const fill = () => {
      const db = new Database(bench.server.databasePath);
      try {
        const ids = db.prepare("select id from investors where is_demo = 1").pluck().all() as number[];
        const insert = db.prepare("insert into contact_entries (investor_id, note, created_at) values (?, ?, ?)");
        const count = db.prepare("select count(*) from contact_entries where investor_id = ?").pluck();
        db.transaction(() => {
          for (const id of ids)
            for (let n = count.get(id) as number; n < 50; n++) insert.run(id, "n".repeat(500), new Date().toISOString());
        })();
        return ids.length;
      } finally {
        db.close();
      }
    };
    const freshStalls: number[] = [];
    const fullStalls: number[] = [];
    let demoInvestors = 0;
    for (let i = 0; i < RUNS; i++) {
      freshStalls.push(await resetStall());
      demoInvestors = fill();
      fullStalls.push(await resetStall());
    }
    rows.push({
      measured: `demo reset at its bounds (${demoInvestors} demo investors × 50 contacts of 500 characters): event-loop stall`,
      ours: `${ms(median(fullStalls))} ms (${ms(min(fullStalls))}–${ms(max(fullStalls))})`,
      baseline: `${ms(median(freshStalls))} ms (${ms(min(freshStalls))}–${ms(max(freshStalls))}) resetting the fresh set`,
      ratio: `${(median(fullStalls) / median(freshStalls)).toFixed(1)}×`,
      goal: "≤ 50 ms",
      met: verdict(fullStalls, 50),
    });
    json.demoReset = { freshStalls, fullStalls, demoInvestors };

    // Idle, then under open demo traffic: the same probes, one after the other, in the same run.
    await load(`${url}/api/health`, BROWSER, 200, 1, PROBE_CONNECTIONS);
    await load(`${url}/`, founder, 200, 1, PROBE_CONNECTIONS);
    const idleHealth: Load[] = [];
    const idleDashboard: Load[] = [];
    const busyHealth: Load[] = [];
    const busyDashboard: Load[] = [];
    const stalls: number[] = [];
    const traffic: Array<Record<string, Record<number, number>>> = [];
    for (let i = 0; i < RUNS; i++) {
      idleHealth.push(await load(`${url}/api/health`, BROWSER, 200, SECONDS, PROBE_CONNECTIONS));
      idleDashboard.push(await load(`${url}/`, founder, 200, SECONDS, PROBE_CONNECTIONS));
      let finish = () => {};
      const probesDone = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const crowd = anonymousDemoLoad(url, await demoInvestor(), probesDone);
      await sleep(500);
      await ticker(bench);
      try {
        busyHealth.push(await load(`${url}/api/health`, BROWSER, 200, SECONDS, PROBE_CONNECTIONS));
        busyDashboard.push(await load(`${url}/`, founder, 200, SECONDS, PROBE_CONNECTIONS));
      } finally {
        finish();
      }
      stalls.push((await ticker(bench)).maxStallMs);
      await crowd.done;
      traffic.push(crowd.statuses);
    }
    const crowdText = `${DEMO_READERS} anonymous clients on /demo, ${DEMO_WRITERS} writing (edits, resets)`;
    rows.push({
      measured: `\`/api/health\` while ${crowdText}`,
      ours: latencyText(busyHealth),
      baseline: `idle: ${latencyText(idleHealth)}`,
      ratio: ratioText(busyHealth, idleHealth),
      goal: "p95 ≤ 50 ms",
      met: verdict(
        busyHealth.map((r) => r.p95),
        50,
      ),
    });
    rows.push({
      measured: `signed-in \`GET /\` (5,000 investors) while ${crowdText}`,
      ours: latencyText(busyDashboard),
      baseline: `idle: ${latencyText(idleDashboard)}`,
      ratio: ratioText(busyDashboard, idleDashboard),
      goal: "p95 ≤ 50 ms",
      met: verdict(
        busyDashboard.map((r) => r.p95),
        50,
      ),
    });
    for (const [i, run] of traffic.entries()) {
      say(
        `open demo traffic, run ${i + 1}: ${Object.entries(run)
          .map(([name, counts]) => `${name} ${JSON.stringify(counts)}`)
          .join("; ")}`,
      );
    }
    say(`largest event-loop stall under open demo traffic: ${stalls.map(ms).join(", ")} ms`);
    json.demoTraffic = { idleHealth, idleDashboard, busyHealth, busyDashboard, stalls, traffic };
  } finally {
    await bench.server.stop();
  }
}

function printTable() {
  console.log("");
  say("| measured | ours: req/s, p50/p95/p99 (p95 spread of 3) | static baseline (same server, same run) | ratio | goal | met? |");
  say("|---|---|---|---|---|---|");
  for (const row of rows)
    say(`| ${row.measured} | ${row.ours} | ${row.baseline || "–"} | ${row.ratio || "–"} | ${row.goal} | ${row.met} |`);
  console.log("");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runHttpBench();
}
