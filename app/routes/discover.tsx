import { data, redirect } from "react-router";
import type { Route } from "./+types/discover";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { DiscoverList } from "../components/discover-list.tsx";
import { readFormBody } from "../http/form-body.server.ts";
import { discoverPage } from "../services/discover-page.server.ts";
import {
  DiscoveryNotFound,
  addDiscovery,
  dismissDiscoveryByKey,
  newsSourcesConfigured,
  parseDiscoveryKey,
} from "../services/discoveries.server.ts";

/** The page follows from its URL and its kept loader data: rendered once per version (app/http/page-cache.server.ts). */
export const handle = { keepHtml: true };

/** Discover (docs/product.md#discovery): investors this season's funding news names, not in the pipeline, ranked for the founder's startups. */
export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  const url = new URL(request.url);
  return {
    page: discoverPage(app, false, url.searchParams.get("more") === "1"),
    sourcesConfigured: newsSourcesConfigured(app),
    added: url.searchParams.get("added"),
    addedId: url.searchParams.get("id"),
    dismissed: url.searchParams.get("dismissed"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const form = await readFormBody(request);
  const key = parseDiscoveryKey(form.get("key"));
  const intent = form.get("intent");
  if (key === undefined || (intent !== "add" && intent !== "dismiss")) {
    return data({ error: "Choose an investor and Add to pipeline or Dismiss." }, { status: 400 });
  }
  try {
    if (intent === "add") {
      const added = addDiscovery(app, requestActor(context), key, false);
      return redirect(`/discover?added=${encodeURIComponent(added.name)}&id=${added.investor_id}`);
    }
    const dismissed = dismissDiscoveryByKey(app, key, false);
    return redirect(`/discover?dismissed=${encodeURIComponent(dismissed.name)}`);
  } catch (error) {
    if (error instanceof DiscoveryNotFound) return data({ error: "That investor is no longer on Discover." }, { status: 404 });
    throw error;
  }
}

export default function Discover({ loaderData, actionData }: Route.ComponentProps) {
  const notice = loaderData;
  return (
    <>
      <div className="page-head">
        <h1>Discover</h1>
        <p className="muted">
          Investors who led or joined a funding round in the news lately and are not in your pipeline, ranked by how their deals fit your
          startups.
        </p>
      </div>
      {actionData?.error ? (
        <p className="notice notice-bad" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {notice.added ? (
        <p className="notice notice-good" role="status">
          Added {notice.added} to your pipeline. <a href={`/investors/${Number(notice.addedId)}`}>Open them</a>
        </p>
      ) : null}
      {notice.dismissed ? (
        <p className="notice notice-good" role="status">
          Dismissed {notice.dismissed}: they come back only if they lead a new matching deal.
        </p>
      ) : null}
      <DiscoverList page={loaderData.page} moreHref="/discover?more=1" sourcesConfigured={loaderData.sourcesConfigured} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Discover · Investor Pipeline" }];
