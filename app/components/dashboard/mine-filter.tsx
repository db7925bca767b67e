import { Link } from "react-router";

/**
 * "Mine / Everyone" (decision 062): two plain links, so the filter works without JavaScript and a
 * view can be bookmarked. "Mine" says how many investors nobody owns, which it leaves out.
 */
export function MineFilter({
  basePath,
  mine,
  unowned,
}: {
  basePath: string;
  mine: boolean;
  /** How many investors have no owner (shown with "Mine"). */
  unowned: number | null;
}) {
  return (
    <nav className="mine-filter" aria-label="Whose investors">
      <span className="muted">Show:</span>{" "}
      <Link to={`${basePath}?mine=1`} aria-current={mine ? "page" : undefined}>
        Mine
      </Link>{" "}
      ·{" "}
      <Link to={basePath} aria-current={mine ? undefined : "page"}>
        Everyone
      </Link>
      {mine && unowned ? (
        <span className="muted">{` · ${unowned === 1 ? "1 investor has" : `${unowned} investors have`} no owner (see Everyone)`}</span>
      ) : null}
    </nav>
  );
}
