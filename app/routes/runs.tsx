import type { Route } from "./+types/runs";
import { listRuns, runSummary } from "#db/queries/runs.server.ts";
import { getApp } from "../app.server.ts";
import { LiveRevalidate } from "../components/live-revalidate.tsx";

export async function loader() {
  const app = getApp();
  return {
    runs: listRuns(app.db).map(runSummary),
  };
}

const ACTIVE = new Set(["queued", "running", "waiting_chain"]);

export default function Runs({ loaderData }: Route.ComponentProps) {
  const active = loaderData.runs.some((run) => ACTIVE.has(run.status));
  return (
    <>
      <LiveRevalidate active={active} />
      <div className="page-head">
        <h1>Runs</h1>
        <p className="muted">
          Each refresh searches the news for the investors worth checking and judges what it finds; each discovery reads the week's funding
          news for new investors. Costs are counted per run.
        </p>
      </div>
      <section className="panel">
        {loaderData.runs.length === 0 ? (
          <p className="muted">
            No refresh has run yet. The schedule runs one on Monday and Thursday mornings; you can also start one from the dashboard.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Trigger</th>
                  <th scope="col">Status</th>
                  <th scope="col">Chain</th>
                  <th scope="col">Checked / selected</th>
                  <th scope="col">Evidence added</th>
                  <th scope="col">Credits</th>
                  <th scope="col">Model calls</th>
                  <th scope="col">Errors</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.runs.map((run) => (
                  <tr key={run.runId}>
                    <td data-label="Started">{run.createdAt.replace("T", " ").slice(0, 16)}</td>
                    <td data-label="Trigger">{run.kind === "discovery" ? `discovery · ${run.trigger}` : run.trigger}</td>
                    <td data-label="Status">
                      {run.status.replace("_", " ")}
                      {run.degraded ? <span className="badge badge-wait">degraded</span> : null}
                    </td>
                    <td data-label="Chain">{run.chain}</td>
                    <td data-label="Checked / selected">
                      {run.kind === "discovery"
                        ? `${run.checked} / ${run.selected} news items: ${run.dealsFound} deals, ${run.investorsFound} new investors`
                        : `${run.checked} / ${run.selected}`}
                    </td>
                    <td data-label="Evidence added">{run.evidenceAdded}</td>
                    <td data-label="Credits">{run.credits}</td>
                    <td data-label="Model calls">{run.llmCalls}</td>
                    <td data-label="Errors">
                      {run.errors.length === 0 ? (
                        "0"
                      ) : (
                        <details>
                          <summary>{run.errors.length}</summary>
                          <ul className="errors">
                            {run.errors.slice(0, 20).map((error, index) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: a run's errors are a fixed list that can repeat a sentence.
                              <li key={index}>{error}</li>
                            ))}
                          </ul>
                        </details>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Runs · Investor Pipeline" }];
