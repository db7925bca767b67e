import { countMineByStatus, countPassReasons, readBoardCards } from "#db/queries/board.server.ts";
import { countUnowned } from "#db/queries/today.server.ts";
import type { Actor } from "../domain/people.ts";
import { readDemoRound, readRound, startupRounds } from "#db/queries/round.server.ts";
import { UNREAD_BY_KEPT_PAGES, keptUntilWrite } from "#db/queries/kept.server.ts";
import type { App } from "../app-context.ts";
import { type BoardMove, daysSince, passReasonBars } from "../domain/board.ts";
import { countsInRound, ratesNote } from "../domain/round.ts";
import { RELATIONSHIP_STATUSES, type RelationshipStatus } from "../domain/vocabulary.ts";
import { editAndRerank } from "./investor-profile.server.ts";

/** The cards a column shows before its "show all" link. */
export const BOARD_CARDS_SHOWN = 20;
/** The most cards "show all" lists in one column; past this the column links to the table. */
export const BOARD_SHOW_ALL_LIMIT = 200;

/** `?moved=<id>` after a move: part of the kept key, so the page that follows a move is read afresh. */
function positiveMoved(params: URLSearchParams): string {
  const moved = params.get("moved") ?? "";
  return /^\d{1,12}$/.test(moved) ? moved : "";
}

/** `?show=<status>`: the column to show in full (up to the limit), or none. */
export function expandedColumn(params: URLSearchParams): RelationshipStatus | null {
  const value = params.get("show");
  return (RELATIONSHIP_STATUSES as readonly string[]).includes(value ?? "") ? (value as RelationshipStatus) : null;
}

/**
 * What /board (or /demo/board) shows for one side: each status's column with its count, its total in
 * dollars and its first cards, and the pass reasons chart. Reads every row's status and amount
 * once (the totals) and only the cards it shows; kept until the database is written, like the
 * dashboard (decision 016), so its route keeps its HTML too.
 */
export function boardPage(app: App, demo: boolean, params: URLSearchParams, viewer: number | null = null) {
  const today = app.now().toISOString().slice(0, 10);
  const expanded = expandedColumn(params);
  // "Mine" (`?mine=1`, decision 062) is the viewer's own: the key names them, so it is never kept for another.
  const mine = params.get("mine") === "1" ? viewer : null;
  return keptUntilWrite(
    app.db,
    `board:${demo}:${today}:${expanded ?? ""}:${positiveMoved(params)}:${mine === null ? "everyone" : `mine=${mine}`}`,
    () => readBoardPage(app, demo, today, expanded, mine),
    demo ? "demo" : "real",
    UNREAD_BY_KEPT_PAGES,
  );
}

function readBoardPage(app: App, demo: boolean, today: string, expanded: RelationshipStatus | null, mine: number | null) {
  const cards = readBoardCards(app.db, demo, BOARD_CARDS_SHOWN, expanded ? { status: expanded, limit: BOARD_SHOW_ALL_LIMIT } : null, mine);
  // With "Mine" a column counts the member's own cards; its money stays the round's (the board then leaves it out).
  const mineCounts = mine === null ? null : countMineByStatus(app.db, demo, mine);
  // The round's own totals (app/domain/round.ts): the board, Today, the API, the chat and the digest say the same sums.
  const { round, totals } = demo ? readDemoRound(app.db, app.now()) : readRound(app.db);
  const amountFor = otherRoundNames(app, demo);
  const columns = totals.by_status.map((total) => ({
    ...total,
    ...(mineCounts ? { count: mineCounts.get(total.status) ?? 0 } : {}),
    expanded: total.status === expanded,
    cards: cards
      .filter((card) => card.relationship_status === total.status)
      .map(({ amount_startup_id, ...card }) => ({
        ...card,
        days_since_contact: daysSince(card.last_contact_date, today),
        amount_for:
          card.amount === null || countsInRound({ amountStartupId: amount_startup_id }, round) ? null : amountFor(amount_startup_id),
      })),
  }));
  return {
    columns,
    currency: totals.currency,
    converted: totals.converted,
    ratesNote: ratesNote(totals),
    passReasons: passReasonBars(countPassReasons(app.db, demo)),
    mine,
    unowned: mine === null ? null : countUnowned(app.db, demo),
  };
}

/**
 * The name of the round an amount is for when it is another startup's (the column's total leaves it
 * out): the card says "$200k for Brightly" rather than pass it off as this round's money.
 */
function otherRoundNames(app: App, demo: boolean): (startupId: number | null) => string {
  const names = new Map(demo ? [] : startupRounds(app.db).map((startup) => [startup.id, startup.name] as const));
  return (startupId) => (startupId === null ? undefined : names.get(startupId)) ?? "another round";
}

export type BoardPage = ReturnType<typeof boardPage>;

/**
 * A card moved on the board: the investor edit of its status (the one the investor page and route #9
 * make, re-scored), and on a move to "passed" the reason beside it. False for an unknown id.
 */
export function moveOnBoard(app: App, actor: Actor, move: BoardMove, demo: boolean): boolean {
  const edit = { relationship_status: move.relationship_status, ...(move.pass_reason ? { pass_reason: move.pass_reason } : {}) };
  return editAndRerank(app, actor, move.id, edit, demo);
}
