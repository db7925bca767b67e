import { investorsByIds, searchInvestorRows } from "#db/queries/investor-search.server.ts";
import type { App } from "../app-context.ts";
import { MAX_SEARCH_QUERY_CHARS, type PaletteItem } from "../domain/palette-search.ts";
import { SEARCH_ANSWER_MAX, type SearchFeedQuery } from "../domain/search-query.ts";

export const SEARCH_PAGE_LIMIT = SEARCH_ANSWER_MAX;

/**
 * The search page (/search, /demo/search): the palette's ranking, asked of the database with a
 * limit (decision 066), so the page without JavaScript finds what the palette finds. An empty
 * query lists nobody.
 */
export function searchInvestors(app: App, query: string, demo: boolean): PaletteItem[] {
  const text = query.slice(0, MAX_SEARCH_QUERY_CHARS).trim();
  if (text === "") return [];
  return searchInvestorRows(app.db, demo, text, SEARCH_PAGE_LIMIT);
}

/** Route #7's items: the best matches for `q` (the best-scored without one), or the investors `ids` names. */
export function searchFeedItems(app: App, query: SearchFeedQuery, demo: boolean): PaletteItem[] {
  if (query.ids) return investorsByIds(app.db, demo, query.ids, SEARCH_ANSWER_MAX);
  return searchInvestorRows(app.db, demo, query.q ?? "", query.limit ?? SEARCH_ANSWER_MAX);
}

/** Names and pages of the investors an answer cites, from the same side. */
export function investorLinks(app: App, ids: number[], demo: boolean): Array<{ id: number; name: string; href: string }> {
  return investorsByIds(app.db, demo, ids, ids.length).map(({ id, name, href }) => ({ id, name, href }));
}
