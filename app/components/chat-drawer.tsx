import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { type ServiceState, chatSummaryNote } from "../domain/service-state.ts";

type Turn = { role: "user" | "assistant"; text: string; source?: "model" | "summary"; modelStatus?: ServiceState; investorIds?: number[] };
type FeedItem = { id: number; name: string; href: string };

// What /api/chat accepts as history (app/domain/chat/schema.ts); the drawer itself keeps every turn.
const MAX_HISTORY_TURNS = 6;
const MAX_HISTORY_TEXT = 2_000;
const MAX_MESSAGE = 500;

/**
 * "Ask your pipeline": a drawer on every page that sends the question (and the last turns) to
 * /api/chat and links the investors the answer cites. On /demo it asks about demo rows only.
 */
export function ChatDrawer() {
  const location = useLocation();
  const demo = location.pathname === "/demo" || location.pathname.startsWith("/demo/");
  const [open, setOpen] = useState(false);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [names, setNames] = useState<Map<number, FeedItem>>(new Map());
  const input = useRef<HTMLTextAreaElement>(null);
  // Where focus goes back when the drawer closes: what had it when it opened (the header's link).
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const drawer = useRef<HTMLElement>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  useEffect(() => {
    const onToggle = () =>
      setOpen((value) => {
        if (!value) {
          const active = document.activeElement;
          returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
        }
        return !value;
      });
    window.addEventListener("toggle-chat", onToggle);
    return () => window.removeEventListener("toggle-chat", onToggle);
  }, []);

  const close = useCallback((giveFocusBack: boolean) => {
    setOpen(false);
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (giveFocusBack && target?.isConnected) target.focus();
  }, []);

  // Esc closes the drawer; focus goes back to the button that opened it, unless the founder
  // had already moved on to something else on the page. An Esc another overlay (the palette)
  // has handled is left alone.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const focusWasInDrawer = drawer.current?.contains(document.activeElement) || document.activeElement === document.body;
      close(Boolean(focusWasInDrawer));
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  // The newest turn comes into view: its beginning, so a long answer is read from the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new turn or reopening is what moves the view.
  useEffect(() => {
    const element = list.current;
    const newest = element?.lastElementChild as HTMLElement | null | undefined;
    if (!element || !newest) return;
    element.scrollTop = newest.offsetTop - element.offsetTop - 8;
  }, [turns, open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the other side's ids name other investors.
  useEffect(() => setNames(new Map()), [demo]);
  // Names for the cited ids: route #7 asked for just those (decision 066), once per answer that cites someone new.
  const cited = [...new Set(turns.flatMap((turn) => turn.investorIds ?? []))].filter((id) => !names.has(id)).slice(0, 50);
  const citedKey = cited.join(",");
  useEffect(() => {
    if (!open || citedKey === "") return;
    const params = new URLSearchParams({ ids: citedKey });
    if (demo) params.set("demo", "1");
    fetch(`/api/search-feed?${params}`)
      .then((response) => (response.ok ? response.json() : { items: [] }))
      .then((body: { items: FeedItem[] }) =>
        setNames((previous) => new Map([...previous, ...body.items.map((item) => [item.id, item] as const)])),
      )
      .catch(() => undefined);
  }, [open, demo, citedKey]);

  async function ask(event: React.FormEvent) {
    event.preventDefault();
    const text = message.trim();
    if (!text || busy) return;
    setBusy(true);
    setError(null);
    const history = turns
      .slice(-MAX_HISTORY_TURNS)
      .map(({ role, text: turnText }) => ({ role, text: turnText.slice(0, MAX_HISTORY_TEXT) }));
    // The question shows at once; it is taken back (into the box) if it could not be answered.
    const question: Turn = { role: "user", text };
    setTurns((previous) => [...previous, question]);
    setMessage("");
    const takeBack = () => {
      setTurns((previous) => previous.filter((turn) => turn !== question));
      setMessage(text);
    };
    try {
      const response = await fetch(demo ? "/api/chat?demo=1" : "/api/chat", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(history.length ? { message: text, history } : { message: text }),
      });
      const body = await response.json();
      if (!response.ok) {
        takeBack();
        setError(body?.error?.message ?? "The question could not be answered. Try again.");
        return;
      }
      setTurns((previous) => [
        ...previous,
        { role: "assistant", text: body.answer, source: body.source, modelStatus: body.model_status, investorIds: body.investor_ids },
      ]);
    } catch {
      takeBack();
      setError("The server could not be reached. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {open ? (
        <aside id="chat-drawer" ref={drawer} className="chat-drawer" aria-label="Ask your pipeline">
          <header>
            <div className="chat-head">
              <h2>Ask your pipeline</h2>
              <button type="button" className="button-quiet" onClick={() => close(true)}>
                Close
              </button>
            </div>
            <p className="muted">{demo ? "Answers come from the demo data only." : "Answers come from your dashboard's data only."}</p>
          </header>
          <ol className="chat-turns" ref={list} aria-live="polite">
            {turns.length === 0 ? <li className="muted">Try “Who should I email first?” or “Where do I stand with Ada?”</li> : null}
            {turns.map((turn, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: turns are only ever appended, so a turn keeps its index.
              <li key={index} className={`chat-turn chat-${turn.role}`}>
                <p>{turn.text}</p>
                {turn.investorIds?.length ? (
                  <p className="chat-links">
                    {turn.investorIds.map((id) => {
                      // Shown once its name has come (route #7): a link read "Investor 69" for a moment, and a
                      // click then opened someone whose name was nowhere on it.
                      const item = names.get(id);
                      if (!item) return null;
                      return (
                        <Link key={id} to={item.href} onClick={() => setOpen(false)}>
                          {item.name}
                        </Link>
                      );
                    })}
                  </p>
                ) : null}
                {turn.source === "summary" ? (
                  <p className={`chat-source chat-source-${turn.modelStatus ?? "no_answer"}`}>
                    {chatSummaryNote(turn.modelStatus ?? "no_answer")}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          <form onSubmit={ask} className="chat-form">
            <label htmlFor="chat-message" className="sr-only">
              Your question
            </label>
            <textarea
              id="chat-message"
              ref={input}
              value={message}
              maxLength={MAX_MESSAGE}
              rows={2}
              placeholder="Who should I email first?"
              onChange={(event) => setMessage(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
            />
            <div className="chat-actions">
              <span className="muted">
                {message.length}/{MAX_MESSAGE}
              </span>
              <button type="submit" className="button-primary" disabled={busy || message.trim() === ""}>
                {busy ? "Thinking…" : "Ask"}
              </button>
            </div>
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
          </form>
        </aside>
      ) : null}
    </>
  );
}

/**
 * The header's "Ask your pipeline": a link to the ask page (/ask, a plain form), so it works
 * without JavaScript; with JavaScript it opens the drawer instead. In the header, never floating
 * over the page, so it covers no control at any scroll position (decision 035).
 */
export function ChatLink() {
  const location = useLocation();
  const demo = location.pathname === "/demo" || location.pathname.startsWith("/demo/");
  return (
    <Link
      to={demo ? "/demo/ask" : "/ask"}
      className="button-quiet chat-link"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        event.currentTarget.focus();
        window.dispatchEvent(new Event("toggle-chat"));
      }}
    >
      Ask your pipeline
    </Link>
  );
}
