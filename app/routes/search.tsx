import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { getApp } from "../app.server.ts";
import { sideOf } from "../auth/guards.server.ts";
import { ACTION_LABELS, type RecommendedAction } from "../domain/vocabulary.ts";
import { MAX_SEARCH_QUERY_CHARS } from "../domain/palette-search.ts";
import { searchInvestors } from "../services/investor-search.server.ts";

/**
 * "Find investor" without JavaScript (/search and /demo/search): a plain GET form over the
 * palette's feed and ranking. With JavaScript the header's link opens the palette instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_SEARCH_QUERY_CHARS);
  return { demo, query, results: searchInvestors(app, query, demo) };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { demo, query, results } = loaderData;
  return (
    <>
      <div className="page-head">
        <h1>Find an investor</h1>
        <p className="muted">{demo ? "Searches the demo investors by name or firm." : "Searches your investors by name or firm."}</p>
      </div>
      <section className="panel">
        <Form method="get" className="search-form" role="search">
          <label htmlFor="search-q">Name or firm</label>
          <div className="search-row">
            <input id="search-q" name="q" type="search" defaultValue={query} maxLength={MAX_SEARCH_QUERY_CHARS} autoComplete="off" />
            <button type="submit" className="button-primary">
              Search
            </button>
          </div>
        </Form>
      </section>
      {query.trim() === "" ? null : (
        <section className="panel" aria-labelledby="search-results">
          <h2 id="search-results">
            {results.length === 0 ? `No investor matches “${query.trim()}”` : `Investors matching “${query.trim()}”`}
          </h2>
          {results.length === 0 ? (
            <p className="muted">
              Try part of a name or of a firm, without accents if you like. <Link to={demo ? "/demo" : "/"}>Back to the dashboard</Link>
            </p>
          ) : (
            <ul className="search-results">
              {results.map((item) => (
                <li key={item.id}>
                  <Link to={item.href} className="search-result">
                    <span className="palette-name">
                      {item.name}
                      {item.firm ? <span className="muted"> · {item.firm}</span> : null}
                    </span>
                    <span className="palette-meta">
                      <span className="palette-score">{item.score}</span>
                      <span className={`badge badge-${item.action}`}>{ACTION_LABELS[item.action as RecommendedAction] ?? item.action}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.query ? `${loaderData.query} · ` : ""}Find an investor · Investor Pipeline` },
];
