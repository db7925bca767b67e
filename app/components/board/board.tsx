import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { BoardPage } from "../../services/board.server.ts";
import { moneyText } from "../../domain/currency.ts";
import {
  PASS_REASONS,
  PASS_REASON_LABELS,
  type PassReason,
  RELATIONSHIP_STATUSES,
  type RelationshipStatus,
  STATUS_LABELS,
} from "../../domain/vocabulary.ts";
import { BoardCard, type BoardCardData } from "./board-card.tsx";
import { PassReasonsChart } from "./pass-reasons-chart.tsx";
import { MineFilter } from "../dashboard/mine-filter.tsx";

type Lifted = { id: number; name: string; from: RelationshipStatus; target: RelationshipStatus };
type Refusal = { id: number | null; message: string };

const KEYS_HELP =
  "To move with the keyboard: Space picks the card up, the arrow keys choose a column, Space or Enter drops it there, Escape puts it back.";

/**
 * The board: a column per status with its count and dollars, the cards in it, and the pass
 * reasons chart. With JavaScript a card moves by drag and drop or by the keyboard, through the
 * same form post as the card's own select and button (the no-JavaScript way).
 */
export function Board({
  page,
  demo,
  moving,
  refusal,
  team = false,
}: {
  page: BoardPage;
  demo: boolean;
  /** Whether the side has a team to own investors: "Mine / Everyone" is shown (decision 062). */
  team?: boolean;
  /** The card whose move form is open (`?move=<id>`). */
  moving: number | null;
  refusal: Refusal | null;
}) {
  const fetcher = useFetcher<Refusal>();
  const [hydrated, setHydrated] = useState(false);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [dragOver, setDragOver] = useState<RelationshipStatus | null>(null);
  const [askReason, setAskReason] = useState<{ id: number; name: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const focusAfterMove = useRef<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const base = demo ? "/demo" : "";

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (askReason) dialog.current?.showModal();
  }, [askReason]);
  // A keyboard move keeps the focus on the card it moved, in its new column.
  useEffect(() => {
    if (fetcher.state !== "idle" || focusAfterMove.current === null) return;
    document.querySelector<HTMLElement>(`[data-card-id="${focusAfterMove.current}"]`)?.focus();
    focusAfterMove.current = null;
  }, [fetcher.state]);

  const cardsById = new Map<number, BoardCardData>();
  for (const column of page.columns) for (const card of column.cards) cardsById.set(card.id, card);

  function move(id: number, status: RelationshipStatus, passReason?: PassReason) {
    const card = cardsById.get(id);
    if (!card || card.relationship_status === status) return;
    if (status === "passed" && !passReason) {
      setAskReason({ id, name: card.name });
      return;
    }
    focusAfterMove.current = id;
    setAnnouncement(`${card.name} moved to ${STATUS_LABELS[status]}.`);
    fetcher.submit({ intent: "move", id: String(id), relationship_status: status, pass_reason: passReason ?? "" }, { method: "post" });
  }

  function onCardKeyDown(card: BoardCardData, event: React.KeyboardEvent<HTMLElement>) {
    if (event.target !== event.currentTarget) return; // keys in the card's link, select or button are theirs
    const key = event.key;
    if (!lifted || lifted.id !== card.id) {
      if (key === " " || key === "Enter") {
        event.preventDefault();
        setLifted({ id: card.id, name: card.name, from: card.relationship_status, target: card.relationship_status });
        setAnnouncement(`Picked up ${card.name}, in ${STATUS_LABELS[card.relationship_status]}. Arrow keys choose a column.`);
      }
      return;
    }
    const at = RELATIONSHIP_STATUSES.indexOf(lifted.target);
    if (key === "ArrowRight" || key === "ArrowDown" || key === "ArrowLeft" || key === "ArrowUp") {
      event.preventDefault();
      const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
      const target = RELATIONSHIP_STATUSES[Math.min(RELATIONSHIP_STATUSES.length - 1, Math.max(0, at + step))] ?? lifted.target;
      setLifted({ ...lifted, target });
      setAnnouncement(`Over ${STATUS_LABELS[target]}.`);
      document.getElementById(`board-column-${target}`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
    } else if (key === " " || key === "Enter") {
      event.preventDefault();
      setLifted(null);
      if (lifted.target === lifted.from) setAnnouncement(`${lifted.name} stays in ${STATUS_LABELS[lifted.from]}.`);
      else move(lifted.id, lifted.target);
    } else if (key === "Escape") {
      event.preventDefault();
      setLifted(null);
      setAnnouncement(`${lifted.name} put back in ${STATUS_LABELS[lifted.from]}.`);
    }
  }

  // While a move is on its way, its card is shown in its new column already.
  const pending = fetcher.formData;
  const pendingId = pending ? Number(pending.get("id")) : null;
  const pendingStatus = pending ? (String(pending.get("relationship_status")) as RelationshipStatus) : null;
  const inFlight = pendingId !== null ? cardsById.get(pendingId) : undefined;
  const shownRefusal = fetcher.data ?? refusal;
  const shown = page.columns.find((column) => column.expanded)?.status;
  const openId = shownRefusal?.id ?? moving;
  const tracked = page.columns.reduce((sum, column) => sum + column.count, 0);
  const mine = page.mine !== null;
  // With "Mine" a column shows the member's count only: its money is the whole round's.
  const totalsText = (column: { count: number; amount: number }) =>
    mine ? String(column.count) : `${column.count} · ${moneyText(column.amount, page.currency)}`;

  return (
    <>
      <div className="page-head">
        <h1>Board</h1>
        <p className="muted">
          {tracked} investor{tracked === 1 ? "" : "s"} by status. Totals in {page.currency} (the round's currency)
          {page.ratesNote ? `; amounts ${page.ratesNote}` : ""}.
        </p>
        {team ? <MineFilter basePath={`${base}/board`} mine={mine} unowned={page.unowned} /> : null}
        <p id="board-keys" className="muted small" hidden={!hydrated}>
          {KEYS_HELP}
        </p>
      </div>
      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>
      {/* Every column's count and money at a glance: the board is wider than a laptop's screen, and the
          columns that hold the money (soft committed, committed) are at its far end. */}
      <nav className="board-summary" aria-label="Columns">
        <ul>
          {page.columns.map((column) => (
            <li key={column.status}>
              <a href={`#board-column-${column.status}`}>
                {STATUS_LABELS[column.status]} <span className="board-column-totals">{totalsText(column)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Scrolled within itself on a narrow screen, never the page: focusable so the keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by the keyboard (axe scrollable-region-focusable) */}
      <section className="board" aria-label="Columns by status" tabIndex={0}>
        {page.columns.map((column) => {
          let cards = column.cards;
          if (inFlight && pendingStatus) {
            cards = cards.filter((card) => card.id !== inFlight.id);
            if (column.status === pendingStatus) cards = [{ ...inFlight, relationship_status: pendingStatus }, ...cards];
          }
          const isTarget = lifted?.target === column.status || dragOver === column.status;
          return (
            <section
              key={column.status}
              id={`board-column-${column.status}`}
              className={`board-column${isTarget ? " board-column-target" : ""}`}
              aria-labelledby={`board-title-${column.status}`}
              onDragOver={(event) => {
                event.preventDefault();
                setDragOver(column.status);
              }}
              onDragLeave={() => setDragOver((current) => (current === column.status ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                setDragOver(null);
                const id = Number(event.dataTransfer.getData("text/plain"));
                if (Number.isSafeInteger(id)) move(id, column.status);
              }}
            >
              <h2 id={`board-title-${column.status}`}>
                {STATUS_LABELS[column.status]}
                <span className="board-column-totals">{totalsText(column)}</span>
              </h2>
              <ol className="board-cards">
                {cards.map((card) => (
                  <BoardCard
                    key={`${card.id}-${card.relationship_status}`}
                    card={card}
                    demo={demo}
                    hydrated={hydrated}
                    lifted={lifted?.id === card.id}
                    open={openId === card.id}
                    openHref={`${base}/board?${mine ? "mine=1&" : ""}${shown ? `show=${shown}&` : ""}move=${card.id}#board-card-${card.id}`}
                    refusal={shownRefusal && shownRefusal.id === card.id ? shownRefusal.message : null}
                    onKeyDown={(event) => onCardKeyDown(card, event)}
                    onDragStart={(event) => {
                      event.dataTransfer.setData("text/plain", String(card.id));
                      event.dataTransfer.effectAllowed = "move";
                    }}
                  />
                ))}
              </ol>
              {column.count > column.cards.length ? (
                column.expanded ? (
                  <p className="small">
                    <Link to={`${demo ? "/demo" : "/"}?${mine ? "mine=1&" : ""}status=${column.status}`}>
                      All {column.count} in the table
                    </Link>
                  </p>
                ) : (
                  <p className="small">
                    <Link to={`${base}/board?${mine ? "mine=1&" : ""}show=${column.status}#board-column-${column.status}`}>
                      Show all {column.count}
                    </Link>
                  </p>
                )
              ) : null}
            </section>
          );
        })}
      </section>
      <PassReasonsChart bars={page.passReasons} />
      {askReason ? (
        <dialog ref={dialog} className="panel board-dialog" aria-labelledby="board-dialog-title" onClose={() => setAskReason(null)}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const reason = new FormData(event.currentTarget).get("pass_reason");
              if (!(PASS_REASONS as readonly unknown[]).includes(reason)) return;
              const { id } = askReason;
              dialog.current?.close();
              setAskReason(null);
              move(id, "passed", reason as PassReason);
            }}
          >
            <h2 id="board-dialog-title">Why did {askReason.name} pass?</h2>
            <label>
              Reason
              <select name="pass_reason" required defaultValue="">
                <option value="" disabled>
                  Choose a reason
                </option>
                {PASS_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {PASS_REASON_LABELS[reason]}
                  </option>
                ))}
              </select>
            </label>
            <p className="board-dialog-actions">
              <button type="submit" className="button-primary">
                Move to Passed
              </button>
              <button type="button" className="button-quiet" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
            </p>
          </form>
        </dialog>
      ) : null}
    </>
  );
}
