import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { SelectionCandidate } from "#app/domain/selection.ts";
import type { EvidenceJudgement } from "#app/domain/judging.ts";
import { type SignalWrite, signalColumns } from "#app/domain/signals.ts";
import type { ScoringRules } from "#app/domain/scoring.ts";
import { refreshFinding, systemActor } from "#app/domain/people.ts";
import { type AppDatabase, type Db, keptQuery } from "../database.server.ts";
import { evidence, investors, runItems, runs } from "../schema.ts";
import { recordActivity } from "./activity.server.ts";
import { ALL_IDS, type IdRange, readHeadline, rescoreInvestor } from "./investors.server.ts";
import type { RunRow } from "./runs.server.ts";

export const ACTIVE_RUN_STATUSES = ["queued", "running", "waiting_chain"] as const;

export function activeRun(db: Db): RunRow | undefined {
  return db
    .select()
    .from(runs)
    .where(and(eq(runs.kind, "refresh"), inArray(runs.status, [...ACTIVE_RUN_STATUSES]), sql`${runs.trigger} != 'demo'`))
    .get();
}

/** Read before every step of a run, so built once. */
export function getRun(db: Db, runId: string): RunRow | undefined {
  return keptQuery(db, "refresh-run", (d) =>
    d
      .select()
      .from(runs)
      .where(and(eq(runs.runId, sql.placeholder("runId")), eq(runs.kind, "refresh"), sql`${runs.trigger} != 'demo'`))
      .prepare(),
  ).get({ runId });
}

/** Any run's row by id, for the lease checks inside a step's transaction: `.get({ runId })`. */
function runById(db: Db) {
  return keptQuery(db, "run-by-id", (d) =>
    d
      .select()
      .from(runs)
      .where(eq(runs.runId, sql.placeholder("runId")))
      .prepare(),
  );
}

/** A run keeps its last 200 error lines. */
function withErrors(kept: string[], added: readonly string[]): string[] {
  return added.length ? [...kept, ...added].slice(-200) : kept;
}

/** Adds lines to a run's errors (a step's own go in with finishStep, in its transaction). */
export function addRunErrors(db: Db, runId: string, lines: readonly string[]): void {
  const run = getRun(db, runId);
  if (run) updateRun(db, runId, { errors: withErrors(run.errors, lines) });
}

/** A new run's row (its plan's first rows go in with insertPlanRows, in the same transaction). */
export function insertRun(db: Db, run: typeof runs.$inferInsert): void {
  db.insert(runs).values(run).run();
}

/** Writes the given columns of one run: each move of its state (queued, running, waiting, finished). */
export function updateRun(db: Db, runId: string, set: Partial<typeof runs.$inferInsert>): void {
  db.update(runs).set(set).where(eq(runs.runId, runId)).run();
}

/** Real refresh runs that are not finished, with what the poller needs to decide whether to work on them. */
/** The unfinished runs of one kind (a demo run is never worked by the poller), with their leases. */
export function unfinishedRuns(db: Db, kind: "refresh" | "discovery") {
  return db
    .select({ runId: runs.runId, status: runs.status, leaseOwner: runs.leaseOwner, leaseExpiresAt: runs.leaseExpiresAt })
    .from(runs)
    .where(and(eq(runs.kind, kind), sql`${runs.trigger} != 'demo'`, inArray(runs.status, ["queued", "waiting_chain", "running"])))
    .all();
}

export type RunItem = { step: number; investorId: number; searched: boolean };

/** The plan rows of steps [from, to): each investor once, in step order. */
export function runItemsBetween(db: AppDatabase, runId: string, from: number, to: number): RunItem[] {
  return db.$client
    .prepare(
      "select step, investor_id as investorId, searched from run_items where run_id = ? and step >= ? and step < ? order by step, investor_id",
    )
    .all(runId, from, to)
    .map((row) => {
      const item = row as { step: number; investorId: number; searched: number };
      return { step: item.step, investorId: item.investorId, searched: item.searched === 1 };
    });
}

/** A run's whole plan as lists (the run page and tests read it; a step reads only its own rows). */
export function readRunPlan(db: AppDatabase, runId: string, queueLength: number) {
  const rows = db.$client
    .prepare("select step, investor_id, reason, searched from run_items where run_id = ? order by step, investor_id")
    .all(runId) as Array<{ step: number; investor_id: number; reason: string; searched: number }>;
  const queue: number[] = [];
  const sweeps: number[][] = [];
  const reasons: Record<number, string> = {};
  for (const row of rows) {
    if (row.step < queueLength) queue.push(row.investor_id);
    else {
      const group = sweeps[row.step - queueLength] ?? [];
      group.push(row.investor_id);
      sweeps[row.step - queueLength] = group;
    }
    reasons[row.investor_id] = row.reason;
  }
  return { queue, sweeps, reasons, searched: rows.filter((row) => row.searched === 1).map((row) => row.investor_id) };
}

