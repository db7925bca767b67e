import type { InvestorRow } from "#db/queries/investors.server.ts";
import { STATUS_LABELS } from "../../domain/investor.ts";
import { ActionBadge } from "../badges.tsx";

/**
 * Where the founder stands with an investor, under the page's heading: the relationship status,
 * the last contact and the next action with its reason, and a link down to the form that changes
 * them. On a phone the form is two screens down; this strip is on the first (decision 035).
 */
export function InvestorStanding({
  investor,
  formId,
  notSaved = false,
}: {
  investor: InvestorRow;
  formId: string;
  /** true: the form had a mistake; "conflict": a teammate's newer change clashed with it (decision 063). */
  notSaved?: boolean | "conflict";
}) {
  const reason = investor.scoreExplained?.action_reason;
  return (
    <section className="panel investor-standing" aria-label="Where you stand">
      {notSaved === "conflict" ? (
        <p className="form-error">
          Not saved: someone changed this investor since you opened it. <a href={`#${formId}`}>The form below says who and what</a>.
        </p>
      ) : notSaved ? (
        // Without JavaScript the page comes back at its top: say here that nothing was saved, and where to look.
        <p className="form-error" role="alert">
          Not saved. <a href={`#${formId}`}>The form below says what to fix</a> (for "Passed", choose why they passed).
        </p>
      ) : null}
      <dl className="standing-facts">
        <div>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[investor.relationshipStatus]}</dd>
        </div>
        <div>
          <dt>Last contact</dt>
          <dd>{investor.lastContactDate ?? "Never"}</dd>
        </div>
        <div className="investor-next-action">
          <dt>Next action</dt>
          <dd>
            <ActionBadge action={investor.action} />
            {reason ? <span className="standing-reason"> {reason}</span> : null}
          </dd>
        </div>
      </dl>
      <a href={`#${formId}`} className="button-secondary">
        Change status or log a contact
      </a>
    </section>
  );
}
