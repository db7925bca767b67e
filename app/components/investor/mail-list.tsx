import type { InvestorRow } from "#db/queries/investors.server.ts";
import type { MailContactRow } from "#db/queries/mail.server.ts";
import { loggedText, mailWhen } from "../../domain/mail-today.ts";
import { LogButton, Unverified } from "../dashboard/today-mail.tsx";
import { type Undone, UndoNotice, loggedRecord } from "../undo-notice.tsx";

/**
 * The investor's mail contacts (decision 014): what the mail sync found to and from their address,
 * newest first, each logged or with "Log", which records it through the investor edit. After a
 * "Log" the notice offers "Undo" (decision 036), which comes back here.
 */
export function MailList({
  investor,
  mail,
  logged,
  undo,
  undone,
  now,
}: {
  investor: InvestorRow;
  mail: { rows: MailContactRow[]; total: number };
  logged: number | null;
  undo: string | null;
  undone: Undone | null;
  now: Date;
}) {
  const base = investor.isDemo ? "/demo" : "";
  return (
    <section className="panel" aria-labelledby="mail-heading" id="mail">
      <h2 id="mail-heading">Mail</h2>
      <UndoNotice
        recorded={logged ? loggedRecord(logged) : null}
        undo={undo}
        undone={undone}
        undoPath={`${base}/undo`}
        investor={investor.id}
        className="mail-notice"
      />
      {logged === 0 ? (
        <p className="notice notice-good" role="status">
          {loggedText(0)}
        </p>
      ) : null}
      <ul className="mail-list">
        {mail.rows.map((row) => (
          <li key={row.id}>
            <p className={row.subject.trim() === "" ? "muted" : undefined}>{row.subject.trim() === "" ? "(no subject)" : row.subject}</p>
            <p className="muted small">
              {mailWhen(row.direction, row.sent_at, now)} <Unverified verified={row.verified} />
            </p>
            {row.logged_at ? (
              <span className="muted small mail-logged">Logged</span>
            ) : (
              <LogButton
                action={`${base}/mail/log`}
                ids={[row.id]}
                investor={investor.id}
                label={`Log the email “${row.subject.trim() || "(no subject)"}”`}
              />
            )}
          </li>
        ))}
      </ul>
      {mail.total > mail.rows.length ? (
        <p className="muted small">
          The {mail.rows.length} newest of {mail.total} emails.
        </p>
      ) : null}
    </section>
  );
}
