/**
 * (q) The founder's actions that re-score every investor (decision 039), through the built server over
 * HTTP with 10,000 investors × 20 evidence, with 1 and with 3 startups: marking another startup as
 * raising now (`PUT /api/round`), saving a rubric (`PATCH /api/startups/:id/rubric`), changing the
 * round's target (`PUT /api/round`, which re-derives the cheque range), adding a startup
 * (`POST /api/startups`) and deleting one (`DELETE /api/startups/:id`). For each: how long the
 * request waits for its answer, how long until the re-score is over (Today's "Scores are being
 * redone" line gone), the largest event-loop stall meanwhile (bench/loop-ticker.mjs preloaded into
 * the server), and another tab's `GET /` asked one after another meanwhile (answers, slowest). The
 * baseline, measured in the same run: the raw SQLite update of the same 10,000 investor rows.
 *
 * Runs alone after a build: `npm run build && npx node bench/rescore-actions.ts`; `npm run bench` runs
 * it too (`--no-actions` leaves it out). RESCORE_ACTIONS_STARTUPS=1 (or 3) runs one pipeline only;
 * RESCORE_ACTIONS_TAB_PAUSE_MS=1000 spaces the other tab's requests, to tell its page's cost from the
 * re-score's in the stalls.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { createStartup } from "#db/queries/startups.server.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { seedBenchData } from "./seed.ts";
import { copyOf, scoredByAStart } from "./databases.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const PASSCODE = "bench-actions-passcode";
const TICKER = join(root, "bench/loop-ticker.mjs");
/** The words of Today's line while a re-score continues after its answer (app/components/rescore-progress.tsx). */
const PROGRESS_WORDS = "Scores are being redone";
const INVESTORS = 10_000;
const EVIDENCE = 20;

const TAB_PAUSE_MS = Number(process.env.RESCORE_ACTIONS_TAB_PAUSE_MS ?? 0);
const STARTUP_COUNTS = process.env.RESCORE_ACTIONS_STARTUPS ? [Number(process.env.RESCORE_ACTIONS_STARTUPS)] : [1, 3];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 10,000 investors × 20 evidence and `startups` startups (the first raising now), scored once by a server start. */
async function template(startups: number): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), "ipi-actions-template-")), "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  const now = new Date();
  seedBenchData(db, { investors: INVESTORS, evidencePerInvestor: EVIDENCE, now });
  for (const [index, sector] of ["fintech", "climate", "health"].slice(0, startups).entries()) {
    const input = { name: `Startup ${sector}`, pitch: "A pitch", sector, stage: "seed" as const, geography: "Europe" };
    const startup = createStartup(db, input, defaultRubric(input), "default", now);
    if (index === 0) db.$client.prepare("update startups set raising_now = 1, round_size = 2000000 where id = ?").run(startup.id);
  }
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  await scoredByAStart(path, { ADMIN_PASSCODE: PASSCODE }, 300_000);
  return path;
}

/** The floor: the same 10,000 investor rows' score columns updated in one raw SQLite transaction. */
function rawUpdate(templatePath: string): number {
  const db = new Database(copyOf(templatePath, "ipi-actions-"));
  try {
    const rows = db.prepare("select id, score, action, score_explained from investors").all() as Array<{
      id: number;
      score: number;
      action: string;
      score_explained: string;
    }>;
    const write = db.prepare("update investors set score = ?, action = ?, score_explained = ? where id = ?");
    const started = performance.now();
    db.transaction(() => {
      for (const row of rows) write.run(row.score, row.action, row.score_explained, row.id);
    })();
    return performance.now() - started;
  } finally {
    db.close();
  }
}

/** The startups' ids and the first one's latest rubric, read from the server's file (no API lists them). */
function startupsOf(databasePath: string): { ids: number[]; rubric: Record<string, unknown> } {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const ids = (db.prepare("select id from startups order by id").all() as Array<{ id: number }>).map((row) => row.id);
    const row = db.prepare("select rubric from rubrics where startup_id = ? order by version desc limit 1").get(ids[0]) as {
      rubric: string;
    };
    return { ids, rubric: JSON.parse(row.rubric) as Record<string, unknown> };
  } finally {
    db.close();
  }
}

type Ticking = { server: RunningServer; file: string; seq: number };

async function stallSince(ticking: Ticking): Promise<number> {
  const want = ticking.seq + 1;
  process.kill(ticking.server.pid, "SIGUSR2");
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const seen = JSON.parse(readFileSync(ticking.file, "utf8")) as { seq: number; maxStallMs: number };
      if (seen.seq >= want) {
        ticking.seq = seen.seq;
        return seen.maxStallMs;
      }
    } catch {
      // Being written; read again.
    }
    await sleep(5);
  }
  throw new Error("the server's loop ticker did not answer");
}

type Measured = { action: string; answerMs: number; doneMs: number; stallMs: number; pages: number; slowestPageMs: number };

