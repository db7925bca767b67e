import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { UNDO_MINUTES } from "../domain/undo.ts";

/** How long the toast offers "Undo" with JavaScript (paused while pointed at or focused); the token itself lives UNDO_MINUTES. */
export const UNDO_TOAST_SECONDS = 10;

/**
 * Today's word after a one-click action and after its undo (decision 036). Without JavaScript the
 * notice carries an "Undo" form (a plain post: the page the action landed on); with it, a small
 * toast offers "Undo" for a few seconds instead. Either posts the token that names exactly the
 * change just recorded.
 */
export function UndoNotice({
  emailed,
  undo,
  undone,
  undoPath,
}: {
  emailed: string | null;
  undo: string | null;
  undone: { name: string | null } | "expired" | null;
  undoPath: string;
}) {
  return (
    <>
      {emailed ? <EmailedNotice key={undo ?? ""} name={emailed} undo={undo} undoPath={undoPath} /> : null}
      {undone === "expired" ? (
        <p className="notice notice-bad today-notice" role="status">
          That can no longer be undone: an undo works once, within {UNDO_MINUTES} minutes. Change the status or the last contact date on the
          investor's page instead.
        </p>
      ) : undone ? (
        <p className="notice notice-good today-notice" role="status">
          {undone.name ? `Undone: the email to ${undone.name} is no longer recorded.` : "Undone: nothing of it is recorded any more."}
        </p>
      ) : null}
    </>
  );
}

function EmailedNotice({ name, undo, undoPath }: { name: string; undo: string | null; undoPath: string }) {
  const [scripted, setScripted] = useState(false);
  const [open, setOpen] = useState(true);
  const [held, setHeld] = useState(false);
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  useEffect(() => setScripted(true), []);
  // Pointed at or focused, the toast stays (the founder is about to press it); it goes once left alone.
  const holdWhileUsed = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const events: Array<[string, () => void]> = [
      ["pointerenter", () => setHeld(true)],
      ["pointerleave", () => setHeld(false)],
      ["focusin", () => setHeld(true)],
      ["focusout", () => setHeld(false)],
    ];
    for (const [name, listener] of events) element.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of events) element.removeEventListener(name, listener);
    };
  }, []);
  useEffect(() => {
    if (!scripted || held) return;
    const timer = setTimeout(() => setOpen(false), UNDO_TOAST_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [scripted, held]);
  const undoForm = undo ? (
    <fetcher.Form method="post" action={undoPath} className="undo-form">
      <input type="hidden" name="token" value={undo} />
      <button type="submit" className="button-small" disabled={busy} aria-label={`Undo: you did not email ${name}`}>
        {busy ? "Undoing…" : "Undo"}
      </button>
    </fetcher.Form>
  ) : null;
  return (
    <>
      <div className="notice notice-good today-notice undo-notice" role="status">
        <span>{`Recorded: you emailed ${name} today.`}</span>
        {scripted ? null : undoForm}
      </div>
      {scripted && undoForm ? (
        <div className="undo-toast" aria-live="polite" hidden={!open} ref={holdWhileUsed}>
          <span>{`Emailed ${name}.`}</span>
          {undoForm}
        </div>
      ) : null}
    </>
  );
}
