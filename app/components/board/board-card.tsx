import { useState } from "react";
import { Form, Link } from "react-router";
import type { BoardPage } from "../../services/board.server.ts";
import { moneyText } from "../../domain/currency.ts";
import { PASS_REASONS, PASS_REASON_LABELS, RELATIONSHIP_STATUSES, STATUS_LABELS } from "../../domain/vocabulary.ts";

export type BoardCardData = BoardPage["columns"][number]["cards"][number];

function contactText(days: number | null): string {
  if (days === null) return "No contact yet";
  if (days === 0) return "Contacted today";
  return `${days} day${days === 1 ? "" : "s"} since contact`;
}

/**
 * One investor on the board. The card itself is the handle: dragged with the pointer, or picked
 * up with Space and carried with the arrow keys (board.tsx). Its "Move" link opens its form (a
 * status, the pass reason, a button): the same move without JavaScript, or on a phone where there
 * is no drag. One card's form at a time keeps a board of 220 cards light to load and hydrate.
 */
export function BoardCard({
  card,
  demo,
  hydrated,
  lifted,
  open,
  openHref,
  refusal,
  onKeyDown,
  onDragStart,
}: {
  card: BoardCardData;
  demo: boolean;
  hydrated: boolean;
  lifted: boolean;
  /** Whether its move form is shown (`?move=<id>`, or a refused move). */
  open: boolean;
  openHref: string;
  refusal: string | null;
  onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => void;
  onDragStart: (event: React.DragEvent<HTMLElement>) => void;
}) {
  const [status, setStatus] = useState<string>(card.relationship_status);
  const formId = `move-${card.id}`;
  // Without JavaScript the reason is always offered; with it, only once "Passed" is chosen.
  const askReason = !hydrated || status === "passed";
  return (
    <li>
      <article
        id={`board-card-${card.id}`}
        className={`board-card${lifted ? " board-card-lifted" : ""}`}
        data-card-id={card.id}
        tabIndex={hydrated ? 0 : undefined}
        draggable={hydrated}
        aria-roledescription={hydrated ? "movable card" : undefined}
        aria-label={card.name}
        aria-describedby={hydrated ? "board-keys" : undefined}
        onKeyDown={onKeyDown}
        onDragStart={onDragStart}
      >
        <h3 className="board-card-name">
          <Link to={`${demo ? "/demo" : ""}/investors/${card.id}`}>{card.name}</Link>
        </h3>
        {card.firm || card.owner ? (
          <p className="board-card-firm">
            {card.firm}
            {/* Whose card it is (decision 062): a founder's walkthrough could not tell in "Everyone". */}
            {card.owner ? <span className="board-card-owner">{`${card.firm ? " · " : ""}${card.owner}`}</span> : null}
          </p>
        ) : null}
        <p className="board-card-facts">
          {card.amount === null ? null : card.amount_for === null ? (
            <strong>{moneyText(card.amount, card.amount_currency)}</strong>
          ) : (
            // Another startup's round: not this column's money (its total leaves it out), so it says whose.
            <span className="board-card-other-round">
              {moneyText(card.amount, card.amount_currency)} for {card.amount_for}
            </span>
          )}
          <span>{contactText(card.days_since_contact)}</span>
        </p>
        {card.next_step ? (
          <p className="board-card-next">
            Next: {card.next_step}
            {card.next_step_date ? ` · ${card.next_step_date}` : ""}
          </p>
        ) : null}
        {open ? null : (
          <p className="board-card-move">
            <Link to={openHref} preventScrollReset>
              Move<span className="sr-only"> {card.name}</span>
            </Link>
          </p>
        )}
        {open ? (
          <Form method="post" className="board-move" id={formId}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={card.id} />
            <label>
              <span className="sr-only">Move {card.name} to</span>
              <select name="relationship_status" value={status} onChange={(event) => setStatus(event.target.value)}>
                {RELATIONSHIP_STATUSES.map((option) => (
                  <option key={option} value={option}>
                    {STATUS_LABELS[option]}
                  </option>
                ))}
              </select>
            </label>
            {askReason ? (
              <label>
                <span className="sr-only">Why {card.name} passed</span>
                <select name="pass_reason" defaultValue="" aria-invalid={refusal ? true : undefined}>
                  <option value="">{hydrated ? "Why they passed…" : "If passed: why…"}</option>
                  {PASS_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {PASS_REASON_LABELS[reason]}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <button type="submit" className="button-quiet">
              Move<span className="sr-only"> {card.name}</span>
            </button>
            {refusal ? (
              <p className="board-refusal" role="alert">
                {refusal}
              </p>
            ) : null}
          </Form>
        ) : null}
      </article>
    </li>
  );
}
