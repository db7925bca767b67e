import { Link, useFetcher } from "react-router";
import type { MailToLogRow, ReplyWaitingRow } from "#db/queries/mail.server.ts";
import { LOG_ALL_LIMIT, mailDate, mailWhen, waitingText } from "../../domain/mail-today.ts";

type Counted<T> = { rows: T[]; total: number };

export type TodayMail = {
  /** Mail capture is set up on this side (the demo always is): empty sections then say so. */
  setUp: boolean;
  replies: Counted<ReplyWaitingRow>;
  toLog: Counted<MailToLogRow>;
};

function Who({ row, investorPath }: { row: { investor_id: number; name: string; firm: string | null }; investorPath: string }) {
  return (
    <div className="today-who">
      <Link to={`${investorPath}/${row.investor_id}`} className="today-name">
        {row.name}
      </Link>
      {row.firm && row.firm !== row.name ? <span className="muted"> · {row.firm}</span> : null}
    </div>
  );
}

/**
 * "unverified": the receiving mail server did not vouch for the From (decision 017) — anyone can
 * write an investor's address there. Shown beside the subject wherever a mail contact is.
 */
export function Unverified({ verified }: { verified: boolean }) {
  if (verified) return null;
  return (
    <span className="badge badge-unverified" title="Your mail server did not confirm this sender (no DKIM or DMARC pass for its domain)">
      unverified
    </span>
  );
}

function Subject({ text }: { text: string }) {
  return text.trim() === "" ? <p className="today-reason muted">(no subject)</p> : <p className="today-reason mail-subject">{text}</p>;
}

/**
 * "Replies waiting on you" (docs/product.md#today-and-emailed): investors whose latest email to the
 * founder has no answer yet, longest waiting first. Shown first among the follow-ups.
 */
export function RepliesWaiting({ mail, now, investorPath }: { mail: TodayMail; now: Date; investorPath: string }) {
  const { rows, total } = mail.replies;
  if (total === 0 && !mail.setUp) return null;
  return (
    <section className="panel today-list today-replies" aria-labelledby="today-replies">
      <h3 id="today-replies">
        Replies waiting on you <span className="today-count">{total}</span>
      </h3>
      {rows.length === 0 ? (
        <p className="muted">No replies waiting on you.</p>
      ) : (
        <ol className="today-rows">
          {rows.map((row) => (
            <li key={row.id} className="today-row mail-row">
              <Who row={row} investorPath={investorPath} />
              <Subject text={row.subject} />
              <p className="today-reason">
                <strong>{waitingText(row.received_at, now)}</strong> · received {mailDate(row.received_at, now)}{" "}
                <Unverified verified={row.verified} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {total > rows.length ? <p className="today-more muted">and {total - rows.length} more, oldest first</p> : null}
    </section>
  );
}

/**
 * "Emails to log": messages to and from investors that are not in their contact history yet,
 * newest first, each with "Log", and "Log all". Logging goes through the investor edit.
 */
export function EmailsToLog({ mail, now, basePath, investorPath }: { mail: TodayMail; now: Date; basePath: string; investorPath: string }) {
  const { rows, total } = mail.toLog;
  if (total === 0 && !mail.setUp) return null;
  const action = `${basePath === "/" ? "" : basePath}/mail/log`;
  return (
    <section className="panel today-list today-to-log" aria-labelledby="today-to-log">
      <h3 id="today-to-log">
        Emails to log <span className="today-count">{total}</span>
      </h3>
      {rows.length === 0 ? (
        <p className="muted">No emails to log.</p>
      ) : (
        <>
          <ol className="today-rows">
            {rows.map((row) => (
              <li key={row.id} className="today-row mail-row">
                <Who row={row} investorPath={investorPath} />
                <Subject text={row.subject} />
                <p className="today-reason muted">
                  {mailWhen(row.direction, row.sent_at, now)} <Unverified verified={row.verified} />
                </p>
                <LogButton
                  action={action}
                  ids={[row.id]}
                  label={`Log the email ${row.direction === "sent" ? "to" : "from"} ${row.name}: “${row.subject.trim() || "(no subject)"}”`}
                />
              </li>
            ))}
          </ol>
          <div className="today-more mail-log-all">
            {total > rows.length ? <span className="muted">and {total - rows.length} more · </span> : null}
            <LogButton
              action={action}
              all
              label={total === 1 ? "Log it" : total > LOG_ALL_LIMIT ? `Log the oldest ${LOG_ALL_LIMIT}` : `Log all ${total}`}
              visible
            />
          </div>
        </>
      )}
    </section>
  );
}

/**
 * A "Log" form: with JavaScript a fetcher (the page stays put while it saves, then follows the
 * redirect), without it a plain post. `investor` sends the answer back to that investor's page.
 */
export function LogButton({
  action,
  ids = [],
  all = false,
  investor,
  label,
  visible = false,
}: {
  action: string;
  ids?: number[];
  all?: boolean;
  investor?: number;
  /** The button's accessible name (it reads "Log" on screen unless `visible`). */
  label: string;
  visible?: boolean;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} className={all ? "mail-log-form" : "today-emailed"}>
      {ids.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      {all ? <input type="hidden" name="all" value="1" /> : null}
      {investor !== undefined ? <input type="hidden" name="investor" value={investor} /> : null}
      <button type="submit" className="button-small" disabled={busy} aria-label={visible ? undefined : label}>
        {busy ? "Saving…" : visible ? label : "Log"}
      </button>
    </fetcher.Form>
  );
}
