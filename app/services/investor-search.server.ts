import { cachedSearchFeed } from "#db/queries/search-feed.server.ts";
import type { App } from "../app-context.ts";
import { type IndexedItem, MAX_SEARCH_QUERY_CHARS, type PaletteItem, indexItems, searchItems } from "../domain/palette-search.ts";

export const SEARCH_PAGE_LIMIT = 50;

// The feed is kept until a write; its index is kept beside it, per side, for as long as the feed
// it was built from is the same object.
const indexes = new WeakMap<object, IndexedItem[]>();

function indexOf(app: App, demo: boolean): IndexedItem[] {
  const feed = cachedSearchFeed(app.db, demo);
  let index = indexes.get(feed);
  if (!index) {
    index = indexItems(feed.items);
    indexes.set(feed, index);
  }
  return index;
}

/**
 * The search page (/search, /demo/search): the palette's ranking over the palette's feed, so the
 * page without JavaScript finds what the palette finds. An empty query lists nobody.
 */
export function searchInvestors(app: App, query: string, demo: boolean): PaletteItem[] {
  const text = query.slice(0, MAX_SEARCH_QUERY_CHARS).trim();
  if (text === "") return [];
  return searchItems(indexOf(app, demo), text, SEARCH_PAGE_LIMIT);
}

/** Names and pages of the investors an answer cites, from the same side's feed. */
export function investorLinks(app: App, ids: number[], demo: boolean): Array<{ id: number; name: string; href: string }> {
  const byId = new Map(cachedSearchFeed(app.db, demo).items.map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [{ id, name: item.name, href: item.href }] : [];
  });
}
