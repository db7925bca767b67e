import type { Route } from "./+types/settings";
import { getApp } from "../app.server.ts";
import { requirePageSession } from "../auth/guards.server.ts";
import { reportSettings } from "../config.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  requirePageSession(request, app);
  return { settings: reportSettings(app.config) };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="page-head">
        <h1>Settings</h1>
        <p className="muted">
          Integrations are set with server environment variables; this page only shows which are set, never
          their values.
        </p>
      </div>
      <section className="panel">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Variable</th>
              <th scope="col">Set</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(loaderData.settings).map(([name, isSet]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                </td>
                <td>{isSet ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Settings · Investor Pipeline" }];
