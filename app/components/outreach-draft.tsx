import { useEffect, useState } from "react";
import { type EmailDraft, type OutreachDraft, draftAsText, mailtoLink } from "../domain/outreach.ts";

/**
 * The draft to edit, copy or open in a mail app; nothing is sent from here. With JavaScript the
 * subject and body are editable and Copy and the mail link carry the edited text; without it the
 * founder selects the text in the boxes, and the mail link opens the draft as written.
 */
export function OutreachDraftView({ draft, id }: { draft: OutreachDraft; id: string }) {
  if (draft.kind === "no_email") {
    return (
      <p className="outreach-note" data-kind="no_email">
        {draft.note}
      </p>
    );
  }
  // A new draft from the server (status or settings changed) replaces any edits.
  return <EmailDraftEditor key={`${draft.subject}\n${draft.body}`} draft={draft} id={id} />;
}

function EmailDraftEditor({ draft, id }: { draft: EmailDraft; id: string }) {
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const edited = subject !== draft.subject || body !== draft.body;

  const copy = () => {
    const text = draftAsText(subject, body);
    if (!navigator.clipboard) return setCopied("failed");
    navigator.clipboard.writeText(text).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  };

  return (
    <div className="outreach" data-kind={draft.kind}>
      <p className="outreach-note">{draft.note}</p>
      <label htmlFor={`${id}-subject`}>Subject</label>
      <input
        id={`${id}-subject`}
        type="text"
        value={subject}
        onChange={(event) => {
          setSubject(event.target.value);
          setCopied("no");
        }}
      />
      <label htmlFor={id}>Draft email</label>
      <textarea
        id={id}
        value={body}
        rows={Math.min(body.split("\n").length + 1, 24)}
        onChange={(event) => {
          setBody(event.target.value);
          setCopied("no");
        }}
      />
      <div className="outreach-actions">
        {interactive ? (
          <button type="button" className="button-secondary" onClick={copy}>
            {copied === "yes" ? "Copied" : "Copy subject and email"}
          </button>
        ) : null}
        <a className="button-secondary" href={interactive ? mailtoLink(draft.to, subject, body) : draft.mailto}>
          Open in your mail app
        </a>
        {interactive && edited ? (
          <button
            type="button"
            className="button-quiet"
            onClick={() => {
              setSubject(draft.subject);
              setBody(draft.body);
            }}
          >
            Back to the draft
          </button>
        ) : null}
        {draft.to ? null : <span className="muted">No email address on file: your mail app opens without a recipient.</span>}
      </div>
      {copied === "failed" ? (
        <p className="field-error" role="alert">
          Copying is not allowed here: select the text above and copy it yourself.
        </p>
      ) : null}
      {interactive ? null : (
        // Shown until the page is interactive, so only for good when JavaScript is off.
        <p className="muted">
          JavaScript is off: select the subject and the text above to copy them. The mail-app link opens the draft as first written.
        </p>
      )}
    </div>
  );
}
