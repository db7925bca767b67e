import { Form, Link } from "react-router";
import type { DashboardData } from "#db/queries/dashboard.server.ts";
import { type DashboardQuery, dashboardSearch, MAX_FILTER_QUERY_CHARS } from "../../domain/dashboard-query.ts";
import { ACTION_LABELS, ACTIONS, RELATIONSHIP_STATUSES, STATUS_LABELS } from "../../domain/vocabulary.ts";
import { ActionBadge, ScoreBar, StatusLabel } from "../badges.tsx";

type Props = {
  data: Pick<DashboardData, "investors" | "total" | "pageSize" | "startups" | "rankFor" | "raisingNow">;
  query: DashboardQuery;
  basePath: string;
  investorPath: string;
};

const COLUMNS: Array<{ key: DashboardQuery["sort"] | null; label: string }> = [
  { key: "name", label: "Investor" },
  { key: "score", label: "Score" },
  { key: "action", label: "Action" },
  { key: "status", label: "Status" },
  { key: "last_contact", label: "Last contact" },
  { key: null, label: "Why" },
];

/** A column's name inside the cell, shown only when the table is laid out as cards (phones). */
function CellLabel({ children }: { children: string }) {
  return <span className="cell-label">{children} </span>;
}

export function InvestorTable({ data, query, basePath, investorPath }: Props) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = data.total === 0 ? 0 : (query.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, query.page * data.pageSize);
  return (
    <section className="panel" id="investors" aria-label="Investors">
      <Form method="get" action={basePath} className="filters" role="search">
        <label>
          <span>Search</span>
          <input type="search" name="q" defaultValue={query.q} maxLength={MAX_FILTER_QUERY_CHARS} placeholder="Name, firm or email" />
        </label>
        <label>
          <span>Action</span>
          <select name="action" defaultValue={query.action ?? ""}>
            <option value="">Any action</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Status</span>
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">Any status</option>
            {RELATIONSHIP_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        {data.startups.length > 0 ? (
          <label>
            <span>Rank for</span>
            <select name="for" defaultValue={data.rankFor ? String(data.rankFor.id) : ""}>
              <option value="">
                {data.raisingNow ? `Your score (${data.raisingNow}, raising now)` : "Your whole raise (overall score)"}
              </option>
              {data.startups.map((startup) => (
                <option key={startup.id} value={startup.id}>
                  {startup.name} (its rubric)
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.dir} />
        {/* A filter within "Mine" stays within it (decision 062). */}
        {query.mine ? <input type="hidden" name="mine" value="1" /> : null}
        <button type="submit" className="button-secondary">
          Filter
        </button>
        {query.q || query.action || query.status || query.for ? (
          <Link to={query.mine ? `${basePath}?mine=1` : basePath} className="clear-filters">
            Clear
          </Link>
        ) : null}
      </Form>

      {data.total === 0 ? (
        <p className="muted empty-table">No investor matches these filters.</p>
      ) : (
        <div className="table-wrap">
          <table className="table investor-table">
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  if (!column.key)
                    return (
                      <th key={column.label} scope="col">
                        {column.label}
                      </th>
                    );
                  const active = query.sort === column.key;
                  const nextDir =
                    active && query.dir === "desc"
                      ? "asc"
                      : active
                        ? "desc"
                        : column.key === "name" || column.key === "status" || column.key === "action"
                          ? "asc"
                          : "desc";
                  return (
                    <th key={column.label} scope="col" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"}>
                      <Link to={basePath + dashboardSearch(query, { sort: column.key, dir: nextDir, page: 1 })} preventScrollReset>
                        {column.key === "score" && data.rankFor ? `Score for ${data.rankFor.name}` : column.label}
                        {active ? (query.dir === "asc" ? " ▲" : " ▼") : ""}
                      </Link>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {data.investors.map((investor) => (
                <tr key={investor.id}>
                  <td className="cell-name">
                    <Link to={`${investorPath}/${investor.id}`} className="investor-name">
                      {investor.name}
                    </Link>
                    {investor.firm ? <span className="muted firm">{investor.firm}</span> : null}
                  </td>
                  <td className="cell-score">
                    {data.rankFor ? (
                      <>
                        <ScoreBar score={investor.startupScore ?? 0} />
                        <span className="muted score-note">
                          for {data.rankFor.name}
                          {data.rankFor.name === data.raisingNow
                            ? null
                            : ` · ${investor.score} ${data.raisingNow ? `for ${data.raisingNow}` : "overall"}`}
                        </span>
                      </>
                    ) : (
                      <ScoreBar score={investor.score} />
                    )}
                  </td>
                  <td className="cell-action">
                    <ActionBadge action={investor.action} />
                  </td>
                  <td className="cell-status">
                    <CellLabel>Status</CellLabel>
                    <StatusLabel status={investor.relationshipStatus} />
                  </td>
                  <td className="cell-contact">
                    <CellLabel>Last contact</CellLabel>
                    {investor.lastContactDate ?? <span className="muted">—</span>}
                  </td>
                  <td className="why">
                    <CellLabel>Why</CellLabel>
                    {investor.signalRedFlag ? (
                      <span className="red-flag">⚑ {investor.signalRedFlag}</span>
                    ) : investor.signalHook ? (
                      investor.signalHook
                    ) : investor.reason ? (
                      <span className="muted">{investor.reason}</span>
                    ) : (
                      <span className="muted">No data yet</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav className="pagination" aria-label="Pages">
        <span className="muted">
          {first}–{last} of {data.total}
        </span>
        {query.page > 1 ? (
          <Link to={basePath + dashboardSearch(query, { page: query.page - 1 })} rel="prev">
            ← Previous
          </Link>
        ) : null}
        {query.page < pages ? (
          <Link to={basePath + dashboardSearch(query, { page: query.page + 1 })} rel="next">
            Next →
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
