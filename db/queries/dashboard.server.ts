import { eq } from "drizzle-orm";
import type { DashboardQuery } from "#app/domain/dashboard-query.ts";
import { PAGE_SIZE } from "#app/domain/dashboard-query.ts";
import { roundRaisingNow } from "#app/domain/round.ts";
import type { AppDatabase } from "../database.server.ts";
import { startups } from "../schema.ts";
import { countByStatus, scoreHistogram } from "./charts.server.ts";
import { listInvestors } from "./investors.server.ts";
import { type Mine, countToday, countUnowned } from "./today.server.ts";
import { latestRun, runSummary } from "./runs.server.ts";

export type Kpis = { tracked: number; emailFirst: number; followUpsDue: number; dontChase: number };

/** The four KPI cards, for real rows or demo rows (never both): the same counts as Today's lists. */
export function readKpis(db: AppDatabase, demo: boolean, mine: Mine = null): Kpis {
  const counts = countToday(db, demo, mine);
  return { tracked: counts.tracked, emailFirst: counts.email_first, followUpsDue: counts.follow_up, dontChase: counts.dont_chase };
}

/**
 * Everything the dashboard shows, for one side; with `mine` (a member's id, decision 062) the
 * cards and the table hold only their investors, and `unowned` says how many nobody owns.
 */
export function loadDashboard(db: AppDatabase, demo: boolean, query: DashboardQuery, mine: Mine = null) {
  const startupList = db
    .select({ id: startups.id, name: startups.name, raisingNow: startups.raisingNow })
    .from(startups)
    .where(eq(startups.isDemo, demo))
    .orderBy(startups.id)
    .all();
  const rankFor = startupList.find((startup) => startup.id === query.for);
  const list = listInvestors(db, {
    demo,
    text: query.q,
    action: query.action,
    status: query.status,
    sort: query.sort,
    direction: query.dir,
    page: query.page,
    pageSize: PAGE_SIZE,
    startupId: rankFor?.id,
    ownerMemberId: mine ?? undefined,
  });
  const run = latestRun(db, demo);
  return {
    kpis: readKpis(db, demo, mine),
    unowned: mine === null ? null : countUnowned(db, demo),
    funnel: countByStatus(db, demo, mine),
    histogram: scoreHistogram(db, demo, mine),
    investors: list.rows,
    total: list.total,
    pageSize: PAGE_SIZE,
    run: run ? runSummary(run) : null,
    startups: startupList,
    rankFor: rankFor ?? null,
    // Whose score every investor's own is (decision 039); none: the overall score.
    raisingNow: demo ? null : (roundRaisingNow(startupList)?.name ?? null),
  };
}

export type DashboardData = ReturnType<typeof loadDashboard>;
