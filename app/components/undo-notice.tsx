import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { loggedText } from "../domain/mail-today.ts";
import { UNDO_MINUTES } from "../domain/undo.ts";

/** How long the toast offers "Undo" with JavaScript (paused while pointed at or focused); the token itself lives UNDO_MINUTES. */
export const UNDO_TOAST_SECONDS = 10;

/** What a one-click action just recorded, in the notice, in the toast, and as its "Undo" button's name. */
export type Recorded = { text: string; toast: string; undoLabel: string };

/** What the last undo did: an "Emailed" taken back (its investor), a "Log" (how many emails), or nothing any more. */
export type Undone = { name: string | null } | { unlogged: number } | "expired";

/** After "Emailed", and after the next step it acted on was answered (`step`, decision 053): one undo takes back both. */
export function emailedRecord(name: string, step?: string): Recorded {
  if (!step)
    return { text: `Recorded: you emailed ${name} today.`, toast: `Emailed ${name}.`, undoLabel: `Undo: you did not email ${name}` };
  return {
    text: `Recorded: you emailed ${name} today. ${step}`,
    toast: `Emailed ${name}. ${step}`,
    undoLabel: `Undo: you did not email ${name}, and the next step is as it was`,
  };
}

/** After the next step was answered on the investor page: its undo puts the step back. */
export function answeredRecord(step: string): Recorded {
  return { text: `Saved. ${step}`, toast: step, undoLabel: "Undo: put the next step back as it was" };
}

export function loggedRecord(count: number): Recorded {
  const text = loggedText(count);
  return { text, toast: text, undoLabel: `Undo: do not log ${count === 1 ? "that email" : `those ${count} emails`}` };
}

function undoneText(undone: Exclude<Undone, "expired">): string {
  if ("unlogged" in undone) {
    const those = undone.unlogged === 1 ? "that email is" : `those ${undone.unlogged} emails are`;
    return `Undone: ${those} no longer logged, and to log again.`;
  }
  return undone.name ? `Undone: the email to ${undone.name} is no longer recorded.` : "Undone: nothing of it is recorded any more.";
}

/**
 * The word after a one-click action ("Emailed" on Today, "Log" and "Log all" on Today and the
 * investor page) and after its undo (decision 036). Without JavaScript the notice carries an
 * "Undo" form (a plain post: the page the action landed on); with it, a small toast offers "Undo"
 * for a few seconds instead. Either posts the token that names exactly the change just recorded,
 * and `investor` when the answer is to come back to that investor's page.
 */
export function UndoNotice({
  recorded,
  undo,
  undone,
  undoPath,
  investor,
  className = "today-notice",
}: {
  recorded: Recorded | null;
  undo: string | null;
  undone: Undone | null;
  undoPath: string;
  investor?: number;
  className?: string;
}) {
  return (
    <>
      {recorded ? (
        <RecordedNotice key={undo ?? ""} recorded={recorded} undo={undo} undoPath={undoPath} investor={investor} className={className} />
      ) : null}
      {undone === "expired" ? (
        <p className={`notice notice-bad ${className}`} role="status">
          That can no longer be undone: an undo works once, within {UNDO_MINUTES} minutes. Change the status or the last contact date on the
          investor's page instead.
        </p>
      ) : undone ? (
        <p className={`notice notice-good ${className}`} role="status">
          {undoneText(undone)}
        </p>
      ) : null}
    </>
  );
}

function RecordedNotice({
  recorded,
  undo,
  undoPath,
  investor,
  className,
}: {
  recorded: Recorded;
  undo: string | null;
  undoPath: string;
  investor?: number;
  className: string;
}) {
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
      {investor !== undefined ? <input type="hidden" name="investor" value={investor} /> : null}
      <button type="submit" className="button-small" disabled={busy} aria-label={recorded.undoLabel}>
        {busy ? "Undoing…" : "Undo"}
      </button>
    </fetcher.Form>
  ) : null;
  return (
    <>
      <div className={`notice notice-good ${className} undo-notice`}>
        {/* The words are the status; the "Undo" beside them is a control, not part of what is announced. */}
        <span role="status">{recorded.text}</span>
        {scripted ? null : undoForm}
      </div>
      {scripted && undoForm ? (
        <div className="undo-toast" aria-live="polite" hidden={!open} ref={holdWhileUsed}>
          <span>{recorded.toast}</span>
          {undoForm}
        </div>
      ) : null}
    </>
  );
}
