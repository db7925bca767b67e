import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { AppDatabase, Db } from "#db/database.server.ts";
import { getInvestor } from "#db/queries/investor-row.server.ts";
import { investorIdRanges } from "#db/queries/investors.server.ts";
import { writeInBackground } from "#db/queries/kept.server.ts";
import {
  activeRun,
  finishStep,
  getRun,
  insertRun,
  addRunErrors,
  insertPlanRows,
  planChunks,
  planRows,
  LeaseLost,
  runItemsBetween,
  selectionCandidates,
  unfinishedRuns,
  updateRun,
} from "#db/queries/refresh.server.ts";
import type { InvestorToJudge } from "../domain/judging.ts";
import { MAX_CHAIN, leaseExpired, leaseMsFor, readyToWork } from "../domain/runs.ts";
import { type SelectionCandidate, selectInvestorsToCheck } from "../domain/selection.ts";
import { log } from "../log.server.ts";
import type { RefreshDeps } from "./refresh-deps.ts";
import { batchToJudge, type JudgedBatch, judgeBatch, signalsFor } from "./refresh-judge.server.ts";
import { searchGroup, searchInvestor } from "./refresh-search.server.ts";

/**
 * The refresh (docs/product.md#the-refresh): durable runs in the `runs` table, worked in chains of at most
 * RUN_BUDGET_SECONDS, each investor finished in one transaction that also advances the cursor,
 * so a run taken over after a crash neither repeats nor skips anyone.
 */

export type { RefreshDeps };
/** Names in one grouped search (a quieter investor costs a fifth of a credit). */
export const SEARCH_GROUP_SIZE = 5;
/** The share of a named investor's news a grouped search is planned to find (see decision 007). */
export const GROUP_SEARCH_RECALL = 0.6;

export class RefreshRefused extends Error {
  readonly status: number;
  readonly code: string;
  readonly runId: string | undefined;
  constructor(status: number, code: string, message: string, runId?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.runId = runId;
  }
}

export type StartedRun = { run_id: string; status: string; selected: number };

/** Investors read at a time while a refresh is planned, the event loop given back in between. */
const SELECTION_CHUNK = 1_000;

/** Every real investor's selection facts, read a range at a time (each range a few milliseconds). */
async function readCandidates(db: AppDatabase, now: Date): Promise<SelectionCandidate[]> {
  const candidates: SelectionCandidate[] = [];
  for (const range of investorIdRanges(db, SELECTION_CHUNK)) {
    candidates.push(...selectionCandidates(db, now, range));
    await nextTurn();
  }
  return candidates;
}

/** Plan rows saved a transaction at a time while a refresh starts, the event loop given back in between. */
const PLAN_CHUNK = 1_000;

/**
 * Runs whose plan this process is still saving, and when each save ends: the poller leaves them
 * alone until the last chunk is in, and a stopping worker waits for them. After a crash mid-plan
 * the run holds whole steps only (each chunk moves `steps` with its rows), so a takeover works
 * that shorter plan; the rest wait for the next refresh (decision 050).
 */
const planning = new Map<string, Promise<void>>();

/** Resolves once every plan this process is saving is saved (or cut short and noted on its run). */
export async function plansSaved(): Promise<void> {
  await Promise.all(planning.values());
}

/**
 * Selects the investors worth checking and queues a run. 503 without search, 409 while one is
 * active. The investors are read in ranges, and the plan saved in chunks of whole steps, each its
 * own short transaction, so a start never holds the server for long (docs/scale.md#refresh).
 */
