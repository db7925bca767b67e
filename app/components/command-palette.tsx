import { Command } from "cmdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ACTION_LABELS, type RecommendedAction } from "../domain/vocabulary.ts";
import type { PaletteItem } from "../domain/palette-search.ts";

type FeedState = { status: "idle" | "loading" | "ready" | "error"; items: PaletteItem[] };

/** Answers the palette asks for (route #7 answers at most 50). */
const PALETTE_RESULTS = 20;
/** The pause after a keystroke before the palette asks: a name typed quickly is one request, not one per letter. */
const TYPING_PAUSE_MS = 150;

/**
 * Ctrl+K / Cmd+K: find an investor by name or firm. The server ranks (decision 066): the palette
 * asks route #7 with the founder's words once typing pauses, and shows its best 20; the answer to
 * an older query that arrives late is dropped. cmdk does not filter.
 */
export function CommandPalette() {
  const [open, setOpenState] = useState(false);
  const [query, setQuery] = useState("");
  // Radix gives focus back to a Dialog.Trigger, and cmdk's dialog has none: without this, Esc
  // left focus on <body> (the top of the page for keyboard and screen-reader users).
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const isOpen = useRef(false);
  const setOpen = useCallback((next: boolean | ((value: boolean) => boolean)) => {
    const value = typeof next === "function" ? next(isOpen.current) : next;
    if (value && !isOpen.current) {
      const active = document.activeElement;
      returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    isOpen.current = value;
    setOpenState(value);
  }, []);

  useEffect(() => {
    if (open || !returnFocusTo.current) return;
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    // After Radix's own close focus, which runs on a zero timeout.
    const timer = window.setTimeout(() => {
      if (target.isConnected) target.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [open]);
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
  }, [setOpen]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const params = new URLSearchParams({ limit: String(PALETTE_RESULTS) });
    if (query.trim() !== "") params.set("q", query.trim());
    if (demo) params.set("demo", "1");
    // The first look asks at once; each keystroke after it waits for a pause in the typing.
    const timer = window.setTimeout(
      () => {
        setFeed((previous) => (previous.status === "ready" ? previous : { status: "loading", items: previous.items }));
        fetch(`/api/search-feed?${params}`, { headers: { accept: "application/json" }, signal: controller.signal })
          .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
          .then((body: { items: PaletteItem[] }) => setFeed({ status: "ready", items: body.items }))
          .catch(() => {
            if (!controller.signal.aborted) setFeed({ status: "error", items: [] });
          });
      },
      query === "" ? 0 : TYPING_PAUSE_MS,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, demo]);

  const results = feed.items;
  // The answer comes after the keystroke: the first of each new answer is selected (cmdk selects
  // the first on typing, when the old answer is still shown), so Enter opens the best match.
  const [selected, setSelected] = useState("");
  useEffect(() => setSelected(results[0] ? String(results[0].id) : ""), [results]);

  const go = useCallback(
    (href: string) => {
      returnFocusTo.current = null;
      setOpen(false);
      setQuery("");
      navigate(href);
    },
    [navigate, setOpen],
  );

  return (
    <Command.Dialog
      open={open}
      onOpenChange={setOpen}
      label="Find an investor"
      shouldFilter={false}
      value={selected}
      onValueChange={setSelected}
      overlayClassName="palette-overlay"
      contentClassName="palette"
    >
      <Command.Input value={query} onValueChange={setQuery} placeholder="Find an investor by name or firm…" />
      <Command.List>
        {feed.status === "loading" ? <Command.Loading>Loading investors…</Command.Loading> : null}
        {feed.status === "error" ? <div className="palette-empty">Could not load investors. Sign in again, or reload the page.</div> : null}
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

/**
 * The header's "Find investor": a link to the search page (/search, a plain GET form), so it
 * works without JavaScript; with JavaScript it opens the palette instead.
 */
export function PaletteLink() {
  const location = useLocation();
  const demo = location.pathname === "/demo" || location.pathname.startsWith("/demo/");
  return (
    <Link
      to={demo ? "/demo/search" : "/search"}
      className="button-quiet palette-button"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        // A tap (and Safari's click) does not focus a link; the palette gives focus back to
        // whatever had it when it opened, so make that this link.
        event.currentTarget.focus();
        window.dispatchEvent(new Event("open-command-palette"));
      }}
    >
      Find investor <kbd>Ctrl K</kbd>
    </Link>
  );
}
