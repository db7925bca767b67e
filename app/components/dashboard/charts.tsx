import { RELATIONSHIP_STATUSES, type RelationshipStatus, STATUS_LABELS } from "../../domain/vocabulary.ts";

/** Server-rendered SVG charts: no chart library, no JavaScript needed, readable by screen readers. */

// RELATIONSHIP_STATUSES is already in pipeline order, the two closed-out statuses last.
const CLOSED: RelationshipStatus[] = ["passed", "not_a_fit"];

export function PipelineFunnel({ counts }: { counts: Partial<Record<RelationshipStatus, number>> }) {
  const stages = RELATIONSHIP_STATUSES;
  const max = Math.max(1, ...RELATIONSHIP_STATUSES.map((status) => counts[status] ?? 0));
  const rowHeight = 22;
  const labelWidth = 130;
  const barWidth = 260;
  const height = stages.length * rowHeight + 8;
  return (
    <figure className="chart">
      <figcaption>Pipeline by relationship status</figcaption>
      <svg viewBox={`0 0 ${labelWidth + barWidth + 40} ${height}`} role="img" aria-label="Investors per relationship status">
        {stages.map((status, index) => {
          const value = counts[status] ?? 0;
          const width = (value / max) * barWidth;
          const y = index * rowHeight + 4;
          const closed = CLOSED.includes(status);
          return (
            <g key={status}>
              <text x={labelWidth - 8} y={y + 14} textAnchor="end" className="chart-label">
                {STATUS_LABELS[status]}
              </text>
              <rect
                x={labelWidth + (barWidth - width) / 2}
                y={y}
                width={Math.max(width, value > 0 ? 2 : 0)}
                height={rowHeight - 6}
                rx={3}
                className={closed ? "chart-bar chart-bar-closed" : "chart-bar"}
              >
                <title>{`${STATUS_LABELS[status]}: ${value}`}</title>
              </rect>
              <text x={labelWidth + barWidth + 6} y={y + 14} className="chart-value">
                {value}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function ScoreDistribution({ bins }: { bins: number[] }) {
  const max = Math.max(1, ...bins);
  const width = 400;
  const height = 150;
  const barGap = 6;
  const chartHeight = height - 24;
  const barWidth = width / bins.length - barGap;
  return (
    <figure className="chart">
      <figcaption>Score distribution</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Investors per score band">
        {bins.map((value, index) => {
          const barHeight = (value / max) * (chartHeight - 14);
          const x = index * (barWidth + barGap) + barGap / 2;
          const band = `${index * 10}–${index === 9 ? 100 : index * 10 + 9}`;
          return (
            <g key={band}>
              <rect
                x={x}
                y={chartHeight - barHeight}
                width={barWidth}
                height={barHeight}
                rx={3}
                className={`chart-bar band-${Math.min(4, Math.floor(index / 2))}`}
              >
                <title>{`Score ${band}: ${value}`}</title>
              </rect>
              {value > 0 ? (
                <text x={x + barWidth / 2} y={chartHeight - barHeight - 3} textAnchor="middle" className="chart-value">
                  {value}
                </text>
              ) : null}
              <text x={x + barWidth / 2} y={height - 6} textAnchor="middle" className="chart-label">
                {index * 10}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
