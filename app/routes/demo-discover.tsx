import { Link } from "react-router";
import type { Route } from "./+types/demo-discover";
import { getApp } from "../app.server.ts";
import { DiscoverList } from "../components/discover-list.tsx";
import { discoverPage } from "../services/discover-page.server.ts";

/** Discover over the demo's synthetic deals (docs/product.md#the-demo): open, read-only, demo rows only. */
export async function loader({ request }: Route.LoaderArgs) {
  return { page: discoverPage(getApp(), true, new URL(request.url).searchParams.get("more") === "1") };
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
      <DiscoverList page={loaderData.page} moreHref="/demo/discover?more=1" readOnly />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Discover (demo) · Investor Pipeline" }];
