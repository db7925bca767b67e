/**
 * Benchmarks (npm run bench). Each prints its figures beside a baseline measured in the same run.
 * (a) re-score 10,000 investors × 20 evidence vs the raw SQLite floor;
 * (b) the dashboard loader with 5,000 investors; (c) the palette's search with 10,000 investors;
 * (d) the palette's keystroke-to-paint time in Chromium with 10,000 investors (bench/palette.ts);
 * (e) the refresh's overhead per investor against zero-latency fakes (bench/refresh-overhead.ts);
 * (f) the selection simulation: important news found within 4 days per credit (bench/selection-sim.ts);
 * (g) compression: the dashboard's first-load JS compressed vs the 150 KB goal, its HTML (bench/compression.ts);
 * (h) the open demo reset beside 10,000 real investors and 5 startups vs the raw delete (bench/demo-reset.ts;
 *     `node bench/demo-reset.ts` runs it alone).
 * (k) the longest event-loop stall of long work in-process: re-score, refresh start, a 5,000-row import
 *     (bench/stalls.ts; `node bench/stalls.ts` runs it alone), a breakdown of (i)'s stall rows.
 * (l) a first mail sync of 10,000 messages against a private Dovecot beside imapflow alone fetching the same
 *     header fields (bench/mail-sync.ts; `npx node bench/mail-sync.ts` runs it alone, `--no-mail` leaves it out).
 * (m) parsing pathological header values (a `((((…` Message-ID, Date, address list) at 10 KB, 100 KB and 1 MB, with
 *     the ratio per tenfold step that shows linear growth (bench/mail-parse.ts; `node bench/mail-parse.ts` runs it alone).
 * (x) paths from mail (issue 37): building paths from 100,000 header records (the sync's parsing, contacts and pair
 *     counts, then the paths) beside the same sync without pair counts, readMessage alone on the same records and the
 *     raw SQLite floor for as many pair rows (bench/intro-mail.ts; `npx node bench/intro-mail.ts` runs it alone,
 *     `--no-intro-mail` leaves it out).
 * (n) importing 20,000 rows of a real-looking list through the built server over HTTP (time, the server's peak RSS)
 *     and the preview of the largest file allowed, each beside csv-parse alone on the same bytes (bench/import.ts;
 *     `npx node bench/import.ts` runs it alone, `--no-import` leaves it out).
 * (o) memory: the server's RSS with 10,000 investors after rounds of load, with the malloc settings every start
 *     uses beside glibc's defaults, alternated in the same run (bench/memory.ts; `npx node bench/memory.ts` runs it
 *     alone, `--no-memory` leaves it out).
 * (p) discovery's extractors on the labelled set of funding announcements: the rules' precision and recall of investor
 *     names, the model path against a fake model's answers, the scanners on pathological text (bench/discovery.ts;
 *     `npx node bench/discovery.ts` runs it alone).
 * (q) the founder's actions that re-score everyone (decision 039: a rubric, the round's target, another startup
 *     raising now, a startup added or deleted) over HTTP with 10,000 investors × 20 evidence: the answer's wait, the
 *     largest stall, another tab's GET / meanwhile, beside the raw SQLite update of the same rows
 *     (bench/rescore-actions.ts; `npx node bench/rescore-actions.ts` runs it alone, `--no-actions` leaves it out).
 * (u) a day of mixed load at 25,000 investors: pages, API edits, 50-row imports and the search feed at once for 10
 *     minutes (MIXED_MINUTES), GET / p95 per minute beside a static file's, RSS every 10 s (bench/mixed.ts;
 *     `npx node bench/mixed.ts` runs it alone, `--no-mixed` leaves it out).
 * (v) the team (issue 36): GET / with 5,000 investors for two members signed in at once, as browsers ask, beside
 *     the static file; the cost of the activity writes on a 20,000-row import and per investor edit (bench/team.ts;
 *     `npx node bench/team.ts` runs it alone, `--no-team` leaves it out).
 * (w) warm paths (decision 065): Today's lists and the re-score at 5,000 investors, without paths and with two each
 *     (bench/warm-paths.ts; `npx node bench/warm-paths.ts` runs it alone); GET / with intro paths for 5,000 investors
 *     beside the same investors without one and the static file, as browsers ask (bench/warm-page.ts; `npx node
 *     bench/warm-page.ts` runs it alone, `--no-warm` leaves both out).
 * (y) deck links in public (issue 38): 50 viewers reading a 10-page deck beside the founder's GET / and the
 *     stylesheet, then 100,000 guessed tokens against the ceiling (bench/deck-viewer.ts; `npx node
 *     bench/deck-viewer.ts` runs it alone, `--no-deck` leaves it out).
 * (i) first, the headline: the built server over HTTP under load, beside a static asset from the same server
 *     (bench/http.ts; `npx node bench/http.ts` runs it alone, `--no-http` leaves it out). Where it and the
 *     in-process figures above disagree, it is what users feel; (a)–(c) are breakdowns.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { loadDashboard } from "#db/queries/dashboard.server.ts";
import { rescoreAllInvestors } from "#db/queries/investors.server.ts";
import { searchInvestorRows } from "#db/queries/investor-search.server.ts";
import { parseDashboardQuery } from "#app/domain/dashboard-query.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { runCompressionBench } from "./compression.ts";
import { runDeckViewerBench } from "./deck-viewer.ts";
import { runDemoResetBench } from "./demo-reset.ts";
import { runDiscoveryBench } from "./discovery.ts";
import { runIntroMailBench } from "./intro-mail.ts";
import { runStallBench } from "./stalls.ts";
import { runHttpBench } from "./http.ts";
import { runMixedBench } from "./mixed.ts";
import { runImportBench } from "./import.ts";
import { runTeamBench } from "./team.ts";
import { runWarmPageBench } from "./warm-page.ts";
import { runTownsBench } from "./towns.ts";
import { runWarmPathsBench } from "./warm-paths.ts";
import { runMemoryBench } from "./memory.ts";
import { runMailParseBench } from "./mail-parse.ts";
import { runMailSyncBench } from "./mail-sync.ts";
import { runPaletteBench } from "./palette.ts";
import { runRefreshOverheadBench } from "./refresh-overhead.ts";
import { runRescoreActionsBench } from "./rescore-actions.ts";
import { printSimulation, runSelectionSimulation } from "./selection-sim.ts";
import { seedBenchData } from "./seed.ts";
import { DOVECOT_BINARY } from "#tests/helpers/dovecot.ts";
import { measure, percentile, summary } from "./stats.ts";

const now = new Date();

function freshDatabase(investors: number, evidencePerInvestor: number) {
  const path = join(mkdtempSync(join(tmpdir(), "ipi-bench-")), "app.db");
  const db = openDatabase(path);
  migrateDatabase(db);
  seedBenchData(db, { investors, evidencePerInvestor, now });
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  return { db, path };
}

/** The floor: the scan and the writes re-score cannot avoid, with no scoring logic at all. */
function rawFloor(db: ReturnType<typeof openDatabase>): void {
  const client = db.$client;
  const scanEvidence = client.prepare("select investor_id, published_at, found_at, category, relevance from evidence order by investor_id");
  const scanInvestors = client.prepare(
    "select id, relationship_status, last_contact_date, signal_activity, signal_fit, signal_red_flag from investors order by id",
  );
  const write = client.prepare("update investors set score = ?, action = ?, score_explained = ? where id = ?");
  const explained = JSON.stringify({ total: 50, components: [], action_reason: "floor" });
  client
    .transaction(() => {
      let sum = 0;
      for (const row of scanEvidence.iterate() as IterableIterator<{ relevance: number | null }>) sum += row.relevance ?? 0;
      for (const row of scanInvestors.all() as Array<{ id: number }>) write.run(50, "wait", explained, row.id);
      return sum;
    })
    .immediate();
}

