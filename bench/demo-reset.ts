import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { refreshDemo, resetDemo } from "#app/jobs/demo.server.ts";
import { seedBenchData } from "./seed.ts";
import { percentile, summary } from "./stats.ts";

const STARTUPS = 5;
/** The indexes the demo reset's cascades need (migration 0004_cascade_indexes). */
const CASCADE_INDEXES = {
  evaluations_investor: "create index evaluations_investor on evaluations (investor_id)",
  startup_scores_investor: "create index startup_scores_investor on startup_scores (investor_id)",
  evidence_run: "create index evidence_run on evidence (run_id)",
};

/**
 * (h) The open demo reset (route #14) beside 10,000 real investors with 5 startups (a score and
 * an evaluation per investor per startup) and 20 demo runs. Baseline: the raw delete of the same
 * rows (demo investors, with their cascades, and demo runs), rolled back, in the same run. Also
 * shown: the reset without the cascade indexes, which is how long an anonymous reset held the
 * one process before.
 */
export function runDemoResetBench(realInvestors = 10_000): void {
  const now = new Date();
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), "ipi-bench-demo-")), "app.db"));
  migrateDatabase(db);
  seedBenchData(db, { investors: realInvestors, evidencePerInvestor: 5, now });
  const client = db.$client;
  const stamp = now.toISOString();
  client
    .transaction(() => {
      const addStartup = client.prepare(
        "insert into startups (name, pitch, sector, stage, created_at, updated_at) values (?, 'A pitch.', 'fintech', 'seed', ?, ?)",
      );
      const addScore = client.prepare(
        "insert into startup_scores (startup_id, investor_id, score, action, score_explained, updated_at) values (?, ?, 50, 'wait', '{}', ?)",
      );
      const addEvaluation = client.prepare(
        "insert into evaluations (startup_id, investor_id, relevance, reasons, created_at) values (?, ?, 0.5, 'Bench.', ?)",
      );
      const ids = (client.prepare("select id from investors where is_demo = 0").all() as Array<{ id: number }>).map((row) => row.id);
      for (let s = 0; s < STARTUPS; s++) {
        const startupId = Number(addStartup.run(`Startup ${s}`, stamp, stamp).lastInsertRowid);
        for (const id of ids) {
          addScore.run(startupId, id, stamp);
          addEvaluation.run(startupId, id, stamp);
        }
      }
    })
    .immediate();
  resetDemo(db, now, DEFAULT_RULES);
  for (let i = 0; i < 20; i++) refreshDemo(db, new Date(now.getTime() + i * 1000), DEFAULT_RULES);
  client.pragma("wal_checkpoint(TRUNCATE)");
  const demoInvestors = (client.prepare("select count(*) as n from investors where is_demo = 1").get() as { n: number }).n;

  const rawDelete = () => {
    client.exec("savepoint raw");
    client.exec("delete from investors where is_demo = 1");
    client.exec("delete from runs where trigger = 'demo'");
    client.exec("rollback to raw; release raw");
  };
  // Each reset leaves the same state (the demo set, no demo runs); refreshes put the runs back
  // between measured resets so every reset deletes them too.
  const reset = () => resetDemo(db, now, DEFAULT_RULES);
  const withRuns = (fn: () => void) => () => {
    for (let i = 0; i < 20; i++) refreshDemo(db, new Date(now.getTime() + i * 1000), DEFAULT_RULES);
    const started = performance.now();
    fn();
    return performance.now() - started;
  };
  const timed = (fn: () => number, runs: number) => {
    fn();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(fn());
    return times.sort((a, b) => a - b);
  };
  const ours = timed(withRuns(reset), 7);
  const floor = timed(withRuns(rawDelete), 7);
  for (const name of Object.keys(CASCADE_INDEXES)) client.exec(`drop index ${name}`);
  const before = timed(withRuns(reset), 3);
  for (const sql of Object.values(CASCADE_INDEXES)) client.exec(sql);

  console.log(
    `(h) demo reset (route #14), ${realInvestors.toLocaleString("en")} real investors × 5 evidence, ${STARTUPS} startups (${(realInvestors * STARTUPS).toLocaleString("en")} scores + evaluations), ${demoInvestors} demo investors, 20 demo runs`,
  );
  console.log(`    ours:                      ${summary(ours)} (goal: well under 1 s)`);
  console.log(`    raw delete of those rows:  ${summary(floor)}`);
  console.log(`    ratio:                     ${(percentile(ours, 50) / percentile(floor, 50)).toFixed(1)}× the raw delete`);
  console.log(`    without the cascade indexes (before 0004): ${summary(before)}\n`);
  client.close();
}

if (import.meta.main) runDemoResetBench();
