import { randomUUID } from "node:crypto";
import type { AppDatabase } from "#db/database.server.ts";
import {
  activeDiscovery,
  discoveryCreditsSince,
  getDiscoveryRun,
  nextUnreadItem,
  saveFetchedItems,
  saveItemDeals,
} from "#db/queries/discovery.server.ts";
import { insertRun, LeaseLost, unfinishedRuns, updateRun } from "#db/queries/refresh.server.ts";
import { leaseExpired, leaseMsFor, readyToWork } from "../domain/runs.ts";
import { latestRubric, listStartups } from "#db/queries/startups.server.ts";
import { type Deal, dealSchema, newsItemSchema, type NewsItem } from "../domain/discovery/deal.ts";
import type { ScoringRules } from "../domain/scoring.ts";
import { log } from "../log.server.ts";
import type { DiscoverySources } from "./discovery-sources.ts";
import { RefreshRefused } from "./refresh.server.ts";

/**
 * The discovery run (docs/product.md#discovery, decision 034): a `discovery` row in `runs`, worked
 * like a refresh under a lease. It fetches its sources once (the items saved with the fetch's
 * stamp), then reads the unread items one at a time, each item's deals saved with the item marked
 * read in one transaction, so a run taken over after a crash reads each item exactly once.
 */

export type DiscoveryDeps = {
  db: AppDatabase;
  rules: ScoringRules;
  now: () => Date;
  sources: DiscoverySources;
  creditBudget: number;
  runBudgetSeconds: number;
  owner: string;
  leaseMs?: number;
  shouldStop?: () => boolean;
  isOwnerGone?: (owner: string | null) => boolean;
};

/** Deals read out of one item at most; an extractor's answer past it is cut. */
const MAX_DEALS_PER_ITEM = 20;
const WEEK_MS = 7 * 86_400_000;
/** Items a run reads at most: a source that hands over more is cut, not trusted. */
export const MAX_ITEMS_PER_RUN = 2_000;

/** A deal an extractor hands back that fails the contract is dropped, never saved half-checked. */
function checkedDeals(deals: readonly unknown[]): { deals: Deal[]; dropped: number } {
  const checked: Deal[] = [];
  const considered = deals.slice(0, MAX_DEALS_PER_ITEM);
  for (const deal of considered) {
    const parsed = dealSchema.safeParse(deal);
    if (parsed.success) checked.push(parsed.data);
  }
  return { deals: checked, dropped: considered.length - checked.length };
}

/** Queues a discovery run; 409 while one is active (the database's unique index is the last word). */
export function startDiscovery(deps: Pick<DiscoveryDeps, "db" | "now">, trigger: "cron" | "manual"): { run_id: string } {
  return deps.db.transaction(
    (t) => {
      const active = activeDiscovery(t);
      if (active) throw new RefreshRefused(409, "run_in_progress", "A discovery run is already in progress.", active.runId);
      const runId = randomUUID();
      insertRun(t, { runId, kind: "discovery", trigger, status: "queued", createdAt: deps.now().toISOString() });
      return { run_id: runId };
    },
    { behavior: "immediate" },
  );
}

function leaseMsOf(deps: DiscoveryDeps): number {
  return leaseMsFor(deps.runBudgetSeconds, deps.leaseMs);
}

/** Takes the lease of a discovery that is queued, waiting, or running under a lease expired or whose owner is gone. */
export function acquireDiscovery(deps: DiscoveryDeps, runId: string): boolean {
  const now = deps.now();
  return deps.db.transaction(
    (t) => {
      const run = getDiscoveryRun(t, runId);
      if (!run) return false;
      const expired = leaseExpired(run, now, deps.owner, deps.isOwnerGone);
      if (run.status !== "queued" && run.status !== "waiting_chain" && !expired) return false;
      updateRun(t, runId, {
        status: "running",
        leaseOwner: deps.owner,
        leaseExpiresAt: new Date(now.getTime() + leaseMsOf(deps)).toISOString(),
        startedAt: run.startedAt ?? now.toISOString(),
      });
      if (expired) log.warn("took over a discovery whose lease expired", { run: runId, cursor: run.cursor });
      return true;
    },
    { behavior: "immediate" },
  );
}

/** Discoveries the poller should work on now. */
export function discoveriesReadyToWork(db: AppDatabase, now: Date, isOwnerGone: (owner: string | null) => boolean = () => false): string[] {
  return unfinishedRuns(db, "discovery")
    .filter((run) => readyToWork(run, now, isOwnerGone))
    .map((run) => run.runId);
}

