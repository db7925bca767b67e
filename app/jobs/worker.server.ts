import { Cron } from "croner";
import type { App } from "../app.server.ts";
import { modelFromConfig } from "../integrations/model.server.ts";
import { createTavilySearch } from "../integrations/search.server.ts";
import { log } from "../log.server.ts";
import { resetDemo } from "./demo.server.ts";
import { THIS_PROCESS, isOwnerGone } from "./lease-owner.server.ts";
import { sendDigest } from "./digest.server.ts";
import { mailConfigured, stopMailSync, syncMail } from "./mail-sync.server.ts";
import { rescoreEverything } from "./rescore.server.ts";
import { type RefreshDeps, RefreshRefused, plansSaved, runsReadyToWork, startRefresh, workRun } from "./refresh.server.ts";
import { runSourcesFromConfig } from "./discovery-sources.server.ts";
import { type DiscoveryDeps, discoveriesReadyToWork, startDiscovery, workDiscovery } from "./discovery.server.ts";

/**
 * The process's background work: the croner schedule (refresh Monday and Thursday, digest every
 * morning) and the poller that works queued runs, starts waiting chains and takes over runs
 * whose lease expired. One worker per process; stopped cleanly on SIGTERM.
 */

/**
 * The demo set goes back to new every hour (decision 018): what visitors wrote is bounded per
 * investor anyway, and this keeps the open demo looking like the seed for the next visitor.
 */
export const DEMO_RESET_CRON = "0 * * * *";

let stopping = false;
let working: Promise<void> | undefined;
const idleListeners = new Set<() => void>();

/** Whether runs (a refresh, a discovery) are being worked in this process now. */
export function workingRuns(): boolean {
  return working !== undefined;
}

/** Calls `listener` each time the worker finishes working runs (app/http/quiet-collect.server.ts). */
export function onRunsWorked(listener: () => void): () => void {
  idleListeners.add(listener);
  return () => idleListeners.delete(listener);
}

export function refreshDeps(app: App): RefreshDeps {
  const { config } = app;
  return {
    db: app.db,
    rules: app.rules,
    now: app.now,
    runBudgetSeconds: config.RUN_BUDGET_SECONDS,
    creditBudget: config.REFRESH_CREDIT_BUDGET,
    search: config.TAVILY_API_KEY ? createTavilySearch({ apiKey: config.TAVILY_API_KEY, baseUrl: config.TAVILY_BASE_URL }) : undefined,
    createModel: (onCall) => modelFromConfig(config, onCall),
    owner: THIS_PROCESS,
    searchGroupSize: config.REFRESH_GROUP_SIZE,
    shouldStop: () => stopping,
    isOwnerGone,
  };
}

/** What a discovery works with: the real sources (feeds, news search, GDELT) and extractors, as the settings make them. */
export function discoveryDeps(app: App): DiscoveryDeps {
  return {
    db: app.db,
    rules: app.rules,
    now: app.now,
    sources: runSourcesFromConfig(app.config, app.db),
    creditBudget: app.config.DISCOVERY_CREDIT_BUDGET,
    runBudgetSeconds: app.config.RUN_BUDGET_SECONDS,
    owner: THIS_PROCESS,
    shouldStop: () => stopping,
    isOwnerGone,
  };
}

/** Works every run that is ready, one at a time; a second call while working is a no-op. */
export function pollRuns(app: App): Promise<void> {
  if (working || stopping) return working ?? Promise.resolve();
  const work = async () => {
    try {
      const deps = refreshDeps(app);
      for (let guard = 0; guard < 100 && !stopping; guard++) {
        const [runId] = runsReadyToWork(app.db, app.now(), isOwnerGone);
        if (!runId) break;
        const status = await workRun(deps, runId);
        log.info("refresh chain ended", { run: runId, status });
        if (status === "running") break;
      }
      for (let guard = 0; guard < 100 && !stopping; guard++) {
        const [runId] = discoveriesReadyToWork(app.db, app.now(), isOwnerGone);
        if (!runId) break;
        const status = await workDiscovery(discoveryDeps(app), runId);
        log.info("discovery ended", { run: runId, status });
        if (status === "running") break;
      }
    } catch (error) {
      log.error("refresh worker failed", { error: error instanceof Error ? error.message : String(error) });
    }
  };
  // Cleared only after the assignment: a poll with nothing to do finishes synchronously.
  const current = work().finally(() => {
    if (working !== current) return;
    working = undefined;
    for (const listener of idleListeners) listener();
  });
  working = current;
  return current;
}

