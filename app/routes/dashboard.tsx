import type { Route } from "./+types/dashboard";
import { getApp } from "../app.server.ts";
import { dashboardPage, mineViewer, workInProgress } from "../services/dashboard-page.server.ts";
import { memberContext } from "../auth/guards.server.ts";
import { reportSettings } from "../config.server.ts";
import { DashboardView } from "../components/dashboard/dashboard-view.tsx";
import { FirstMorning } from "../components/first-morning.tsx";
import { firstMorning } from "../services/first-morning.server.ts";
import { NewInvestorsLine } from "../components/new-investors-line.tsx";
import { newThisWeek } from "../services/discoveries.server.ts";
import { ImportInProgress, ImportStopped } from "../components/import-in-progress.tsx";
import { RescoreInProgress } from "../components/rescore-in-progress.tsx";
import { SinceYouLooked } from "../components/since-you-looked.tsx";
import { sinceYouLastLooked } from "../services/activity.server.ts";

/** The page follows from its URL and its kept loader data: rendered once per version (app/http/page-cache.server.ts). */
export const handle = { keepHtml: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp();
  const member = context.get(memberContext);
  const params = new URL(request.url).searchParams;
  const viewer = mineViewer(app, false, member);
  const { query, data, today, digest, round, mine } = dashboardPage(app, false, params, viewer);
  return {
    team: viewer !== null,
    // Whose "Mine" this is, by value: the kept page's key names the member (app/http/page-cache.server.ts).
    mine,
    data,
    today,
    query,
    notice: params.get("refresh"),
    digest: digest ?? "",
    searchConfigured: reportSettings(app.config).TAVILY_API_KEY,
    round,
    firstMorning: firstMorning(app),
    newInvestors: newThisWeek(app, false),
    ...workInProgress(app),
    // One member's own (decision 061): the shared empty list when nothing happened, so Today stays kept.
    sinceLooked: sinceYouLastLooked(app, member?.id),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ImportInProgress progress={loaderData.importing} />
      <ImportStopped stopped={loaderData.importStopped} on="today" />
      <RescoreInProgress progress={loaderData.rescoring} />
      <NewInvestorsLine count={loaderData.newInvestors} />
      <DashboardView
        data={loaderData.data}
        today={loaderData.today}
        query={loaderData.query}
        demo={false}
        notice={loaderData.notice}
        digest={loaderData.digest}
        searchConfigured={loaderData.searchConfigured}
        round={loaderData.round}
        guide={
          <>
            <SinceYouLooked lines={loaderData.sinceLooked} />
            <FirstMorning guide={loaderData.firstMorning} />
          </>
        }
        showMine={loaderData.team}
      />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Investor Pipeline" }];