console.log("# Investor Pipeline benchmarks\n");

if (!process.argv.includes("--no-http")) await runHttpBench();

{
  const { db } = freshDatabase(10_000, 20);
  const ours = measure(() => rescoreAllInvestors(db, now, DEFAULT_RULES), 7, 1);
  const floor = measure(() => rawFloor(db), 7, 1);
  const ratio = percentile(ours, 50) / percentile(floor, 50);
  console.log("(a) re-score, 10,000 investors × 20 evidence (200,000 rows)");
  console.log(`    ours:      ${summary(ours)}`);
  console.log(`    raw floor: ${summary(floor)}`);
  console.log(`    ratio:     ${ratio.toFixed(2)}× the floor (goal ≤ 2×)\n`);
  db.$client.close();
}

{
  const { db } = freshDatabase(5_000, 5);
  const query = parseDashboardQuery(new URLSearchParams());
  const filtered = parseDashboardQuery(new URLSearchParams("q=ada&action=wait&sort=name&dir=asc&page=2"));
  const floor = measure(() => db.$client.prepare("select * from investors where is_demo = 0 order by score desc limit 50").all(), 50);
  const plain = measure(() => loadDashboard(db, false, query), 50);
  const withFilters = measure(() => loadDashboard(db, false, filtered), 50);
  console.log("(b) dashboard loader, 5,000 investors");
  console.log(`    default view:   ${summary(plain)}`);
  console.log(`    filtered view:  ${summary(withFilters)}`);
  console.log(
    `    baseline (one page of rows, raw SQL): ${summary(floor)}; ratio ${(percentile(plain, 50) / percentile(floor, 50)).toFixed(1)}×\n`,
  );
  db.$client.close();
}