export async function startRefresh(deps: RefreshDeps, options: { trigger: "cron" | "manual"; linkedin: boolean }): Promise<StartedRun> {
  if (!deps.search) {
    throw new RefreshRefused(503, "search_not_configured", "Web search is not configured: set TAVILY_API_KEY to refresh.");
  }
  const refuseIfActive = (db: Db) => {
    const active = activeRun(db);
    if (active) throw new RefreshRefused(409, "run_in_progress", "A refresh is already in progress.", active.runId);
  };
  refuseIfActive(deps.db);
  const now = deps.now();
  const selection = selectInvestorsToCheck(await readCandidates(deps.db, now), {
    now,
    creditBudget: deps.creditBudget,
    creditsPerInvestor: options.linkedin ? 2 : 1,
    sweep:
      (deps.searchGroupSize ?? SEARCH_GROUP_SIZE) >= 2
        ? { size: deps.searchGroupSize ?? SEARCH_GROUP_SIZE, recall: GROUP_SEARCH_RECALL }
        : undefined,
  });
  await nextTurn(); // the choice and the saving are separate short pieces, not one longer
  const chunks = planChunks(planRows(selection), deps.planChunkRows ?? PLAN_CHUNK);
  const queueLength = selection.queue.length;
  let saved = 0;
  // Each chunk leaves a plan of whole steps: `steps`, the queue's length and `selected` count what is saved.
  const saveChunk = (db: Db, runId: string, rows: (typeof chunks)[number]) => {
    insertPlanRows(deps.db, runId, rows); // the same connection, so inside the caller's transaction
    saved += rows.length;
    const steps = rows.length > 0 ? rows[rows.length - 1]![0] + 1 : 0;
    updateRun(db, runId, { steps, queueLength: Math.min(queueLength, steps), selected: saved });
  };
  const runId = deps.db.transaction(
    (t) => {
      // Another start may have won while the investors were read.
      refuseIfActive(t);
      const id = randomUUID();
      insertRun(t, {
        runId: id,
        trigger: options.trigger,
        status: "queued",
        chain: 1,
        linkedin: options.linkedin,
        createdAt: now.toISOString(),
      });
      saveChunk(t, id, chunks[0] ?? []);
      return id;
    },
    { behavior: "immediate" },
  );
  // Registered before any turn, so the poller never sees the run half-saved.
  let done = () => {};
  planning.set(runId, new Promise((resolve) => (done = resolve)));
  try {
    for (const rows of chunks.slice(1)) {
      await nextTurn();
      deps.db.transaction((t) => saveChunk(t, runId, rows));
    }
  } catch (error) {
    // A chunk that cannot be saved (a full disk, the database closing): the run keeps the whole
    // steps saved so far, is worked as it is, and says what was left out.
    const total = chunks.reduce((sum, rows) => sum + rows.length, 0);
    const reason = error instanceof Error ? error.message : String(error);
    log.error("a refresh plan was cut short", { run: runId, saved, total, error: reason });
    try {
      addRunErrors(deps.db, runId, [
        `the plan was cut at ${saved} of ${total} investors (${reason}); the others wait for the next refresh`,
      ]);
    } catch {
      // The database is closed or failing: the run's steps already say what was saved.
    }
  } finally {
    planning.delete(runId);
    done();
  }
  return { run_id: runId, status: "queued", selected: saved };
}

export type ContinueResult = { status: 202 | 200; run_id: string; chain: number };

/** Route #5: start chain `chain` of a waiting run; a repeat of an accepted chain is a no-op. */
export function continueRefresh(db: AppDatabase, runId: string, chain: number): ContinueResult {
  return db.transaction(
    (t) => {
      const run = getRun(t, runId);
      if (!run) throw new RefreshRefused(404, "not_found", `There is no run ${runId}.`);
      if (chain <= run.chain) return { status: 200, run_id: runId, chain };
      if (chain === run.chain + 1 && run.status === "waiting_chain") {
        updateRun(t, runId, { status: "queued", chain });
        return { status: 202, run_id: runId, chain };
      }
      throw new RefreshRefused(
        409,
        "chain_out_of_order",
        run.status === "waiting_chain"
          ? `This run waits for chain ${run.chain + 1}, not ${chain}.`
          : `This run is ${run.status.replace("_", " ")} at chain ${run.chain}; chain ${chain} cannot start.`,
      );
    },
    { behavior: "immediate" },
  );
}

/**
 * Takes the lease of a run that is queued, waiting for its next chain (which starts it:
 * chain + 1, or truncated past chain 50), or running under an expired lease (a takeover).
 */
