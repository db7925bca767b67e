import { useState } from "react";
import type { OutreachDraft } from "../domain/outreach.ts";

/** The draft to copy or open in a mail app. Nothing is sent from here. */
export function OutreachDraftView({ draft, id }: { draft: OutreachDraft; id: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="outreach">
      <p className="muted">
        Subject: <strong>{draft.subject}</strong>
      </p>
      <label htmlFor={id} className="sr-only">
        Draft email
      </label>
      <textarea id={id} readOnly value={draft.body} rows={draft.body.split("\n").length + 1} />
      <div className="outreach-actions">
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(draft.body).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
        {draft.mailto ? (
          <a className="button-secondary" href={draft.mailto}>
            Open in your mail app
          </a>
        ) : (
          <span className="muted">No email address on file.</span>
        )}
      </div>
    </div>
  );
}
