import { Link } from "react-router";
import type { RelationshipStatus } from "../domain/investor.ts";
import type { StartupScore } from "../domain/rubric/startup-score.ts";
import { ActionBadge, ScoreBar } from "./badges.tsx";

type RankedRow = {
  row: { investor: { id: number; name: string; firm: string | null; overall: number; relationship_status: RelationshipStatus } };
  result: StartupScore;
};

/** Investors already decided: in the round, or out of it. They are listed apart, below the active ones. */
const IN_THE_ROUND: ReadonlySet<RelationshipStatus> = new Set(["committed", "soft_committed"]);
const OUT: ReadonlySet<RelationshipStatus> = new Set(["passed", "not_a_fit"]);

/**
 * A startup's ranking (decisions 029 and 039): one number per investor, this startup's score, with
 * one email-first threshold said above it. For the round raising now that number is the
 * investor's own score, the one Today shows; for another startup the score Today ranks by is
 * beside it, named. Active investors first; the committed and the passed or not-a-fit apart.
 */
export function StartupRanking({
  startupName,
  ranking,
  emailFirstAt,
  severalStartups,
  raisingNow,
}: {
  startupName: string;
  ranking: readonly RankedRow[];
  emailFirstAt: number;
  severalStartups: boolean;
  raisingNow: string | null;
}) {
  const todayRanksBy = raisingNow === startupName ? null : severalStartups ? (raisingNow ?? "overall") : null;
  const status = (entry: RankedRow) => entry.row.investor.relationship_status;
  const active = ranking.filter((entry) => !IN_THE_ROUND.has(status(entry)) && !OUT.has(status(entry)));
  const inRound = ranking.filter((entry) => IN_THE_ROUND.has(status(entry)));
  const out = ranking.filter((entry) => OUT.has(status(entry)));
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
      {ranking.length === 0 ? <p className="muted">No investors yet.</p> : null}
      <RankingTable label="Ranking" rows={active.slice(0, 50)} todayRanksBy={todayRanksBy} />
      {inRound.length > 0 ? (
        <>
          <h3>In your round</h3>
          <RankingTable label="In your round" rows={inRound} todayRanksBy={todayRanksBy} />
        </>
      ) : null}
      {out.length > 0 ? (
        <>
          <h3>Passed or not a fit</h3>
          <RankingTable label="Passed or not a fit" rows={out.slice(0, 50)} todayRanksBy={todayRanksBy} />
        </>
      ) : null}
    </section>
  );
}

function RankingTable({ label, rows, todayRanksBy }: { label: string; rows: readonly RankedRow[]; todayRanksBy: string | null }) {
  if (rows.length === 0) return null;
  return (
    <table className="table ranking" aria-label={label}>
      <tbody>
        {rows.map(({ row, result }, index) => (
          <tr key={row.investor.id}>
            <td>{index + 1}</td>
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