/** One row of a plan: [step, investor id, reason]. */
export type PlanRow = [step: number, investorId: number, reason: string];

/** A new run's plan as rows in step order: the queue one step an investor, then one step a group. */
export function planRows(plan: {
  queue: readonly number[];
  sweeps: readonly (readonly number[])[];
  reasons: Readonly<Record<number, string>>;
}): PlanRow[] {
  const rows: PlanRow[] = plan.queue.map((id, step) => [step, id, plan.reasons[id] ?? ""]);
  for (const [index, group] of plan.sweeps.entries()) {
    for (const id of group) rows.push([plan.queue.length + index, id, plan.reasons[id] ?? ""]);
  }
  return rows;
}

/**
 * Plan rows cut into chunks of about `size` rows, never inside a step (a group's rows stay
 * together), so each chunk saved leaves a plan of whole steps.
 */
export function planChunks(rows: readonly PlanRow[], size: number): PlanRow[][] {
  const chunks: PlanRow[][] = [];
  let from = 0;
  while (from < rows.length) {
    let to = Math.min(from + size, rows.length);
    while (to < rows.length && rows[to]![0] === rows[to - 1]![0]) to++;
    chunks.push(rows.slice(from, to));
    from = to;
  }
  return chunks;
}

/** Saves plan rows of a run: one statement for the chunk (1,000 rows in one call instead of 1,000 calls). */
export function insertPlanRows(db: AppDatabase, runId: string, rows: readonly PlanRow[]): void {
  db.$client
    .prepare("insert into run_items (run_id, step, investor_id, reason) select ?, value ->> 0, value ->> 1, value ->> 2 from json_each(?)")
    .run(runId, JSON.stringify(rows));
}

/**
 * What selection needs to know about the real investors whose id is in `range`, including how
 * often news appears (counted from the evidence_news_at index alone).
 */
export function selectionCandidates(db: AppDatabase, now: Date, range: IdRange = ALL_IDS): SelectionCandidate[] {
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  return db.$client
    .prepare(
      `select i.id, i.relationship_status, i.score, i.signal_activity, i.signals_checked_at, i.last_contact_date,
              (select count(*) from evidence e where e.investor_id = i.id and coalesce(e.published_at, e.found_at) >= ?) as recent_news_count,
              (select max(coalesce(e.published_at, e.found_at)) from evidence e where e.investor_id = i.id) as last_news_at
         from investors i where i.is_demo = 0 and i.id between ? and ?`,
    )
    .all(since, range.from, range.to) as SelectionCandidate[];
}

export type FoundPage = { url: string; title: string; content: string; publishedAt: string | null; source: "news" | "linkedin" };

export function contentHash(title: string, content: string): string {
  return createHash("sha256")
    .update(`${title.trim().toLowerCase()}\n${content.replace(/\s+/g, " ").trim().toLowerCase()}`)
    .digest("hex");
}

/**
 * Saves search results at once as unjudged evidence, dropping what is already saved (same URL
 * or same content), adds the credits to the run and marks the investors searched — one
 * transaction, so a crash after it never pays for the same search again. A grouped search saves
 * the pages of several investors (each page under every investor it names).
 */
export function saveSearchResults(
  db: Db,
  input: { runId: string; investorId: number; pages: FoundPage[]; credits: number; now: Date; leaseOwner?: string },
): number {
  return saveGroupSearchResults(db, {
    runId: input.runId,
    pagesByInvestor: new Map([[input.investorId, input.pages]]),
    searchedIds: [input.investorId],
    credits: input.credits,
    now: input.now,
    leaseOwner: input.leaseOwner,
  });
}

/** Thrown inside a step's transaction when another process holds the run now: nothing is written. */
export class LeaseLost extends Error {}

export function saveGroupSearchResults(
  db: Db,
  input: {
    runId: string;
    pagesByInvestor: Map<number, FoundPage[]>;
    searchedIds: number[];
    credits: number;
    now: Date;
    leaseOwner?: string;
  },
): number {
  return db.transaction((tx) => {
    if (input.leaseOwner !== undefined) {
      const holder = runById(tx).get({ runId: input.runId });
      if (holder?.leaseOwner !== input.leaseOwner) throw new LeaseLost(`run ${input.runId} is held by another process`);
    }
    let added = 0;
    for (const [investorId, pages] of input.pagesByInvestor) {
      for (const page of pages) {
        const result = insertEvidence(tx).run({
          investorId,
          url: page.url,
          title: page.title.slice(0, 500),
          excerpt: page.content.slice(0, 4_000),
          source: page.source,
          publishedAt: page.publishedAt,
          foundAt: input.now.toISOString(),
          runId: input.runId,
          contentHash: contentHash(page.title, page.content),
        });
        added += result.changes;
      }
    }
    tx.update(runs)
      .set({
        searchCreditsUsed: sql`${runs.searchCreditsUsed} + ${input.credits}`,
        evidenceAdded: sql`${runs.evidenceAdded} + ${added}`,
      })
      .where(eq(runs.runId, input.runId))
      .run();
    tx.update(runItems)
      .set({ searched: true })
      .where(and(eq(runItems.runId, input.runId), inArray(runItems.investorId, input.searchedIds)))
      .run();
    return added;
  });
}

