import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { systemActor } from "#app/domain/people.ts";
import { modelFromConfig } from "#app/integrations/model.server.ts";
import { createTavilySearch } from "#app/integrations/search.server.ts";
import { startRefresh, workRun } from "#app/jobs/refresh.server.ts";
import { judgementFor, promptOf } from "#tests/helpers/judge-fake.ts";
import { startFakeGemini, startFakeTavily } from "#tests/fakes/index.ts";

/**
 * The refresh's own cost per investor, with the fakes answering at once: search client,
 * saving, prompt building, validation, the per-investor transaction and re-score. Baseline: the
 * two bare HTTP round trips (one search, a fifth of a model call) to the same fakes.
 */
export async function runRefreshOverheadBench(investorCount = 200): Promise<void> {
  const [tavily, gemini] = await Promise.all([startFakeTavily(), startFakeGemini()]);
  gemini.answerWith((body: unknown) => judgementFor(promptOf(body)));
  try {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), "ipi-bench-refresh-")), "app.db"));
    migrateDatabase(db);
    const now = new Date();
    for (let i = 0; i < investorCount; i++) {
      createInvestor(
        db,
        { name: `Bench Investor ${i}`, firm: `Firm ${i}`, kind: "fund", sectors: [], stages: [], geographies: [] },
        { now, actor: systemActor("discovery"), rules: DEFAULT_RULES },
      );
    }
    const deps = {
      db,
      rules: DEFAULT_RULES,
      now: () => new Date(),
      runBudgetSeconds: 3_600,
      creditBudget: 10_000,
      search: createTavilySearch({ apiKey: "bench", baseUrl: tavily.url, retries: 0 }),
      createModel: (onCall: Parameters<typeof modelFromConfig>[1]) =>
        modelFromConfig({ GEMINI_API_KEY: "bench", GEMINI_MODEL: "gemini-bench", GEMINI_BASE_URL: gemini.url }, onCall),
      owner: "bench",
    };
    const started = await startRefresh(deps, { trigger: "manual", linkedin: false });
    const t0 = performance.now();
    await workRun(deps, started.run_id);
    const total = performance.now() - t0;
    const run = db.$client.prepare("select investors_checked, llm_calls from runs where run_id = ?").get(started.run_id) as {
      investors_checked: number;
      llm_calls: number;
    };

    // Baseline: the same HTTP traffic without any of our work around it.
    const b0 = performance.now();
    for (let i = 0; i < investorCount; i++) {
      await fetch(`${tavily.url}/search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: `"Bench Investor ${i}"`, include_usage: true }),
      });
      if (i % 5 === 0) {
        await fetch(`${gemini.url}/v1beta/models/gemini-bench:generateContent`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ contents: [{ parts: [{ text: "" }] }] }),
        });
      }
    }
    const baseline = performance.now() - b0;
    const perInvestor = total / run.investors_checked;
    const basePerInvestor = baseline / investorCount;
    console.log(`(e) refresh, ${run.investors_checked} investors against the fakes at zero latency`);
    console.log(
      `    per investor: ${perInvestor.toFixed(2)} ms in all; bare HTTP to the fakes ${basePerInvestor.toFixed(2)} ms; our overhead ${(perInvestor - basePerInvestor).toFixed(2)} ms (goal ≤ 5 ms)`,
    );
    console.log(`    model calls per investor checked: ${(run.llm_calls / run.investors_checked).toFixed(2)} (goal ≤ 0.25)\n`);
    db.$client.close();
  } finally {
    await Promise.all([tavily.close(), gemini.close()]);
  }
}
