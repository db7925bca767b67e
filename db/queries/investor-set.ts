/**
 * Which investors a piece of long work covers (a range of ids or a list), as drizzle and SQL read
 * it. Apart from investors.server.ts so the startups' queries can read it without an import cycle.
 */

/** A run of investor ids, both ends included: long work goes over the table a range at a time. */
export type IdRange = { from: number; to: number };
export const ALL_IDS: IdRange = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };
/** Which investors a piece of long work covers: a range of ids, or a list (the rows of an import's chunk). */
export type InvestorSet = IdRange | { ids: readonly number[] };

/** An SQL condition on `column` for the investors of `set`, and its parameters. */
export function setCondition(column: string, set: InvestorSet): { sql: string; params: unknown[] } {
  return "ids" in set
    ? { sql: `${column} in (select value from json_each(?))`, params: [JSON.stringify(set.ids)] }
    : { sql: `${column} between ? and ?`, params: [set.from, set.to] };
}
