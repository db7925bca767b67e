/**
 * In-process breakdown of the longest synchronous slices of long work (the HTTP benchmark
 * measures the same stalls inside the running server): re-scoring 10,000 investors × 20 evidence
 * with 3 startups, starting a refresh over them and importing the largest CSV allowed beside them.
 * A 10 ms ticker records the largest gap.
 * `node bench/stalls.ts` runs it alone.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { App } from "#app/app.server.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { rescoreInChunks } from "#app/jobs/rescore-chunks.server.ts";
import { type RefreshDeps, startRefresh } from "#app/jobs/refresh.server.ts";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { existingForImport } from "#db/queries/import.server.ts";
import { createStartup } from "#db/queries/startups.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { memberActor } from "#app/domain/people.ts";
import { commitImportInChunks } from "#app/services/import-commit.server.ts";
import { MAX_IMPORT_ROWS, parseInvestorCsvSteps } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { finishInTurns } from "#app/services/turns.server.ts";
import { seedBenchData } from "./seed.ts";

const now = new Date();

/** Runs `work` beside a 10 ms ticker; the largest gap beyond the tick is the longest stall. */
async function largestStall(work: () => Promise<unknown> | unknown): Promise<{ stallMs: number; totalMs: number }> {
  let last = performance.now();
  let worst = 0;
  const ticker = setInterval(() => {
    const at = performance.now();
    worst = Math.max(worst, at - last - 10);
    last = at;
  }, 10);
  await new Promise((resolve) => setTimeout(resolve, 30));
  const started = performance.now();
  await work();
  const totalMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(ticker);
  return { stallMs: Math.max(0, worst), totalMs };
}

export async function runStallBench(): Promise<void> {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), "ipi-stalls-")), "app.db"));
  migrateDatabase(db);
  seedBenchData(db, { investors: 10_000, evidencePerInvestor: 20, now });
  // Checked 0–19 days ago, so a refresh has thousands worth checking.
  db.$client.prepare("update investors set signals_checked_at = datetime(?, '-' || (id % 20) || ' days')").run(now.toISOString());
  for (const sector of ["fintech", "climate", "health"]) {
    const input = { name: `Startup ${sector}`, pitch: "A pitch", sector, stage: "seed" as const, geography: "Europe" };
    createStartup(db, input, defaultRubric(input), "default", now);
  }
  const app = { db, rules: DEFAULT_RULES, now: () => now } as unknown as App;
  console.log("(k) longest event-loop stall of long work, 10,000 investors × 20 evidence, 3 startups (10 ms ticker)");
  for (let run = 0; run < 3; run++) {
    const { stallMs, totalMs } = await largestStall(() => rescoreInChunks(app));
    console.log(`    re-score everything:   largest stall ${stallMs.toFixed(1)} ms over ${totalMs.toFixed(0)} ms in all (goal ≤ 50 ms)`);
  }
  const deps = {
    db,
    rules: DEFAULT_RULES,
    now: () => now,
    runBudgetSeconds: 60,
    creditBudget: 100_000,
    search: { search: async () => ({ results: [], credits: 1 }) },
    createModel: () => undefined,
    owner: "bench",
  } as unknown as RefreshDeps;
  for (let run = 0; run < 3; run++) {
    db.$client.prepare("delete from runs").run();
    let selected = 0;
    const { stallMs, totalMs } = await largestStall(async () => {
      selected = (await startRefresh(deps, { trigger: "manual", linkedin: false })).selected;
    });
    console.log(
      `    start a refresh:       largest stall ${stallMs.toFixed(1)} ms over ${totalMs.toFixed(0)} ms, ${selected} selected (goal ≤ 50 ms)`,
    );
  }
  // The largest import a founder can send (MAX_IMPORT_ROWS).
  const rows = Array.from(
    { length: MAX_IMPORT_ROWS },
    (_, i) => `Imported Investor ${i},Firm ${i % 300},imported${i}@example.com,fintech;climate,seed,Europe`,
  );
  const csv = ["name,firm,email,sectors,stages,geographies", ...rows].join("\n");
  // The founder imports: the activity's one entry per import is part of what is measured.
  const importer = memberActor(ensureOwner(db));
  for (let run = 0; run < 3; run++) {
    db.$client.prepare("delete from investors where name like 'Imported Investor %'").run();
    let created = 0;
    const { stallMs, totalMs } = await largestStall(async () => {
      const parsed = await finishInTurns(parseInvestorCsvSteps(csv));
      created = (await commitImportInChunks(app, importer, () => planImport(parsed, existingForImport(db, parsed.rows)))).created;
    });
    console.log(
      `    import ${created.toLocaleString("en")} rows (${(csv.length / 1024).toFixed(0)} KB): largest stall ${stallMs.toFixed(1)} ms over ${totalMs.toFixed(0)} ms (goal ≤ 50 ms)`,
    );
  }
  db.$client.close();
}

if (import.meta.main) await runStallBench();
