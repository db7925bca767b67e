import type { RelationshipStatus } from "#app/domain/vocabulary.ts";
import { type AppDatabase, statement } from "../database.server.ts";
import { rubricInputs } from "./startups.server.ts";

const OF_LIST = `from startup_scores ss join investors i on i.id = ss.investor_id
  where ss.startup_id = ? and i.is_demo = 0 and i.relationship_status in (select value from json_each(?))`;

/** One page's ids; parameters: the startup, the statuses as a JSON array, the limit and the offset. */
export const RANKING_PAGE_SQL = `select ss.investor_id ${OF_LIST} order by ss.score desc, ss.rowid desc limit ? offset ?`;

/** How many real investors of these statuses a startup's saved ranking holds (counted in SQLite, none read). */
export function rankingListCount(db: AppDatabase, startupId: number, statuses: readonly RelationshipStatus[]): number {
  return statement(db, `select count(*) ${OF_LIST}`).pluck().get(startupId, JSON.stringify(statuses)) as number;
}

/**
 * One page of a startup's saved ranking (decision 071): the ids of `limit` real investors of these
 * statuses from `offset`, by the saved score, highest first. The rank index (startup_id, score)
 * gives the order and SQLite stops at the page's end, so only the rows shown are read; ties go by
 * the score row's age (the index's own order), and the page puts its rows in Today's order.
 */
export function rankingListIds(
  db: AppDatabase,
  startupId: number,
  statuses: readonly RelationshipStatus[],
  limit: number,
  offset: number,
): number[] {
  return statement(db, RANKING_PAGE_SQL).pluck().all(startupId, JSON.stringify(statuses), limit, offset) as number[];
}

/** What the ranking reads of these investors only (their columns, evaluation and judged evidence): none when there are none. */
export function rankingInputsOf(db: AppDatabase, startupId: number, ids: readonly number[]) {
  return ids.length === 0 ? [] : rubricInputs(db, startupId, { ids });
}
