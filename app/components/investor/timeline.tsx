import type { TimelineLine } from "../../domain/timeline.ts";

/**
 * The investor's timeline in words (decision 061): who changed what and what a refresh found,
 * merged with the contact history, newest first, with times made on the server ("2 h ago").
 */
export function InvestorTimeline({ lines }: { lines: readonly TimelineLine[] }) {
  return (
    <section className="panel" aria-labelledby="timeline-heading" id="timeline">
      <h2 id="timeline-heading">Timeline</h2>
      {lines.length === 0 ? (
        <p className="muted">Nothing recorded yet.</p>
      ) : (
        <ol className="activity-lines">
          {lines.map((line) => (
            <li key={line.key}>
              {line.text}
              <span className="muted">
                {" · "}
                <time dateTime={line.at}>{line.ago}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
