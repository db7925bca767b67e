import { dashboardSearch, parseDashboardQuery } from "../domain/dashboard-query.ts";
import type { RoundProgress } from "../domain/round.ts";

/**
 * The round at the top of Today and /demo (docs/product.md#the-round): one line and a bar,
 * committed solid and soft lighter, "oversubscribed" when the two pass the target, and a note
 * saying the rates' day when an amount was converted, and any amount no rate could count.
 */
export function RoundProgressBar({ progress }: { progress: RoundProgress }) {
  return (
    <section className="panel round-progress" aria-labelledby="round-progress-heading">
      <h2 id="round-progress-heading">
        The round <span className="muted">· {progress.name}</span>
      </h2>
      <p className="round-line" data-testid="round-line">
        {progress.line}
      </p>
      <div
        className="round-bar"
        role="img"
        aria-label={`${progress.committedShare}% of the target committed, ${progress.softShare}% soft${progress.oversubscribed ? ", oversubscribed" : ""}`}
      >
        <span className="round-bar-committed" style={{ width: `${progress.committedShare}%` }} />
        <span className="round-bar-soft" style={{ width: `${progress.softShare}%` }} />
      </div>
      {progress.oversubscribed ? <p className="badge round-over">Oversubscribed</p> : null}
      {progress.ratesNote ? <p className="muted round-note">Amounts {progress.ratesNote}.</p> : null}
      {progress.withoutAmount ? (
        <p className="muted round-note">
          {/* The table on this page (Today or /demo) filtered to them, as its own filters link. */}
          Not in the totals:{" "}
          <a href={`${dashboardSearch(parseDashboardQuery(new URLSearchParams()), { status: progress.withoutAmount.status })}#investors`}>
            {progress.withoutAmount.text}
          </a>
        </p>
      ) : null}
    </section>
  );
}
