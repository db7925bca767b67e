import { Form, Link } from "react-router";
import type { Route } from "./+types/demo";
import { getApp } from "../app.server.ts";
import { dashboardPage, mineViewer } from "../services/dashboard-page.server.ts";
import { DashboardView } from "../components/dashboard/dashboard-view.tsx";
import { SinceYouLooked } from "../components/since-you-looked.tsx";
import { demoLatestLines } from "../services/activity.server.ts";

/** The page follows from its URL and its kept loader data: rendered once per version (app/http/page-cache.server.ts). */
export const handle = { keepHtml: true };

/** The same dashboard over demo rows only; open without a passcode. */
export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  const params = new URL(request.url).searchParams;
  // "Mine" on the demo is its synthetic team's first member (decision 062).
  const viewer = mineViewer(app, true, null);
  const { query, data, today, round, mine } = dashboardPage(app, true, params, viewer);
  return { team: viewer !== null, mine, data, today, query, notice: params.get("done"), round, sinceLooked: demoLatestLines(app) };
}

export default function Demo({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardView
      data={loaderData.data}
      today={loaderData.today}
      query={loaderData.query}
      notice={loaderData.notice}
      round={loaderData.round}
      showMine={loaderData.team}
      demo
      guide={<SinceYouLooked lines={loaderData.sinceLooked} basePath="/demo" />}
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
          <Link to="/demo/discover" className="button-secondary">
            Discover (demo)
          </Link>
        </>
      }
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Demo · Investor Pipeline" }];
