import type { Route } from "./+types/dashboard";
import { readKpis } from "#db/queries/dashboard.server.ts";
import { getApp } from "../app.server.ts";
import { requirePageSession } from "../auth/guards.server.ts";
import { KpiCards } from "../components/kpi-cards.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  requirePageSession(request, app);
  return { kpis: readKpis(app.db, false) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { kpis } = loaderData;
  return (
    <>
      <div className="page-head">
        <h1>Your pipeline</h1>
        <p className="muted">Who to email first, which follow-ups are due and who not to chase.</p>
      </div>
      <KpiCards {...kpis} />
      {kpis.tracked === 0 ? (
        <section className="panel empty">
          <h2>No investors yet</h2>
          <p>Add the investors you are talking to, and the app will rank them for you.</p>
        </section>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Investor Pipeline" }];