export function acquireRun(deps: RefreshDeps, runId: string): boolean {
  const now = deps.now();
  const leaseMs = leaseMsFor(deps.runBudgetSeconds, deps.leaseMs);
  return deps.db.transaction(
    (t) => {
      const run = getRun(t, runId);
      if (!run) return false;
      const expired = leaseExpired(run, now, deps.owner, deps.isOwnerGone);
      if (run.status === "waiting_chain") {
        if (run.chain >= MAX_CHAIN) {
          updateRun(t, runId, { status: "truncated", finishedAt: now.toISOString(), leaseOwner: null, leaseExpiresAt: null });
          return false;
        }
        updateRun(t, runId, { chain: run.chain + 1 });
      } else if (run.status !== "queued" && !expired) {
        return false;
      }
      updateRun(t, runId, {
        status: "running",
        leaseOwner: deps.owner,
        leaseExpiresAt: new Date(now.getTime() + leaseMs).toISOString(),
        startedAt: run.startedAt ?? now.toISOString(),
      });
      if (expired) log.warn("took over a run whose lease expired", { run: runId, cursor: run.cursor });
      return true;
    },
    { behavior: "immediate" },
  );
}

/**
 * Runs that the poller should work on now: queued, waiting for a chain, or running under a
 * lease that expired or whose owner is gone.
 */
export function runsReadyToWork(db: AppDatabase, now: Date, isOwnerGone: (owner: string | null) => boolean = () => false): string[] {
  return unfinishedRuns(db, "refresh")
    .filter((run) => !planning.has(run.runId) && readyToWork(run, now, isOwnerGone))
    .map((row) => row.runId);
}

/**
 * Works one chain of a run: the queue in batches (one model call a batch, one transaction an
 * investor), then the grouped searches (one transaction a group), until the work ends, the time
 * budget is spent or the process stops. Returns the run's status afterwards.
 */