export type Worker = { stop: () => Promise<void> };

export function startWorker(app: App, options: { pollMs?: number } = {}): Worker {
  stopping = false;
  const jobs: Cron[] = [];
  const { config } = app;
  if (config.SCHEDULER_ENABLED) {
    jobs.push(
      new Cron(config.REFRESH_CRON, { timezone: config.TZ_SCHEDULE, protect: true, name: "refresh" }, async () => {
        try {
          const started = await startRefresh(refreshDeps(app), { trigger: "cron", linkedin: false });
          log.info("scheduled refresh queued", { run: started.run_id, selected: started.selected });
          void pollRuns(app);
        } catch (error) {
          if (error instanceof RefreshRefused) log.warn(`scheduled refresh skipped: ${error.message}`);
          else log.error("scheduled refresh failed", { error: String(error) });
        }
      }),
      new Cron(config.DISCOVERY_CRON, { timezone: config.TZ_SCHEDULE, protect: true, name: "discovery" }, () => {
        try {
          const started = startDiscovery(discoveryDeps(app), "cron");
          log.info("scheduled discovery queued", { run: started.run_id });
          void pollRuns(app);
        } catch (error) {
          if (error instanceof RefreshRefused) log.warn(`scheduled discovery skipped: ${error.message}`);
          else log.error("scheduled discovery failed", { error: String(error) });
        }
      }),
      new Cron(config.RESCORE_CRON, { timezone: config.TZ_SCHEDULE, protect: true, name: "rescore" }, async () => {
        try {
          const result = await rescoreEverything(app);
          log.info("daily re-score done", { investors: result.investors, ms: result.duration_ms });
        } catch (error) {
          log.error("daily re-score failed", { error: String(error) });
        }
      }),
      new Cron(config.DIGEST_CRON, { timezone: config.TZ_SCHEDULE, protect: true, name: "digest" }, async () => {
        const result = await sendDigest(app);
        log.info(result.sent ? `digest sent by ${result.channel}` : `digest not sent: ${result.reason ?? "unknown reason"}`);
      }),
      new Cron(DEMO_RESET_CRON, { timezone: config.TZ_SCHEDULE, protect: true, name: "demo-reset" }, () => {
        try {
          const started = performance.now();
          const investors = resetDemo(app.db, app.now(), app.rules);
          log.info("scheduled demo reset done", { investors, ms: Math.round(performance.now() - started) });
        } catch (error) {
          log.error("scheduled demo reset failed", { error: String(error) });
        }
      }),
    );
    if (mailConfigured(config)) {
      // Mail capture: on its schedule and once at start, in the background (syncMail never throws
      // and runs one at a time, so a slow server only delays the next sync).
      jobs.push(
        new Cron(config.MAIL_SYNC_CRON, { timezone: config.TZ_SCHEDULE, protect: true, name: "mail-sync" }, async () => {
          await syncMail(app);
        }),
      );
      setTimeout(() => {
        if (!stopping) void syncMail(app);
      }, 0).unref();
    }
  }
  const timer = setInterval(() => void pollRuns(app), options.pollMs ?? 5_000);
  timer.unref();
  void pollRuns(app);
  return {
    async stop() {
      stopping = true;
      for (const job of jobs) job.stop();
      clearInterval(timer);
      // The current investor finishes and the run is left waiting for its next chain; a mail
      // sync stops after its current batch (already saved with its last UID).
      // A refresh saving its plan finishes saving it first (decision 050).
      await Promise.all([working, stopMailSync(), plansSaved()]);
    },
  };
}