{
  const { db, path } = freshDatabase(10_000, 0);
  const floor = measure(() => db.$client.prepare("select id, name, firm, score, action from investors where is_demo = 0").all(), 30);
  console.log("(c) the palette's search, 10,000 investors (decision 066: an answer is at most 50 investors)");
  const first = measure(() => searchInvestorRows(db, false, "ada", 20), 1, 0);
  console.log(`    first search (the index read whole): ${summary(first)}`);
  const searches = ["a", "ad", "ada", "ada lo", "zoe", "kwame 12", "lumen"];
  const search = measure(() => {
    for (const query of searches) searchInvestorRows(db, false, query, 20);
  }, 30);
  console.log(`    a keystroke's search (mean of ${searches.length} queries): ${summary(search.map((ms) => ms / searches.length))}`);
  const update = db.$client.prepare("update investors set score = (score + 1) % 100 where id = ?");
  const afterEdit = measure(() => {
    update.run(1 + Math.floor(Math.random() * 10_000));
    searchInvestorRows(db, false, "ada", 20);
  }, 30);
  console.log(`    an edit, then a search (the written row read again): ${summary(afterEdit)}`);
  console.log(`    baseline (raw select of every investor, what the old feed read per write): ${summary(floor)}`);
  const body = JSON.stringify({ items: searchInvestorRows(db, false, "a", 50) });
  console.log(`    largest answer: ${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB (50 investors)\n`);
  db.$client.close();

  if (process.argv.includes("--no-browser")) {
    console.log("(d) skipped (--no-browser)\n");
  } else {
    await runPaletteBench(path);
    console.log("");
  }
  await runCompressionBench(path, 10_000);
  console.log("");
}

await runRefreshOverheadBench();

runDemoResetBench();

await runStallBench();
console.log("");

if (process.argv.includes("--no-mail")) {
  console.log("(l) skipped (--no-mail)\n");
} else if (!existsSync(DOVECOT_BINARY)) {
  console.log(`(l) skipped: ${DOVECOT_BINARY} is missing (node scripts/ensure-test-tools.ts installs it)\n`);
} else {
  await runMailSyncBench();
  console.log("");
}

runMailParseBench();
if (!process.argv.includes("--no-intro-mail")) await runIntroMailBench();
console.log("");
await runDiscoveryBench();

if (!process.argv.includes("--no-import")) await runImportBench();
if (!process.argv.includes("--no-towns")) await runTownsBench();
if (!process.argv.includes("--no-mixed")) await runMixedBench();
if (!process.argv.includes("--no-team")) await runTeamBench();
if (!process.argv.includes("--no-warm")) {
  runWarmPathsBench();
  await runWarmPageBench();
}
if (!process.argv.includes("--no-deck")) await runDeckViewerBench();
if (!process.argv.includes("--no-memory")) await runMemoryBench();
if (!process.argv.includes("--no-actions")) await runRescoreActionsBench();
console.log("");

printSimulation(runSelectionSimulation());
