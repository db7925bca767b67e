import type { Route } from "./+types/dashboard";
import { loadDashboard } from "#db/queries/dashboard.server.ts";
import { loadTodayForPage } from "#db/queries/today.server.ts";
import { getApp } from "../app.server.ts";
import { reportSettings } from "../config.server.ts";
import { todaysDigest } from "../jobs/digest.server.ts";
import { requirePageSession } from "../auth/guards.server.ts";
import { DashboardView } from "../components/dashboard/dashboard-view.tsx";
import { parseDashboardQuery } from "../domain/dashboard-query.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  requirePageSession(request, app);
  const params = new URL(request.url).searchParams;
  const query = parseDashboardQuery(params);
  return {
    data: loadDashboard(app.db, false, query),
    today: loadTodayForPage(app.db, false, params, { now: app.now(), followUpAfterDays: app.rules.followUpAfterDays }),
    query,
    notice: new URL(request.url).searchParams.get("refresh"),
    digest: todaysDigest(app),
    searchConfigured: reportSettings(app.config).TAVILY_API_KEY,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardView
      data={loaderData.data}
      today={loaderData.today}
      query={loaderData.query}
      demo={false}
      notice={loaderData.notice}
      digest={loaderData.digest}
      searchConfigured={loaderData.searchConfigured}
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Investor Pipeline" }];
