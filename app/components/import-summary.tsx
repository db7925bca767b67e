import { Link } from "react-router";
import { importedSentence } from "../domain/first-morning.ts";

export type ImportSummaryData = {
  token: string;
  created: number;
  updated: number;
  changes: string;
  unchanged: number;
  refused: number;
  chosen: string;
  cellsLeftOut: number;
  /** Owner names the team does not have, in words, or "" (decision 062). */
  owners: string;
  /** "12 intro paths through 9 people" added from the Intro via column (decision 065), or "". */
  intro: string;
};

/**
 * What an import did, on the page the founder lands on after it (docs/product.md#import): the
 * counts, what the updates changed in words, the refused rows as a CSV download (a plain link:
 * it works without JavaScript), and the way on to Today.
 */
export function ImportSummary({ summary }: { summary: ImportSummaryData }) {
  const refusedHref = `/investors/import/refused.csv?done=${encodeURIComponent(summary.token)}`;
  return (
    <section className="panel" aria-label="Imported">
      <h2>Imported</h2>
      <p className="import-sentence" role="status">
        <strong>{importedSentence(summary)}</strong>
        {summary.refused ? (
          <>
            {" — "}
            <a href={refusedHref} download>
              see why
            </a>
          </>
        ) : null}
        .
      </p>
      <ul className="import-summary">
        <li>
          <strong>{summary.created}</strong> new
        </li>
        <li>
          <strong>{summary.updated}</strong> updated
        </li>
        <li>
          <strong>{summary.unchanged}</strong> unchanged
        </li>
        <li className={summary.refused ? "bad" : undefined}>
          <strong>{summary.refused}</strong> refused
        </li>
      </ul>
      {summary.changes ? <p>{`Of the updated: ${summary.changes}.`}</p> : null}
      {summary.intro ? <p className="import-intro">{`${summary.intro} added: see them on each investor's page.`}</p> : null}
      <OwnersLine sentence={summary.owners} />
      {summary.refused ? (
        <p>
          <a href={refusedHref} download>
            {`Download the ${summary.refused === 1 ? "refused row" : `${summary.refused} refused rows`} (CSV, with the reason on each row)`}
          </a>{" "}
          <span className="muted">— kept for an hour.</span>
        </p>
      ) : null}
      <p>
        <Link to="/" className="button-primary">
          Today
        </Link>
      </p>
    </section>
  );
}

/** The Owner column's names the team does not have (decision 062), "/settings" a link to where invites are made. */
export function OwnersLine({ sentence }: { sentence: string }) {
  if (!sentence) return null;
  const [before, after] = sentence.split("/settings");
  return (
    <p className="import-owners" role="note">
      {before}
      {after !== undefined ? <Link to="/settings">/settings</Link> : null}
      {after}
    </p>
  );
}