/** The sources' batches as checked items, each key once, capped. */
function checkedItems(batches: ReadonlyArray<{ items: readonly unknown[] }>): { items: NewsItem[]; dropped: number } {
  const items: NewsItem[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const batch of batches) {
    for (const candidate of batch.items) {
      const parsed = newsItemSchema.safeParse(candidate);
      if (!parsed.success) {
        dropped++;
        continue;
      }
      const id = `${parsed.data.source}\n${parsed.data.key}`;
      if (seen.has(id) || items.length >= MAX_ITEMS_PER_RUN) continue;
      seen.add(id);
      items.push(parsed.data);
    }
  }
  return { items, dropped };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : "unknown error";
}

/**
 * Works a discovery until its items are read, its time budget is spent (it then waits for the
 * poller) or the process stops. Returns the run's status afterwards.
 */
export async function workDiscovery(deps: DiscoveryDeps, runId: string): Promise<string> {
  if (!acquireDiscovery(deps, runId)) return getDiscoveryRun(deps.db, runId)?.status ?? "missing";
  const started = Date.now();
  const leaseMs = leaseMsOf(deps);
  try {
    let run = getDiscoveryRun(deps.db, runId)!;
    if (!run.fetchedAt) {
      const startups = listStartups(deps.db).map((startup) => ({
        name: startup.name,
        sector: startup.sector,
        stage: startup.stage,
        geography: startup.geography,
        // The news search asks the rubric's words (sector × stage × place), as docs/product.md says.
        rubric: latestRubric(deps.db, startup.id)?.rubric ?? {
          sector_keywords: [startup.sector],
          stages: [startup.stage],
          geographies: startup.geography ? [startup.geography] : [],
        },
      }));
      const errors: string[] = [];
      let batches: Awaited<ReturnType<DiscoverySources["fetchItems"]>> = [];
      try {
        // The budget is a week's: on-demand runs share it with the scheduled one.
        const spent = discoveryCreditsSince(deps.db, new Date(deps.now().getTime() - WEEK_MS));
        batches = await deps.sources.fetchItems(startups, { credits: Math.max(0, deps.creditBudget - spent) });
      } catch (error) {
        errors.push(`the news sources failed: ${message(error)}`);
      }
      const { items, dropped } = checkedItems(batches);
      if (dropped > 0) errors.push(`${dropped} news items did not match the contract and were dropped`);
      for (const batch of batches) if (batch.failed) errors.push(batch.failed);
      if (batches.some((batch) => batch.later)) errors.push("a source asked to be called later; its items wait for the next run");
      const credits = batches.reduce((sum, batch) => sum + (Number.isFinite(batch.credits) ? Math.max(0, batch.credits) : 0), 0);
      const feeds = batches.flatMap((batch) => (batch.feed ? [batch.feed] : []));
      saveFetchedItems(deps.db, { runId, items, feeds, credits, errors, now: deps.now(), leaseOwner: deps.owner });
    }
    for (;;) {
      run = getDiscoveryRun(deps.db, runId)!;
      if (run.status !== "running" || run.leaseOwner !== deps.owner) return run.status;
      const item = nextUnreadItem(deps.db, runId);
      if (!item) {
        updateRun(deps.db, runId, { status: "completed", finishedAt: deps.now().toISOString(), leaseOwner: null, leaseExpiresAt: null });
        return "completed";
      }
      if (Date.now() - started >= deps.runBudgetSeconds * 1000 || deps.shouldStop?.()) {
        updateRun(deps.db, runId, { status: "waiting_chain", leaseOwner: null, leaseExpiresAt: null });
        return "waiting_chain";
      }
      const errors: string[] = [];
      let extracted: Deal[] = [];
      try {
        const checked = checkedDeals(await deps.sources.extract(item));
        extracted = checked.deals;
        if (checked.dropped > 0) errors.push(`${checked.dropped} deals read from "${item.title.slice(0, 80)}" did not match the contract`);
      } catch (error) {
        // An item that cannot be read is marked read all the same: a failing extractor never loops.
        errors.push(`could not read deals from "${item.title.slice(0, 80)}": ${message(error)}`);
      }
      saveItemDeals(deps.db, {
        runId,
        item,
        deals: extracted,
        errors,
        now: deps.now(),
        rules: deps.rules,
        leaseOwner: deps.owner,
        leaseMs,
      });
    }
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn("lost the lease of a discovery mid-item; the other process continues it", { run: runId });
      return getDiscoveryRun(deps.db, runId)?.status ?? "missing";
    }
    throw error;
  }
}
