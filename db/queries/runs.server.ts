import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../database.server.ts";
import { runs } from "../schema.ts";

export type RunRow = typeof runs.$inferSelect;

/** The most recent refresh of one side: demo runs for the demo dashboard, the others for the real one. */
export function latestRun(db: Db, demo: boolean): RunRow | undefined {
  return db
    .select()
    .from(runs)
    .where(and(eq(runs.kind, "refresh"), demo ? eq(runs.trigger, "demo") : ne(runs.trigger, "demo")))
    .orderBy(desc(runs.createdAt))
    .limit(1)
    .get();
}

export function listRuns(db: Db, limit = 50): RunRow[] {
  return db.select().from(runs).where(ne(runs.trigger, "demo")).orderBy(desc(runs.createdAt)).limit(limit).all();
}

/** What the dashboard and /runs show of a run. */
export function runSummary(run: RunRow) {
  return {
    runId: run.runId,
    kind: run.kind,
    trigger: run.trigger,
    status: run.status,
    chain: run.chain,
    selected: run.selected,
    checked: run.investorsChecked,
    evidenceAdded: run.evidenceAdded,
    credits: run.searchCreditsUsed,
    llmCalls: run.llmCalls,
    dealsFound: run.dealsFound,
    investorsFound: run.investorsFound,
    errors: run.errors,
    degraded: run.degraded,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}
export type RunSummary = ReturnType<typeof runSummary>;
