import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppDatabase } from "#db/database.server.ts";
import { type PlanRow, planChunks, readRunPlan } from "#db/queries/refresh.server.ts";
import { runsReadyToWork, startRefresh } from "#app/jobs/refresh.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { testRefreshDeps } from "#tests/helpers/refresh-deps.ts";
import { seedBenchData } from "../../bench/seed.ts";

/**
 * A refresh start saves its plan a chunk of whole steps at a time, the event loop given back in
 * between (docs/scale.md#refresh): with 10,000 investors one transaction of the whole plan held
 * the server 40–100 ms. Start does no network call, so the deps point nowhere.
 */
const now = new Date("2026-11-26T07:00:00Z");
let db: AppDatabase;

beforeEach(() => {
  db = createTestDatabase().db;
});
afterEach(() => db.$client.close());

type Sample = { steps: number; queueLength: number; selected: number; rows: number; maxStep: number; ready: boolean };

function sample(runId: string): Sample | undefined {
  const run = db.$client.prepare("select steps, queue_length as queueLength, selected from runs where run_id = ?").get(runId) as
    | { steps: number; queueLength: number; selected: number }
    | undefined;
  if (!run) return undefined;
  const items = db.$client
    .prepare("select count(*) as rows, coalesce(max(step), -1) as maxStep from run_items where run_id = ?")
    .get(runId) as {
    rows: number;
    maxStep: number;
  };
  return { ...run, ...items, ready: runsReadyToWork(db, now).includes(runId) };
}

describe("a refresh start with thousands of investors", () => {
  it("saves the plan in chunks of whole steps, and the poller waits for the last one", async () => {
    seedBenchData(db, { investors: 2_600, evidencePerInvestor: 0, now });
    db.$client.exec("update investors set signals_checked_at = null, relationship_status = 'researching'");
    const deps = testRefreshDeps({ db, now, tavilyUrl: "http://127.0.0.1:9", geminiUrl: "http://127.0.0.1:9" }, { creditBudget: 2_000 });

    const samples: Sample[] = [];
    let runId: string | undefined;
    let done = false;
    const watch = () => {
      if (done) return;
      runId ??= (db.$client.prepare("select run_id from runs").pluck().get() as string | undefined) ?? undefined;
      const seen = runId ? sample(runId) : undefined;
      if (seen) samples.push(seen);
      setImmediate(watch);
    };
    setImmediate(watch);
    const started = await startRefresh(deps, { trigger: "manual", linkedin: false });
    done = true;

    const final = sample(started.run_id)!;
    const plan = readRunPlan(db, started.run_id, final.queueLength);
    expect(plan.queue.length).toBeGreaterThan(1_000);
    expect(plan.sweeps.length).toBeGreaterThan(0);
    expect(final).toMatchObject({ steps: plan.queue.length + plan.sweeps.length, selected: started.selected, rows: started.selected });
    expect(started.selected).toBeGreaterThan(plan.queue.length);
    expect(final.ready).toBe(true);

    // Seen between chunks: part of the plan saved, whole steps only, and nobody working it yet.
    const partial = samples.filter((seen) => seen.steps > 0 && seen.steps < final.steps);
    expect(partial.length).toBeGreaterThanOrEqual(2);
    for (const seen of partial) {
      expect(seen.ready).toBe(false);
      expect(seen.maxStep + 1).toBe(seen.steps);
      expect(seen.rows).toBe(seen.selected);
      expect(seen.queueLength).toBe(Math.min(seen.steps, plan.queue.length));
    }
  });

  it("answers 409 to a second start while the first is still saving its plan", async () => {
    seedBenchData(db, { investors: 2_600, evidencePerInvestor: 0, now });
    db.$client.exec("update investors set signals_checked_at = null, relationship_status = 'researching'");
    const deps = testRefreshDeps({ db, now, tavilyUrl: "http://127.0.0.1:9", geminiUrl: "http://127.0.0.1:9" }, { creditBudget: 5_000 });
    const first = startRefresh(deps, { trigger: "manual", linkedin: false });
    // The second reads its candidates while the first saves chunks; it must not queue a second run.
    await expect(startRefresh(deps, { trigger: "manual", linkedin: false })).rejects.toMatchObject({ status: 409 });
    await first;
    expect(db.$client.prepare("select count(*) from runs").pluck().get()).toBe(1);
  });
});

describe("plan chunks", () => {
  const rows = (steps: number[]): PlanRow[] => steps.map((step, index) => [step, index + 1, ""]);

  it("never cut a step: a group's rows stay in one chunk", () => {
    const plan = rows([0, 1, 2, 3, 3, 3, 4, 4, 5]);
    const chunks = planChunks(plan, 4);
    expect(chunks.map((chunk) => chunk.map((row) => row[0]))).toEqual([
      [0, 1, 2, 3, 3, 3],
      [4, 4, 5],
    ]);
    expect(chunks.flat()).toEqual(plan);
  });

  it("keep every row once, in order, whatever the size", () => {
    const plan = rows([0, 1, 1, 2, 3, 3, 3, 3, 4]);
    for (const size of [1, 2, 3, 100]) {
      const chunks = planChunks(plan, size);
      expect(chunks.flat()).toEqual(plan);
      for (const [index, chunk] of chunks.entries()) {
        expect(chunk.length).toBeGreaterThan(0);
        if (index > 0) expect(chunk[0]![0]).toBeGreaterThan(chunks[index - 1]!.at(-1)![0]);
      }
    }
    expect(planChunks([], 10)).toEqual([]);
  });
});
