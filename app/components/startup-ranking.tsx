import { Link } from "react-router";
import type { RelationshipStatus } from "../domain/investor.ts";
import { RANKING_PAGE_SIZE, type RankingList, pageHref, pageRangeText } from "../domain/rubric/ranking-pages.ts";
import type { StartupScore } from "../domain/rubric/startup-score.ts";
import { ActionBadge, ScoreBar } from "./badges.tsx";

type RankedRow = {
  row: { investor: { id: number; name: string; firm: string | null; overall: number; relationship_status: RelationshipStatus } };
  result: StartupScore;
};

/** One list of the ranking as shown: its page of rows (in order) and where that page sits in the whole list. */
export type RankingListShown = { rows: readonly RankedRow[]; page: number; pages: number; offset: number; total: number };

/**
 * A startup's ranking (decisions 029, 039 and 071): one number per investor, this startup's score,
 * with one email-first threshold said above it. For the round raising now that number is the
 * investor's own score, the one Today shows; for another startup the score Today ranks by is
 * beside it, named. Active investors first; the committed and the passed or not-a-fit apart. Each
 * list shows one page of RANKING_PAGE_SIZE, says how many it holds, and links to its other pages.
 */
export function StartupRanking({
  startupName,
  lists,
  emailFirstAt,
  severalStartups,
  raisingNow,
  pathname,
  search,
}: {
  startupName: string;
  lists: Record<RankingList, RankingListShown>;
  emailFirstAt: number;
  severalStartups: boolean;
  raisingNow: string | null;
  pathname: string;
  search: string;
}) {
  const todayRanksBy = raisingNow === startupName ? null : severalStartups ? (raisingNow ?? "overall") : null;
  const all = lists.active.total + lists.in_round.total + lists.out.total;
  const pager = (list: RankingList) => <Pager list={list} shown={lists[list]} pathname={pathname} search={search} />;
  return (
    <section className="panel" aria-labelledby="ranking-heading">
      <h2 id="ranking-heading">Ranking for {startupName}</h2>
      <p className="muted small">
        Scores here use {startupName}'s rubric: email first at {emailFirstAt} or more.
        {raisingNow === startupName ? " The same scores and order as Today: this is the round you are raising now." : ""}
        {todayRanksBy === "overall" ? " The overall score beside each counts your whole raise (Today ranks by it)." : ""}
        {todayRanksBy && todayRanksBy !== "overall"
          ? ` The score beside each is for ${todayRanksBy}, the round raising now (Today ranks by it).`
          : ""}
      </p>
      {all === 0 ? (
        <p className="muted">No investors yet.</p>
      ) : (
        <p className="muted small" data-testid="ranking-count">
          {all.toLocaleString("en")} {all === 1 ? "investor" : "investors"} in all, {RANKING_PAGE_SIZE} a page. Moving a weight re-orders
          the ones shown; saving the rubric re-ranks all of them.
        </p>
      )}
      <RankingTable label="Ranking" shown={lists.active} todayRanksBy={todayRanksBy} />
      {pager("active")}
      {lists.in_round.total > 0 ? (
        <>
          <h3>In your round</h3>
          <RankingTable label="In your round" shown={lists.in_round} todayRanksBy={todayRanksBy} />
          {pager("in_round")}
        </>
      ) : null}
      {lists.out.total > 0 ? (
        <>
          <h3>Passed or not a fit</h3>
          <RankingTable label="Passed or not a fit" shown={lists.out} todayRanksBy={todayRanksBy} />
          {pager("out")}
        </>
      ) : null}
    </section>
  );
}

/** "1–50 of 30,000" and links to the previous and next pages: plain links, so they work without JavaScript. */
function Pager({ list, shown, pathname, search }: { list: RankingList; shown: RankingListShown; pathname: string; search: string }) {
  if (shown.total === 0) return null;
  return (
    <p className="muted small ranking-pager">
      {pageRangeText({ ...shown, limit: RANKING_PAGE_SIZE }, shown.rows.length)}
      {shown.page > 1 ? (
        <>
          {" · "}
          <Link to={pageHref(pathname, search, list, shown.page - 1)} preventScrollReset>
            Previous {RANKING_PAGE_SIZE}
          </Link>
        </>
      ) : null}
      {shown.page < shown.pages ? (
        <>
          {" · "}
          <Link to={pageHref(pathname, search, list, shown.page + 1)} preventScrollReset>
            Next {RANKING_PAGE_SIZE}
          </Link>
        </>
      ) : null}
    </p>
  );
}

function RankingTable({ label, shown, todayRanksBy }: { label: string; shown: RankingListShown; todayRanksBy: string | null }) {
  const { rows, offset } = shown;
  if (rows.length === 0) return null;
  return (
    <table className="table ranking" aria-label={label}>
      <tbody>
        {rows.map(({ row, result }, index) => (
          <tr key={row.investor.id}>
            <td>{offset + index + 1}</td>
            <td>
              <Link to={`/investors/${row.investor.id}`} className="investor-name">
                {row.investor.name}
              </Link>
              {row.investor.firm ? <span className="muted firm">{row.investor.firm}</span> : null}
            </td>
            <td>
              <ScoreBar score={result.score} />
              {todayRanksBy ? (
                <span className="muted score-note">
                  {row.investor.overall} {todayRanksBy === "overall" ? "overall" : `for ${todayRanksBy}`}
                </span>
              ) : null}
            </td>
            <td>
              <ActionBadge action={result.action} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
