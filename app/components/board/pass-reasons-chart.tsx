import type { PassReasonBar } from "../../domain/board.ts";

/**
 * Why investors passed, as CSS bars. The bars are drawn for the eye only; the list's text (reason
 * and count) is what a screen reader reads, so the chart needs no separate description.
 */
export function PassReasonsChart({ bars }: { bars: PassReasonBar[] }) {
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  return (
    <section className="panel pass-reasons" aria-labelledby="pass-reasons-title">
      <h2 id="pass-reasons-title">Why they passed</h2>
      {total === 0 ? (
        <p className="muted">Nobody has passed yet.</p>
      ) : (
        <ul className="pass-reasons-bars">
          {bars.map((bar) => (
            <li key={bar.reason ?? "unrecorded"}>
              <span className="pass-reasons-label">{bar.label}</span>
              <span className="pass-reasons-track" aria-hidden="true">
                <span className="pass-reasons-bar" style={{ width: `${Math.round(bar.share * 100)}%` }} />
              </span>
              <span className="pass-reasons-count">{bar.count}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
