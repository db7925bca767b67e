import { Link } from "react-router";
import type { Route } from "./+types/demo-discover";
import { getApp } from "../app.server.ts";
import { DiscoverList } from "../components/discover-list.tsx";
import { listDiscoveries } from "../services/discoveries.server.ts";

/** Discover over the demo's synthetic deals (docs/product.md#the-demo): open, read-only, demo rows only. */
export async function loader() {
  const { deals, investors } = listDiscoveries(getApp(), true);
  return {
    deals: Object.fromEntries(deals.map((deal) => [deal.id, deal])),
    investors: investors.filter((investor) => !investor.dismissed),
  };
}

export default function DemoDiscover({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="page-head">
        <h1>Discover (demo)</h1>
        <p className="muted">
          Synthetic funding rounds naming firms the demo pipeline does not hold, ranked as Discover ranks them. Read only here;{" "}
          <Link to="/demo">back to the demo</Link>.
        </p>
      </div>
      <DiscoverList investors={loaderData.investors} deals={loaderData.deals} dismissedCount={0} readOnly />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Discover (demo) · Investor Pipeline" }];
