import { Link } from "react-router";
import type { DashboardData } from "#db/queries/dashboard.server.ts";
import type { DashboardQuery } from "../../domain/dashboard-query.ts";
import { DemoBadge } from "../badges.tsx";
import { KpiCards } from "../kpi-cards.tsx";
import { RoundProgressBar } from "../round-progress.tsx";
import type { RoundProgress } from "../../domain/round.ts";
import { PipelineFunnel, ScoreDistribution } from "./charts.tsx";
import { InvestorTable } from "./investor-table.tsx";
import { LiveRevalidate } from "../live-revalidate.tsx";
import { RefreshNow, refreshNotice } from "./refresh-now.tsx";
import { RunStatus } from "./run-status.tsx";
import { Today, type TodayData } from "./today.tsx";
import { MineFilter } from "./mine-filter.tsx";

export function DashboardView({
  data,
  today,
  query,
  demo,
  actions,
  notice,
  digest,
  searchConfigured = false,
  round = null,
  guide,
  showMine = false,
}: {
  data: DashboardData;
  today: TodayData;
  query: DashboardQuery;
  demo: boolean;
  actions?: React.ReactNode;
  notice?: string | null;
  digest?: string;
  /** Whether web search (TAVILY_API_KEY) is set: without it "Refresh now" says so up front. */
  searchConfigured?: boolean;
  /** The round raising now, drawn above Today (decision 031). */
  round?: RoundProgress | null;
  /** The first morning's steps (app/components/first-morning.tsx), shown before Today. */
  guide?: React.ReactNode;
  /** Whether the side has a team to own investors, so "Mine / Everyone" means something (decision 062). */
  showMine?: boolean;
}) {
  const basePath = demo ? "/demo" : "/";
  const message = refreshNotice(notice ?? null);
  const runActive = data.run !== null && ["queued", "running", "waiting_chain"].includes(data.run.status);
  return (
    <>
      <LiveRevalidate active={runActive} />
      <div className="page-head with-actions dashboard-head">
        <div>
          <h1>
            {demo ? "Demo pipeline" : "Your pipeline"} {demo ? <DemoBadge /> : null}
          </h1>
          <p className="muted">
            {demo ? (
              <>
                Synthetic investors with made-up news, to show how the app works. Nothing here is real.{" "}
                <Link to="/demo/board">See them as a board</Link>.
              </>
            ) : (
              "Who to email first, which follow-ups are due and who not to chase."
            )}
          </p>
        </div>
        <div className="head-actions">
          {actions}
          {!demo ? (
            <>
              <RefreshNow searchConfigured={searchConfigured} />
              <Link to="/investors/new" className="button-secondary">
                Add investor
              </Link>
              <Link to="/investors/import" className="button-secondary">
                Import CSV
              </Link>
            </>
          ) : null}
        </div>
      </div>
      {message ? (
        <p className={`notice notice-${message.tone}`} role="status">
          {message.text}
        </p>
      ) : null}
      {round ? <RoundProgressBar progress={round} /> : null}
      {guide}
      {showMine && data.kpis.tracked === 0 ? <MineFilter basePath={basePath} mine={query.mine === true} unowned={data.unowned} /> : null}
      {query.mine && data.kpis.tracked === 0 ? (
        <p className="muted" role="status">
          Nobody has given you an investor yet: choose an owner on an investor's page.
        </p>
      ) : null}
      {data.kpis.tracked > 0 ? (
        <Today
          data={today}
          basePath={basePath}
          investorPath={demo ? "/demo/investors" : "/investors"}
          mine={query.mine === true}
          filter={showMine ? <MineFilter basePath={basePath} mine={query.mine === true} unowned={data.unowned} /> : undefined}
        />
      ) : null}
      <KpiCards {...data.kpis} />
      {data.kpis.tracked === 0 && !query.q && !query.action && !query.status && !query.mine ? (
        <section className="panel empty">
          <h2>No investors yet</h2>
          <p>
            Add the investors you are talking to, or <Link to="/investors/import">import a CSV</Link>, and the app will rank them for you.
            Want to look around first? Open the <Link to="/demo">demo pipeline</Link>.
          </p>
        </section>
      ) : (
        <>
          <div className="charts">
            <PipelineFunnel counts={data.funnel} />
            <ScoreDistribution bins={data.histogram} />
          </div>
          <div className="status-row">
            <RunStatus run={data.run} />
            {digest ? (
              <section className="panel digest-preview" aria-label="Today's digest">
                <h2>Today's digest</h2>
                <p className="digest-text">{digest}</p>
                <p className="muted">
                  The same lists as Today, sent every morning as one text message (SMS or WhatsApp) once Twilio is set up: see{" "}
                  <Link to="/settings">Settings</Link>.
                </p>
              </section>
            ) : null}
          </div>
          <InvestorTable data={data} query={query} basePath={basePath} investorPath={demo ? "/demo/investors" : "/investors"} />
        </>
      )}
    </>
  );
}
