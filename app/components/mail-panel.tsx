import { Form, useNavigation } from "react-router";
import type { NoticeTone } from "../domain/service-state.ts";
import type { MailSyncStatus } from "#db/queries/mail-status.server.ts";

/** The variables mail capture needs (the rest have defaults). */
const REQUIRED = ["IMAP_HOST", "IMAP_USER", "IMAP_PASSWORD"] as const;
const OPTIONAL: { name: string; note: string }[] = [
  { name: "IMAP_PORT", note: "993 unless set" },
  { name: "IMAP_TLS", note: "on unless set to false" },
  { name: "IMAP_MAILBOXES", note: "comma-separated; the inbox and the Sent mailbox unless set" },
  { name: "MAIL_SYNC_CRON", note: "every 15 minutes unless set" },
];

export type MailSetup = { configured: boolean; missing: string[] };

/** Which of the required variables are not set: names only, never a value. */
export function mailSetupFor(given: Record<string, boolean>, configured: boolean): MailSetup {
  return { configured, missing: REQUIRED.filter((name) => !given[name]) };
}

export type SyncNotice = { tone: NoticeTone; text: string } | null;

/** What "Sync now" answered (`?synced=added:N`, `failed`, `not_configured`), in words. */
export function syncNotice(value: string | null): SyncNotice {
  if (value === null) return null;
  // Not set up is a setting to make (neutral); a sync that did not finish is a failure (decision 030).
  if (value === "not_configured")
    return { tone: "info", text: "Mail is not configured yet (IMAP_HOST, IMAP_USER, IMAP_PASSWORD): nothing was read." };
  if (value === "failed") return { tone: "bad", text: "The sync did not finish. What went wrong is below." };
  const added = /^added:(\d{1,9})$/.exec(value);
  if (!added) return null;
  const n = Number(added[1]);
  return {
    tone: "good",
    text: n === 0 ? "Synced: no new emails with your investors." : `Synced: ${n} new ${n === 1 ? "email" : "emails"} to log on Today.`,
  };
}

const SKIP_REASONS = { header_too_large: "header too large", unreadable: "unreadable" } as const;

/** "2 messages skipped: header too large" / "3 messages skipped: header too large / unreadable". */
export function skippedText(skipped: readonly { reason: keyof typeof SKIP_REASONS }[], count: number): string {
  const reasons = [...new Set(skipped.map((entry) => SKIP_REASONS[entry.reason]))];
  return `${count} ${count === 1 ? "message" : "messages"} skipped${reasons.length > 0 ? `: ${reasons.join(" / ")}` : ""}`;
}

function when(iso: string | null): string {
  if (!iso) return "never";
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * /settings' mail panel (docs/decisions/014-mail-capture.md): whether mail capture is set up
 * (which variables are missing, never their values), what the last sync did, its last error in
 * our own words, and "Sync now" — a plain form post, so it works without JavaScript.
 */
export function MailPanel({ mail }: { mail: MailSetup & { status: MailSyncStatus; synced: SyncNotice } }) {
  const navigation = useNavigation();
  const syncing = navigation.state !== "idle" && navigation.formAction === "/settings/mail-sync";
  const { status } = mail;
  return (
    <section className="panel mail-panel" aria-labelledby="mail">
      <h2 id="mail">
        Mail capture{" "}
        <span className={`badge integration-status-${mail.configured ? "on" : "off"}`}>{mail.configured ? "Set up" : "Not set up"}</span>
      </h2>
      <p className="muted">
        Reads only the headers of messages to and from your investors' addresses (never a body), so Today can list replies waiting on you
        and emails to log. Nothing is added to an investor's history until you press Log.
      </p>
      {mail.synced ? (
        <p className={`notice notice-${mail.synced.tone}`} role="status">
          {mail.synced.text}
        </p>
      ) : null}
      {mail.configured ? (
        <>
          <dl>
            <dt>Last sync</dt>
            <dd>{status.finished_at ? when(status.finished_at) : status.started_at ? `started ${when(status.started_at)}` : "not yet"}</dd>
            <dt>Mailboxes read</dt>
            <dd>{status.mailboxes.length > 0 ? status.mailboxes.join(", ") : "none yet"}</dd>
            <dt>Found</dt>
            <dd>
              {status.seen} {status.seen === 1 ? "message" : "messages"} seen, {status.matched} with an investor, {status.added} new
            </dd>
            {status.skipped_messages.length > 0 ? (
              <>
                <dt>Skipped</dt>
                <dd>
                  {skippedText(status.skipped_messages, status.skipped_messages.length)} ({status.skipped} in the last sync): read past,
                  never retried, nothing of them kept. Look them up in your mail client:
                  <ul className="mail-skipped">
                    {status.skipped_messages.map((entry) => (
                      <li key={`${entry.mailbox} ${entry.uid}`}>
                        {entry.mailbox}, UID {entry.uid} — {SKIP_REASONS[entry.reason] ?? entry.reason}
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
            {status.last_error ? (
              <>
                <dt>Last error</dt>
                <dd className="form-error">
                  {status.last_error} <span className="muted">({when(status.last_error_at)})</span>
                </dd>
              </>
            ) : null}
          </dl>
          <Form method="post" action="/settings/mail-sync">
            <button type="submit" className="button-secondary" disabled={syncing}>
              {syncing ? "Syncing…" : "Sync now"}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p>
            To turn it on, set{" "}
            {mail.missing.map((name, index) => (
              <span key={name}>
                {index > 0 ? (index === mail.missing.length - 1 ? " and " : ", ") : null}
                <code>{name}</code>
              </span>
            ))}{" "}
            on the server (for most mail providers, IMAP_PASSWORD is an app password). See the README section “Mail capture (optional)”.
          </p>
          <ul className="integration-variables">
            {REQUIRED.map((name) => (
              <li key={name}>
                <code>{name}</code> {mail.missing.includes(name) ? "not set" : "set"}
                {name === "IMAP_PASSWORD" ? " · secret" : ""}
              </li>
            ))}
            {OPTIONAL.map((variable) => (
              <li key={variable.name}>
                <code>{variable.name}</code> <span className="muted">· {variable.note}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
