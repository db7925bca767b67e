import { Link } from "react-router";

/** Today's scores when a round is raising now (decision 039): whose, its line, and who waits just under it. */
export type ScoredFor = {
  startup: string;
  startupId: number;
  emailFirstAt: number;
  /**
   * Investors not yet contacted who wait with a score from `from` up to the line, and how many wait
   * under it in all with the best of their scores (db/queries/today.server.ts).
   */
  justBelow: { count: number; from: number; waiting: number; best: number };
};

/**
 * Under "Email first": the good fits a point or a few under the line, which Today does not list
 * (they "wait"), with the way to them (the table, filtered, highest score first) and to the line
 * itself (the startup's page). When nobody is just below but some wait further down (a list that
 * fits this startup poorly), how many and the best score, so an empty "Email first" is not a dead
 * end. Nothing when nobody waits.
 */
export function JustBelowLine({ scoredFor, basePath }: { scoredFor: ScoredFor; basePath: string }) {
  const { count, from, waiting, best } = scoredFor.justBelow;
  if (waiting === 0) return null;
  const toThem = `${basePath}?action=wait&status=not_contacted#investors`;
  if (count === 0) {
    return (
      <p className="muted small today-just-below">
        {waiting === 1
          ? `1 investor not yet contacted waits for ${scoredFor.startup}, scoring ${best}: not`
          : `${waiting.toLocaleString("en-US")} investors not yet contacted wait for ${scoredFor.startup}, the best scoring ${best}: none`}{" "}
        within {scoredFor.emailFirstAt - from} points of the line ({scoredFor.emailFirstAt}).{" "}
        <Link to={toThem}>{waiting === 1 ? "See it" : "See them, highest first"}</Link>, or lower the line on{" "}
        <Link to={`/startups/${scoredFor.startupId}`}>{scoredFor.startup}'s page</Link>.
      </p>
    );
  }
  const to = scoredFor.emailFirstAt - 1;
  const range = from === to ? String(to) : `${from}–${to}`;
  return (
    <p className="muted small today-just-below">
      {count === 1 ? "1 more investor" : `${count.toLocaleString("en-US")} more investors`} not yet contacted{" "}
      {count === 1 ? "scores" : "score"} {range} for {scoredFor.startup}, just under the line: {count === 1 ? "it waits" : "they wait"}.{" "}
      <Link to={toThem}>{count === 1 ? "See it" : "See them, highest first"}</Link>, or lower the line on{" "}
      <Link to={`/startups/${scoredFor.startupId}`}>{scoredFor.startup}'s page</Link>.
    </p>
  );
}
