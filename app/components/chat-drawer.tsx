import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";

type Turn = { role: "user" | "assistant"; text: string; source?: "model" | "summary"; investorIds?: number[] };
type FeedItem = { id: number; name: string; href: string };

const MAX_TURNS = 6;
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

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  // Names for the cited ids come from the same feed as the palette (304 when unchanged).
  useEffect(() => {
    if (!open) return;
    fetch(demo ? "/api/search-feed?demo=1" : "/api/search-feed")
      .then((response) => (response.ok ? response.json() : { items: [] }))
      .then((body: { items: FeedItem[] }) => setNames(new Map(body.items.map((item) => [item.id, item]))))
      .catch(() => undefined);
  }, [open, demo]);

  async function ask(event: React.FormEvent) {
    event.preventDefault();
    const text = message.trim();
    if (!text || busy) return;
    setBusy(true);
    setError(null);
    const history = turns.slice(-MAX_TURNS).map(({ role, text: turnText }) => ({ role, text: turnText }));
    try {
      const response = await fetch(demo ? "/api/chat?demo=1" : "/api/chat", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(history.length ? { message: text, history } : { message: text }),
      });
      const body = await response.json();
      if (!response.ok) {
        setError(body?.error?.message ?? "The question could not be answered. Try again.");
        return;
      }
      setTurns((previous) =>
        [...previous, { role: "user" as const, text }, { role: "assistant" as const, text: body.answer, source: body.source, investorIds: body.investor_ids }].slice(-MAX_TURNS),
      );
      setMessage("");
    } catch {
      setError("The server could not be reached. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="chat-toggle" aria-expanded={open} aria-controls="chat-drawer" onClick={() => setOpen((value) => !value)}>
        {open ? "Close" : "Ask your pipeline"}
      </button>
      {open ? (
        <aside id="chat-drawer" className="chat-drawer" aria-label="Ask your pipeline">
          <header>
            <h2>Ask your pipeline</h2>
            <p className="muted">{demo ? "Answers come from the demo data only." : "Answers come from your dashboard's data only."}</p>
          </header>
          <ol className="chat-turns">
            {turns.length === 0 ? <li className="muted">Try “Who should I email first?” or “Where do I stand with Ada?”</li> : null}
            {turns.map((turn, index) => (
              <li key={index} className={`chat-turn chat-${turn.role}`}>
                <p>{turn.text}</p>
                {turn.investorIds?.length ? (
                  <p className="chat-links">
                    {turn.investorIds.map((id) => {
                      const item = names.get(id);
                      return (
                        <Link key={id} to={item?.href ?? (demo ? `/demo/investors/${id}` : `/investors/${id}`)} onClick={() => setOpen(false)}>
                          {item?.name ?? `Investor ${id}`}
                        </Link>
                      );
                    })}
                  </p>
                ) : null}
                {turn.source === "summary" ? <p className="chat-source">Answered from a summary: the language model was not available.</p> : null}
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
