import { Form } from "react-router";
import type { Route } from "./+types/demo";
import { loadDashboard } from "#db/queries/dashboard.server.ts";
import { loadTodayForPage } from "#db/queries/today.server.ts";
import { getApp } from "../app.server.ts";
import { DashboardView } from "../components/dashboard/dashboard-view.tsx";
import { parseDashboardQuery } from "../domain/dashboard-query.ts";

/** The same dashboard over demo rows only; open without a passcode. */
export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  const params = new URL(request.url).searchParams;
  const query = parseDashboardQuery(params);
  return {
    data: loadDashboard(app.db, true, query),
    today: loadTodayForPage(app.db, true, params, { now: app.now(), followUpAfterDays: app.rules.followUpAfterDays }),
    query,
    notice: params.get("done"),
  };
}

export default function Demo({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardView
      data={loaderData.data}
      today={loaderData.today}
      query={loaderData.query}
      notice={loaderData.notice}
      demo
      actions={
        <>
          <Form method="post" action="/demo/actions" reloadDocument={false}>
            <button type="submit" name="intent" value="refresh" className="button-secondary">
              Simulate a refresh
            </button>
          </Form>
          <Form method="post" action="/demo/actions">
            <button type="submit" name="intent" value="reset" className="button-secondary">
              Reset demo
            </button>
          </Form>
        </>
      }
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Demo · Investor Pipeline" }];
