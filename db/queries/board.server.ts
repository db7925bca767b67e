import { type PassReason, RELATIONSHIP_STATUSES, type RelationshipStatus } from "#app/domain/vocabulary.ts";
import { type AppDatabase, statement } from "../database.server.ts";

/** A card on the board: what it shows, nothing private (no notes). */
export type BoardCardRow = {
  id: number;
  name: string;
  firm: string | null;
  relationship_status: RelationshipStatus;
  amount: number | null;
  amount_currency: string | null;
  /** The startup whose round the amount is for; null: the round raising now (decision 031). */
  amount_startup_id: number | null;
  last_contact_date: string | null;
  next_step: string | null;
  next_step_date: string | null;
  /** Its owner's name (decision 062), or null: whose card it is, in "Everyone". */
  owner: string | null;
};

const CARD_COLUMNS =
  "id, name, firm, relationship_status, amount, amount_currency, amount_startup_id, last_contact_date, next_step, next_step_date";

/** A column's cards in the board's order: the highest score first (the founder's priority), then the oldest. */
const CARD_ORDER = "score desc, id";

/** Every status, ordered as the cards are returned (by status, then place). */
const BOARD_STATUSES = [...RELATIONSHIP_STATUSES].sort();

const OWNER = "(select m.name from members m where m.id = owner_member_id) as owner";
/** A column's first cards, read in order from the index on (side, status, score desc, id): `limit` rows, whatever the column's size (decision 069). */
export const BOARD_COLUMN_SQL = `select ${CARD_COLUMNS}, ${OWNER} from investors indexed by investors_demo_status_score
  where is_demo = ? and relationship_status = ? order by ${CARD_ORDER} limit ?`;

/**
 * The first `limit` cards of every status, and of `expanded` the first `expandedLimit`, for one
 * side, ordered by status then place. Everyone's board reads each column's first cards from one
 * index (decisions 066 and 069: one window over every row of the side, then a walk of the score
 * index, were each a large share of the server's time under issue 35's mixed load); "Mine" keeps
 * the one pass over the member's rows.
 */
export function readBoardCards(
  db: AppDatabase,
  demo: boolean,
  limit: number,
  expanded: { status: RelationshipStatus; limit: number } | null,
  mine: number | null = null,
): BoardCardRow[] {
  if (mine !== null) return readMineCards(db, demo, limit, expanded, mine);
  // Every status by its index seek, in the order the board lists them (not a count of the side per board).
  return BOARD_STATUSES.flatMap(
    (status) =>
      statement(db, BOARD_COLUMN_SQL).all(demo ? 1 : 0, status, status === expanded?.status ? expanded.limit : limit) as BoardCardRow[],
  );
}

/** "Mine": one pass over the side's rows (a window per status), the member's only. */
function readMineCards(
  db: AppDatabase,
  demo: boolean,
  limit: number,
  expanded: { status: RelationshipStatus; limit: number } | null,
  mine: number,
): BoardCardRow[] {
  return statement(
    db,
    `select ${CARD_COLUMNS}, ${OWNER} from (
       select ${CARD_COLUMNS}, owner_member_id, row_number() over (partition by relationship_status order by ${CARD_ORDER}) as place
         from investors where is_demo = ? and owner_member_id = ?)
     where place <= (case when relationship_status = ? then ? else ? end)
     order by relationship_status, place`,
  ).all(demo ? 1 : 0, mine, expanded?.status ?? "", expanded?.limit ?? limit, limit) as BoardCardRow[];
}

/** How many of a member's investors each status holds ("Mine" on the board, decision 062). */
export function countMineByStatus(db: AppDatabase, demo: boolean, mine: number): Map<RelationshipStatus, number> {
  const rows = statement(
    db,
    "select relationship_status as status, count(*) as count from investors where is_demo = ? and owner_member_id = ? group by relationship_status",
  ).all(demo ? 1 : 0, mine) as Array<{ status: RelationshipStatus; count: number }>;
  return new Map(rows.map((row) => [row.status, row.count]));
}

/** Read from the passed investors' own small index (4.1 ms to 0.1 ms at 26,000 investors, each board built after a write; decision 069). */
export const PASS_REASONS_SQL =
  "select pass_reason as reason, count(*) as count from investors where is_demo = ? and relationship_status = 'passed' group by pass_reason";

/** How many passed investors gave each reason (null: none recorded), for the board's chart. */
export function countPassReasons(db: AppDatabase, demo: boolean): Array<{ reason: PassReason | null; count: number }> {
  return statement(db, PASS_REASONS_SQL).all(demo ? 1 : 0) as Array<{ reason: PassReason | null; count: number }>;
}
