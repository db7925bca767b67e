import type { Route } from "./+types/dashboard";
import { loadDashboard } from "#db/queries/dashboard.server.ts";
import { getApp } from "../app.server.ts";
import { todaysDigest } from "../jobs/digest.server.ts";
import { requirePageSession } from "../auth/guards.server.ts";
import { DashboardView } from "../components/dashboard/dashboard-view.tsx";
import { parseDashboardQuery } from "../domain/dashboard-query.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  requirePageSession(request, app);
  const query = parseDashboardQuery(new URL(request.url).searchParams);
  return {
    data: loadDashboard(app.db, false, query),
    query,
    notice: new URL(request.url).searchParams.get("refresh"),
    digest: todaysDigest(app),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardView data={loaderData.data} query={loaderData.query} demo={false} notice={loaderData.notice} digest={loaderData.digest} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Investor Pipeline" }];
