import { Form } from "react-router";
import { DISCOVER_SHOWN_MORE, type DiscoverPage } from "../domain/discovery/page.ts";

/**
 * Discover's ranked list: each investor with their score, the plain reason, their deals and
 * sources, and two forms (Add to pipeline, Dismiss) that post the same with or without JavaScript.
 */
export function DiscoverList({
  page,
  moreHref,
  readOnly = false,
  sourcesConfigured = true,
}: {
  page: DiscoverPage;
  /** The same page showing up to DISCOVER_SHOWN_MORE. */
  moreHref: string;
  /** The demo's list: no buttons. */
  readOnly?: boolean;
  /** False when no feed, news search or GDELT is set: say so, not "every Monday". */
  sourcesConfigured?: boolean;
}) {
  const { investors, dismissedCount, total } = page;
  if (investors.length === 0 && !sourcesConfigured) {
    return (
      <section className="panel" role="status">
        <p>
          Discovery has no news to read: no funding-news feed, no news search and GDELT turned off. Set <code>DEAL_FEEDS</code> (RSS or Atom
          feeds), <code>TAVILY_API_KEY</code>, or leave <code>DISCOVERY_GDELT</code> on, and restart the app.
        </p>
      </section>
    );
  }
  if (investors.length === 0) {
    return (
      <section className="panel">
        <p className="muted">
          No new investors yet. Discovery reads the week's funding news every Monday morning
          {dismissedCount > 0 ? `; ${dismissedCount} dismissed stay hidden` : ""}.
        </p>
      </section>
    );
  }
  return (
    <>
      {total > investors.length ? (
        <p className="muted discover-count">
          The best {investors.length} of {total.toLocaleString("en-US")}.{" "}
          {investors.length < DISCOVER_SHOWN_MORE ? <a href={moreHref}>Show the best {Math.min(total, DISCOVER_SHOWN_MORE)}</a> : null}
        </p>
      ) : null}
      <ol className="discover-list">
        {investors.map((investor) => (
          <li key={investor.key} className="panel discover-item">
            <div className="discover-head">
              <h2>{investor.name}</h2>
              <span className="badge" title="Fit with your startups, lead, recency and matching deals, out of 100">
                {investor.score}
              </span>
            </div>
            {investor.firm ? <p className="muted">{investor.firm}</p> : null}
            <p>{investor.reason}</p>
            <ul className="discover-deals">
              {investor.deals.map((deal) => (
                <li key={deal.id}>
                  {deal.sentence}
                  {deal.sources.map((url, index) => (
                    <span key={url}>
                      {" · "}
                      <a href={url} rel="noopener noreferrer nofollow" target="_blank">
                        source {index + 1}
                      </a>
                    </span>
                  ))}
                </li>
              ))}
            </ul>
            {readOnly ? null : (
              <div className="discover-actions">
                <Form method="post">
                  <input type="hidden" name="key" value={investor.key} />
                  <button
                    type="submit"
                    name="intent"
                    value="add"
                    className="button-primary"
                    aria-label={`Add ${investor.name} to pipeline`}
                  >
                    Add to pipeline
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="key" value={investor.key} />
                  <button type="submit" name="intent" value="dismiss" className="button-secondary" aria-label={`Dismiss ${investor.name}`}>
                    Dismiss
                  </button>
                </Form>
              </div>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
