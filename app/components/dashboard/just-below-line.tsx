import { Link } from "react-router";

/** Today's scores when a round is raising now (decision 039): whose, its line, and who waits just under it. */
export type ScoredFor = {
  startup: string;
  startupId: number;
  emailFirstAt: number;
  /** Investors not yet contacted who wait with a score from `from` up to the line (db/queries/today.server.ts). */
  justBelow: { count: number; from: number };
};

/**
 * Under "Email first": the good fits a point or a few under the line, which Today does not list
 * (they "wait"), with the way to them (the table, filtered, highest score first) and to the line
 * itself (the startup's page). Nothing when nobody is just below.
 */
export function JustBelowLine({ scoredFor, basePath }: { scoredFor: ScoredFor; basePath: string }) {
  const { count, from } = scoredFor.justBelow;
  if (count === 0) return null;
  const to = scoredFor.emailFirstAt - 1;
  const range = from === to ? String(to) : `${from}–${to}`;
  return (
    <p className="muted small today-just-below">
      {count === 1 ? "1 more investor" : `${count.toLocaleString("en-US")} more investors`} not yet contacted{" "}
      {count === 1 ? "scores" : "score"} {range} for {scoredFor.startup}, just under the line: {count === 1 ? "it waits" : "they wait"}.{" "}
      <Link to={`${basePath}?action=wait&status=not_contacted#investors`}>{count === 1 ? "See it" : "See them, highest first"}</Link>, or
      lower the line on <Link to={`/startups/${scoredFor.startupId}`}>{scoredFor.startup}'s page</Link>.
    </p>
  );
}