export async function workRun(deps: RefreshDeps, runId: string): Promise<string> {
  if (!acquireRun(deps, runId)) return getRun(deps.db, runId)?.status ?? "missing";
  const started = Date.now();
  const budgetMs = deps.runBudgetSeconds * 1000;
  const leaseMs = deps.leaseMs ?? Math.max(60_000, deps.runBudgetSeconds * 2_000);
  const batchSize = deps.batchSize ?? 5;
  let noModelNoted = false;

  for (;;) {
    const run = getRun(deps.db, runId)!;
    if (run.status !== "running" || run.leaseOwner !== deps.owner) return run.status;
    if (run.cursor >= run.steps) {
      updateRun(deps.db, runId, { status: "completed", finishedAt: deps.now().toISOString(), leaseOwner: null, leaseExpiresAt: null });
      return "completed";
    }
    if (Date.now() - started >= budgetMs || deps.shouldStop?.()) {
      const status = run.chain >= MAX_CHAIN ? "truncated" : "waiting_chain";
      updateRun(deps.db, runId, {
        status,
        leaseOwner: null,
        leaseExpiresAt: null,
        ...(status === "truncated" ? { finishedAt: deps.now().toISOString() } : {}),
      });
      return status;
    }

    const noteNoModel = (judged: { degraded: boolean; calls: number }, batch: InvestorToJudge[]) => {
      if (judged.degraded && judged.calls === 0 && batch.length > 0 && !noModelNoted && !run.degraded) {
        noModelNoted = true;
        return ["no language model is configured: evidence was saved unjudged and signals were derived by rule"];
      }
      return [];
    };
    // One step: the searched investors get judgements and signals; unsearched ones (budget
    // reached, search failed, deleted) are neither stamped nor counted; the cursor moves once.
    const finish = (
      cursor: number,
      ids: number[],
      searched: ReadonlySet<number>,
      batch: InvestorToJudge[],
      judged: JudgedBatch,
      errors: string[],
      llmCalls: number,
    ) => {
      const now = deps.now();
      const done = ids.filter((id) => searched.has(id) && getInvestor(deps.db, id, false) !== undefined);
      // A step's writes are background work: the founder's kept pages outlive them up to 2 s (decision 037).
      writeInBackground(deps.db, () =>
        finishStep(deps.db, {
          runId,
          cursor,
          items: done.map((investorId) => {
            const judgement = judged.judgements?.find((item) => item.investorId === investorId);
            const hadEvidence = batch.some((item) => item.id === investorId);
            return {
              investorId,
              judgements: judgement?.judgements ?? [],
              signals: signalsFor(deps, investorId, judgement, hadEvidence, now),
            };
          }),
          now,
          rules: deps.rules,
          leaseOwner: deps.owner,
          leaseMs,
          llmCalls,
          errors,
          degraded: judged.degraded && done.some((id) => batch.some((item) => item.id === id)),
        }),
      );
    };
    const noJudgement = { judgements: [], calls: 0, errors: [], degraded: false };

    try {
      if (run.cursor < run.queueLength) {
        // The queue: each investor searched alone, a batch judged together, each finished alone.
        const items = runItemsBetween(deps.db, runId, run.cursor, Math.min(run.cursor + batchSize, run.queueLength));
        const batchIds = items.map((item) => item.investorId);
        const errorsByInvestor = new Map<number, string[]>();
        const searched = new Set(items.filter((item) => item.searched).map((item) => item.investorId));
        for (const investorId of batchIds) {
          if (searched.has(investorId)) continue;
          const spent = getRun(deps.db, runId)!.searchCreditsUsed;
          if (spent + (run.linkedin ? 2 : 1) > deps.creditBudget) {
            errorsByInvestor.set(investorId, [`credit budget of ${deps.creditBudget} reached; investor ${investorId} not searched`]);
            continue;
          }
          const outcome = await searchInvestor(deps, runId, investorId, run.linkedin);
          if (outcome.searched) searched.add(investorId);
          errorsByInvestor.set(investorId, outcome.errors);
        }
        const batch = batchToJudge(
          deps,
          batchIds.filter((id) => searched.has(id)),
        );
        const judged = batch.length > 0 ? await judgeBatch(deps, batch) : noJudgement;
        const batchErrors = [...judged.errors, ...noteNoModel(judged, batch)];
        for (const [index, investorId] of batchIds.entries()) {
          finish(
            run.cursor + index,
            [investorId],
            searched,
            batch,
            judged,
            [...(index === 0 ? batchErrors : []), ...(errorsByInvestor.get(investorId) ?? [])],
            index === 0 ? judged.calls : 0,
          );
        }
      } else {
        // A grouped search: one query for the group, one model call, one transaction.
        const items = runItemsBetween(deps.db, runId, run.cursor, run.cursor + 1);
        const group = items.map((item) => item.investorId);
        let searched = new Set(items.filter((item) => item.searched).map((item) => item.investorId));
        let errors: string[] = [];
        if (searched.size < group.length) {
          const spent = getRun(deps.db, runId)!.searchCreditsUsed;
          if (spent + 1 > deps.creditBudget) {
            errors = [`credit budget of ${deps.creditBudget} reached; a group of ${group.length} investors not searched`];
          } else {
            const outcome = await searchGroup(deps, runId, group);
            if (outcome.searched) searched = new Set(group);
            errors = outcome.errors;
          }
        }
        const batch = batchToJudge(
          deps,
          group.filter((id) => searched.has(id)),
        );
        const judged = batch.length > 0 ? await judgeBatch(deps, batch) : noJudgement;
        finish(run.cursor, group, searched, batch, judged, [...judged.errors, ...noteNoModel(judged, batch), ...errors], judged.calls);
      }
    } catch (error) {
      // Another process took the run over while this step ran: stop here, it goes on there.
      if (error instanceof LeaseLost) {
        log.warn("lost the lease of a run mid-step; the other process continues it", { run: runId });
        return getRun(deps.db, runId)?.status ?? "missing";
      }
      throw error;
    }
  }
}
