import { Link } from "react-router";
import type { TimelineLine } from "../domain/timeline.ts";

/**
 * Today's "Since you last looked" (decision 061): what other members and the app's own work did
 * since this member's last look, each line linking to its investor. Nothing when nothing happened.
 */
export function SinceYouLooked({ lines, basePath = "" }: { lines: readonly TimelineLine[]; basePath?: string }) {
  if (lines.length === 0) return null;
  return (
    <section className="panel since-looked" aria-labelledby="since-looked-heading">
      <h2 id="since-looked-heading">Since you last looked</h2>
      <ul className="activity-lines">
        {lines.map((line) => (
          <li key={line.key}>
            {line.investorId !== null ? <Link to={`${basePath}/investors/${line.investorId}`}>{line.text}</Link> : line.text}
            <span className="muted">
              {" · "}
              <time dateTime={line.at}>{line.ago}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
