import { Link } from "react-router";
import type { Route } from "./+types/startups";
import { latestRubric, listStartups } from "#db/queries/startups.server.ts";
import { getApp } from "../app.server.ts";
import { STAGE_LABELS } from "../domain/vocabulary.ts";

export async function loader() {
  const app = getApp();
  return {
    startups: listStartups(app.db).map((startup) => ({
      id: startup.id,
      name: startup.name,
      sector: startup.sector,
      stage: startup.stage,
      rubricSource: latestRubric(app.db, startup.id)?.source ?? "default",
    })),
  };
}

export default function Startups({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="page-head with-actions">
        <div>
          <h1>Startups</h1>
          <p className="muted">Each startup gets its own rubric and its own ranking of your investors.</p>
        </div>
        <Link to="/startups/new" className="button-secondary">
          Add a startup
        </Link>
      </div>
      <section className="panel">
        {loaderData.startups.length === 0 ? (
          <p className="muted">No startup yet. Add the company you are raising for, and every investor gets a fit score for it.</p>
        ) : (
          <table className="table">
            <tbody>
              {loaderData.startups.map((startup) => (
                <tr key={startup.id}>
                  <td>
                    <Link to={`/startups/${startup.id}`} className="investor-name">
                      {startup.name}
                    </Link>
                  </td>
                  <td>{startup.sector}</td>
                  <td>{STAGE_LABELS[startup.stage]}</td>
                  <td>
                    {startup.rubricSource === "default" ? (
                      <span className="badge badge-default">Default rubric</span>
                    ) : (
                      <span className="badge">Model rubric</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Startups · Investor Pipeline" }];
