import { loadDashboard } from "#db/queries/dashboard.server.ts";
import { activeMembers } from "#db/queries/members.server.ts";
import { BACKGROUND_KEPT_MS, UNREAD_BY_KEPT_PAGES, keptUntilWrite } from "#db/queries/kept.server.ts";
import { readDemoRound, readRound } from "#db/queries/round.server.ts";
import { loadTodayForPage } from "#db/queries/today.server.ts";
import type { App } from "../app-context.ts";
import { parseDashboardQuery } from "../domain/dashboard-query.ts";
import { roundProgress } from "../domain/round.ts";
import { todaysDigest } from "../jobs/digest.server.ts";
import { mailConfigured } from "../jobs/mail-sync.server.ts";
import { rescoreInProgress } from "../jobs/rescore-chunks.server.ts";
import { type ProgressReader, shownProgress } from "./shown-progress.server.ts";
import { importInProgress, importStopped } from "./import-commit.server.ts";

/**
 * What the dashboard (or the demo) shows for one query string: the table, Today, the charts and,
 * on the real side, the digest. Kept until the database is written — everything here follows
 * from the rows and today's date, so a second look at an unchanged pipeline costs no query. The
 * founder's side is kept across the open demo's writes (they touch demo rows only, decision 018)
 * and across writes it never reads: a session, the mail-sync status, a re-score that changed no
 * score (decision 028).
 */
export function dashboardPage(app: App, demo: boolean, params: URLSearchParams, viewer: number | null = null) {
  const today = app.now().toISOString().slice(0, 10);
  const query = parseDashboardQuery(params);
  // "Mine" is whose page it is (decision 062): the key names them, so no member's view is kept for another.
  const mine = query.mine ? viewer : null;
  return keptUntilWrite(
    app.db,
    `dashboard:${demo}:${today}:${mine === null ? "everyone" : `mine=${mine}`}:${params.toString()}`,
    () => ({
      query,
      mine,
      data: loadDashboard(app.db, demo, query, mine),
      today: loadTodayForPage(app.db, demo, params, {
        now: app.now(),
        followUpAfterDays: app.rules.followUpAfterDays,
        mailSetUp: demo || mailConfigured(app.config),
        mine,
      }),
      digest: demo ? null : todaysDigest(app),
      round: pageRound(app, demo, today),
    }),
    demo ? "demo" : "real",
    UNREAD_BY_KEPT_PAGES,
  );
}

/**
 * Whom "Mine" means on a side (decision 062): the signed-in member on the founder's side; on the
 * open demo, the first member of its synthetic team (a visitor is nobody). Null: no one to mean.
 */
export function mineViewer(app: App, demo: boolean, member: { id: number } | null): number | null {
  if (!demo) return member?.id ?? null;
  return activeMembers(app.db, true)[0]?.id ?? null;
}

/** The round's progress at the top of Today (docs/product.md#the-round): the founder's, or the demo's fixed one. */
export function pageRound(app: App, demo: boolean, today: string) {
  const { round, totals } = demo ? readDemoRound(app.db, app.now()) : readRound(app.db);
  return roundProgress(round, totals, today) ?? null;
}

type RescoreProgress = { done: number; total: number };
const shownRescores = new WeakMap<App, ProgressReader<RescoreProgress>>();

/**
 * Today's lines for work still going on, as the kept page shows them (shown-progress.server.ts):
 * the import being saved, to the chunk (each chunk is the founder's write and changes the rows
 * anyway), an import that stopped part-way, and the re-score, at most every 2 s, as its rows
 * (decision 037).
 */
export function workInProgress(app: App) {
  let rescore = shownRescores.get(app);
  if (!rescore) {
    rescore = shownProgress<RescoreProgress>(BACKGROUND_KEPT_MS);
    shownRescores.set(app, rescore);
  }
  return {
    importing: importInProgress(),
    importStopped: importStopped(app),
    rescoring: rescore(rescoreInProgress(app)),
  };
}
