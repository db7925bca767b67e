import { Command } from "cmdk";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ACTION_LABELS, type RecommendedAction } from "../domain/vocabulary.ts";
import { type IndexedItem, indexItems, searchItems } from "../domain/palette-search.ts";

type FeedState = { status: "idle" | "loading" | "ready" | "error"; items: IndexedItem[] };

/**
 * Ctrl+K / Cmd+K: find an investor by name or firm. The feed is loaded once per page visit
 * (the server answers 304 when nothing changed) and filtered here, not by cmdk.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [feed, setFeed] = useState<FeedState>({ status: "idle", items: [] });
  const navigate = useNavigate();
  const location = useLocation();
  const demo = location.pathname === "/demo" || location.pathname.startsWith("/demo/");

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    const onOpenRequest = () => setOpen(true);
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("open-command-palette", onOpenRequest);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("open-command-palette", onOpenRequest);
    };
  }, []);

  // A new side (real ↔ demo) needs its own feed.
  useEffect(() => setFeed({ status: "idle", items: [] }), [demo]);

  useEffect(() => {
    if (!open || feed.status !== "idle") return;
    setFeed({ status: "loading", items: [] });
    fetch(demo ? "/api/search-feed?demo=1" : "/api/search-feed", { headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { items: Parameters<typeof indexItems>[0] }) => setFeed({ status: "ready", items: indexItems(body.items) }))
      .catch(() => setFeed({ status: "error", items: [] }));
  }, [open, feed.status, demo]);

  const results = useMemo(() => searchItems(feed.items, query, 20), [feed.items, query]);

  const go = useCallback(
    (href: string) => {
      setOpen(false);
      setQuery("");
      navigate(href);
    },
    [navigate],
  );

  return (
    <Command.Dialog
      open={open}
      onOpenChange={setOpen}
      label="Find an investor"
      shouldFilter={false}
      overlayClassName="palette-overlay"
      contentClassName="palette"
    >
      <Command.Input value={query} onValueChange={setQuery} placeholder="Find an investor by name or firm…" />
      <Command.List>
        {feed.status === "loading" ? <Command.Loading>Loading investors…</Command.Loading> : null}
        {feed.status === "error" ? (
          <div className="palette-empty">Could not load investors. Sign in again, or reload the page.</div>
        ) : null}
        {feed.status === "ready" ? <Command.Empty>No investor matches “{query}”.</Command.Empty> : null}
        {results.map((item) => (
          <Command.Item key={item.id} value={String(item.id)} onSelect={() => go(item.href)}>
            <span className="palette-name">
              {item.name}
              {item.firm ? <span className="muted"> · {item.firm}</span> : null}
            </span>
            <span className="palette-meta">
              <span className="palette-score">{item.score}</span>
              <span className={`badge badge-${item.action}`}>{ACTION_LABELS[item.action as RecommendedAction] ?? item.action}</span>
            </span>
          </Command.Item>
        ))}
      </Command.List>
    </Command.Dialog>
  );
}

export function PaletteButton() {
  return (
    <button type="button" className="button-quiet palette-button" onClick={() => window.dispatchEvent(new Event("open-command-palette"))}>
      Find investor <kbd>Ctrl K</kbd>
    </button>
  );
}
