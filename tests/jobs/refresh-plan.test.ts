import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppDatabase } from "#db/database.server.ts";
import { type PlanRow, planChunks, readRunPlan, selectionCandidates } from "#db/queries/refresh.server.ts";
import { selectInvestorsToCheck } from "#app/domain/selection.ts";
import { GROUP_SEARCH_RECALL, SEARCH_GROUP_SIZE, plansSaved, runsReadyToWork, startRefresh, workRun } from "#app/jobs/refresh.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { testRefreshDeps } from "#tests/helpers/refresh-deps.ts";
import { judgementFor, promptOf } from "#tests/helpers/judge-fake.ts";
import { type FakeGemini, type FakeTavily, startFakeGemini, startFakeTavily } from "#tests/fakes/index.ts";
import { seedBenchData } from "../../bench/seed.ts";

/**
 * A refresh start saves its plan a chunk of whole steps at a time, the event loop given back in
 * between (docs/scale.md#refresh): with 10,000 investors one transaction of the whole plan held
 * the server 40–100 ms. Start does no network call, so the deps point nowhere.
 */
const now = new Date("2026-11-26T07:00:00Z");
let db: AppDatabase;
let tavily: FakeTavily;
let gemini: FakeGemini;

beforeAll(async () => {
  [tavily, gemini] = await Promise.all([startFakeTavily(), startFakeGemini()]);
  gemini.answerWith((body: unknown) => judgementFor(promptOf(body)));
});
afterAll(async () => {
  await Promise.all([tavily.close(), gemini.close()]);
});
beforeEach(() => {
  db = createTestDatabase().db;
});
afterEach(() => db.$client.close());

/** The plan a start should save, chosen here from the same facts, apart from the code under test. */
function expectedPlan(creditBudget: number) {
  return selectInvestorsToCheck(selectionCandidates(db, now), {
    now,
    creditBudget,
    creditsPerInvestor: 1,
    sweep: { size: SEARCH_GROUP_SIZE, recall: GROUP_SEARCH_RECALL },
  });
}

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

    const expected = expectedPlan(2_000);
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
    expect(expected.queue.length).toBeGreaterThan(1_000);
    expect(expected.sweeps.length).toBeGreaterThan(0);
    expect(final.queueLength).toBe(expected.queue.length);
    expect(plan.queue).toEqual(expected.queue);
    // The plan reads a group's investors back by id.
    expect(plan.sweeps).toEqual(expected.sweeps.map((group) => [...group].sort((a, b) => a - b)));
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

  it("keeps the whole steps saved when a chunk cannot be saved, says so on the run, and works that plan", async () => {
    seedBenchData(db, { investors: 130, evidencePerInvestor: 0, now });
    db.$client.exec("update investors set signals_checked_at = null, relationship_status = 'researching'");
    const deps = testRefreshDeps({ db, now, tavilyUrl: tavily.url, geminiUrl: gemini.url }, { creditBudget: 1_000, planChunkRows: 40 });
    const expected = expectedPlan(1_000);
    expect(expected.queue.length).toBeGreaterThan(80);
    // The second chunk (steps 40 on) fails as a full disk would.
    db.$client.exec("create temp trigger cut before insert on run_items when new.step >= 40 begin select raise(abort, 'disk full'); end");

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const started = await startRefresh(deps, { trigger: "manual", linkedin: false });
    await plansSaved();
    expect(logged.mock.calls.flat().join(" ")).toContain("a refresh plan was cut short");
    logged.mockClear(); // expected: the one line above
    expect(started.selected).toBe(40);
    const saved = sample(started.run_id)!;
    expect(saved).toMatchObject({ steps: 40, queueLength: 40, selected: 40, rows: 40, maxStep: 39, ready: true });
    const errors = db.$client.prepare("select errors from runs where run_id = ?").pluck().get(started.run_id) as string;
    expect(JSON.parse(errors)).toEqual([expect.stringMatching(/^the plan was cut at 40 of \d+ investors \(disk full\)/)]);

    expect(await workRun(deps, started.run_id)).toBe("completed");
    const done = db.$client.prepare("select cursor, investors_checked from runs where run_id = ?").get(started.run_id);
    expect(done).toEqual({ cursor: 40, investors_checked: 40 });
    expect(tavily.requests).toHaveLength(40);
  });

  it("answers 409 to a second start while the first is still saving its plan", async () => {
    seedBenchData(db, { investors: 2_600, evidencePerInvestor: 0, now });
    db.$client.exec("update investors set signals_checked_at = null, relationship_status = 'researching'");
    const deps = testRefreshDeps({ db, now, tavilyUrl: "http://127.0.0.1:9", geminiUrl: "http://127.0.0.1:9" }, { creditBudget: 5_000 });
    const first = startRefresh(deps, { trigger: "manual", linkedin: false });
    // The second reads its candidates while the first saves chunks; it must not queue a second run.
    await expect(startRefresh(deps, { trigger: "manual", linkedin: false })).rejects.toMatchObject({ status: 409 });
    // What a stopping worker waits for: the whole plan saved, before the start itself answers.
    await plansSaved();
    const runId = db.$client.prepare("select run_id from runs").pluck().get() as string;
    const saved = sample(runId)!;
    expect(saved.steps).toBe(saved.maxStep + 1);
    expect(saved.rows).toBe(expectedPlan(5_000).queue.length + expectedPlan(5_000).sweeps.flat().length);
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