/** A found page saved as unjudged evidence, unless saved already (same URL or content): several a searched investor, so built once. */
function insertEvidence(db: Db) {
  const value = (name: string) => sql.placeholder(name);
  return keptQuery(db, "evidence-found", (d) =>
    d
      .insert(evidence)
      .values({
        investorId: value("investorId"),
        url: value("url"),
        title: value("title"),
        excerpt: value("excerpt"),
        source: value("source"),
        publishedAt: value("publishedAt"),
        foundAt: value("foundAt"),
        runId: value("runId"),
        contentHash: value("contentHash"),
      })
      .onConflictDoNothing()
      .prepare(),
  );
}

export function unjudgedEvidence(db: Db, investorId: number) {
  return keptQuery(db, "evidence-unjudged", (d) =>
    d
      .select()
      .from(evidence)
      .where(and(eq(evidence.investorId, sql.placeholder("investorId")), isNull(evidence.judgedAt)))
      .prepare(),
  ).all({ investorId });
}

export function evidenceDates(db: Db, investorId: number) {
  return keptQuery(db, "evidence-dates", (d) =>
    d
      .select({ published_at: evidence.publishedAt, found_at: evidence.foundAt })
      .from(evidence)
      .where(eq(evidence.investorId, sql.placeholder("investorId")))
      .prepare(),
  ).all({ investorId });
}

/**
 * One step of a run, in one transaction: for each investor of the step (one from the queue, or a
 * searched group) store the judgements, write the signal columns (and only those) and re-score;
 * then advance the run's cursor past the step.
 */
export function finishStep(
  db: Db,
  input: {
    runId: string;
    /** The cursor this step started at: the step is written only if the run is still there. */
    cursor: number;
    items: Array<{ investorId: number; judgements: EvidenceJudgement[]; signals: SignalWrite }>;
    now: Date;
    rules: ScoringRules;
    leaseOwner: string;
    leaseMs: number;
    llmCalls: number;
    errors: string[];
    degraded: boolean;
  },
): void {
  db.transaction((t) => {
    const stamp = input.now.toISOString();
    // Read once for the step: a searched group re-scores several investors (decision 039).
    const headline = readHeadline(t);
    for (const item of input.items) {
      for (const judgement of item.judgements) {
        t.update(evidence)
          .set({ category: judgement.category, relevance: judgement.relevance, summary: judgement.summary, judgedAt: stamp })
          .where(and(eq(evidence.id, judgement.evidenceId), eq(evidence.investorId, item.investorId)))
          .run();
      }
      const real = t
        .update(investors)
        .set(signalColumns(item.signals))
        .where(and(eq(investors.id, item.investorId), eq(investors.isDemo, false)))
        .returning({ name: investors.name })
        .get();
      // What it found, said once per investor per run by the refresh (decision 061): no user-owned column is written.
      const found = real ? refreshFinding(item.judgements) : null;
      if (real && found) recordActivity(t, systemActor("refresh"), { investorId: item.investorId, subject: real.name }, [found], input.now);
      rescoreInvestor(t, item.investorId, input.now, input.rules, headline);
    }
    const run = runById(t).get({ runId: input.runId })!;
    // Fencing: a process that lost its lease (a step slower than the lease) must not move the
    // cursor a second time; its whole step rolls back.
    if (run.leaseOwner !== input.leaseOwner || run.cursor !== input.cursor || run.status !== "running") {
      throw new LeaseLost(`run ${input.runId} moved on without this process`);
    }
    t.update(runs)
      .set({
        cursor: run.cursor + 1,
        investorsChecked: run.investorsChecked + input.items.length,
        llmCalls: run.llmCalls + input.llmCalls,
        errors: withErrors(run.errors, input.errors),
        degraded: run.degraded || input.degraded,
        leaseOwner: input.leaseOwner,
        leaseExpiresAt: new Date(input.now.getTime() + input.leaseMs).toISOString(),
      })
      .where(eq(runs.runId, input.runId))
      .run();
  });
}