/**
 * Sends one action while another tab asks `GET /` one request after another, and follows the work
 * to its end: the answer, then Today's progress line gone.
 */
async function measure(ticking: Ticking, cookie: string, action: string, send: () => Promise<Response>): Promise<Measured> {
  const url = ticking.server.url;
  await stallSince(ticking);
  let working = true;
  const latencies: number[] = [];
  let stillRescoring = true;
  const tab = (async () => {
    while (working) {
      const started = performance.now();
      const response = await fetch(`${url}/`, { headers: { cookie, "accept-encoding": "identity" } });
      const page = await response.text();
      if (response.status !== 200) throw new Error(`GET / answered ${response.status} during ${action}`);
      latencies.push(performance.now() - started);
      stillRescoring = page.includes(PROGRESS_WORDS);
      if (TAB_PAUSE_MS > 0) await sleep(TAB_PAUSE_MS);
    }
  })();
  const started = performance.now();
  const response = await send();
  const answerMs = performance.now() - started;
  if (!response.ok) throw new Error(`${action} answered ${response.status}: ${await response.text()}`);
  await response.text();
  // A page asked after the answer must say whether the re-score still runs.
  const pagesAtAnswer = latencies.length;
  while (latencies.length <= pagesAtAnswer + 1 || stillRescoring) await sleep(20);
  const doneMs = performance.now() - started;
  working = false;
  await tab;
  const stallMs = await stallSince(ticking);
  return { action, answerMs, doneMs, stallMs, pages: latencies.length, slowestPageMs: Math.max(...latencies) };
}

async function actionsWith(startups: number, templatePath: string): Promise<Measured[]> {
  const file = join(mkdtempSync(join(tmpdir(), "ipi-actions-ticker-")), "ticker.json");
  const server = await startBuiltServer(
    { ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: copyOf(templatePath, "ipi-actions-"), LOOP_TICKER_FILE: file },
    { nodeArgs: ["--import", TICKER] },
  );
  const ticking: Ticking = { server, file, seq: 0 };
  try {
    const cookie = await signIn(server.url, PASSCODE);
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { "x-admin-passcode": PASSCODE, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const { ids, rubric } = startupsOf(server.databasePath);
    const first = ids[0]!;
    // Let the first page's own work (a cold dashboard) pass before measuring.
    await fetch(`${server.url}/`, { headers: { cookie } }).then((response) => response.text());
    const results: Measured[] = [];
    if (ids.length > 1) {
      results.push(
        await measure(ticking, cookie, "mark another startup raising now", () => api("PUT", "/api/round", { startup_id: ids[1] })),
      );
      await measure(ticking, cookie, "(back)", () => api("PUT", "/api/round", { startup_id: first }));
    }
    results.push(
      await measure(ticking, cookie, "save a rubric (email first 54)", () =>
        api("PATCH", `/api/startups/${first}/rubric`, {
          rubric: { ...rubric, thresholds: { ...(rubric.thresholds as object), email_first: 54 } },
        }),
      ),
    );
    results.push(
      await measure(ticking, cookie, "change the round's target", () => api("PUT", "/api/round", { startup_id: first, target: 3_000_000 })),
    );
    let added = 0;
    results.push(
      await measure(ticking, cookie, "add a startup", async () => {
        const response = await api("POST", "/api/startups", { name: "Added", pitch: "A pitch", sector: "fintech", stage: "seed" });
        added = ((await response.clone().json()) as { startup: { id: number } }).startup.id;
        return response;
      }),
    );
    results.push(await measure(ticking, cookie, "delete a startup", () => api("DELETE", `/api/startups/${added}`)));
    return results.map((result) => ({ ...result, action: `${result.action}, ${startups} startup${startups === 1 ? "" : "s"}` }));
  } finally {
    await server.stop();
  }
}

const f = (ms: number) => (ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

export async function runRescoreActionsBench(): Promise<void> {
  console.log(
    `\n## (q) Founder actions that re-score everyone, ${INVESTORS.toLocaleString("en")} investors × ${EVIDENCE} evidence, over HTTP\n`,
  );
  console.log(
    `load average before: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
  for (const startups of STARTUP_COUNTS) {
    const path = await template(startups);
    const floor = rawUpdate(path);
    console.log(
      `\n${startups} startup${startups === 1 ? "" : "s"}; baseline: the raw SQLite update of the same ${INVESTORS.toLocaleString("en")} rows ${f(floor)} ms`,
    );
    for (const row of await actionsWith(startups, path)) {
      console.log(
        `  ${row.action}: answered in ${f(row.answerMs)} ms (${(row.answerMs / floor).toFixed(1)}× the floor), work over at ${f(row.doneMs)} ms (${(row.doneMs / floor).toFixed(1)}×); largest stall ${f(row.stallMs)} ms (goal ≤ 50 ms); another tab's GET / answered ${row.pages} times, slowest ${f(row.slowestPageMs)} ms`,
      );
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
}

if (import.meta.main) await runRescoreActionsBench();
