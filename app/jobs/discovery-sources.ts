import type { Deal, NewsItem, SourceBatch } from "../domain/discovery/deal.ts";
import type { RubricWords } from "../domain/discovery/queries.ts";
import type { Stage } from "../domain/vocabulary.ts";

/**
 * What a discovery run works with to read the news (decision 034): its sources (feeds, news
 * search, GDELT) and its extractors (the model, else the rules), behind one small interface so
 * the run is tested with a fake and the real ones are plugged in by `discoverySources(app)`.
 */

/**
 * A startup as the sources build their queries from it: its rubric's sector words × stages ×
 * places for the news search (the startup's own columns when it has no rubric), its sector for GDELT.
 */
export type StartupForSources = { name: string; sector: string; stage: Stage; geography: string | null; rubric: RubricWords };

export type DiscoverySources = {
  /** This week's items from every source, within `budget.credits` search credits. */
  fetchItems(startups: readonly StartupForSources[], budget: { credits: number }): Promise<SourceBatch[]>;
  /** The deals one item names (zero or more), each checked against dealSchema. */
  extract(item: NewsItem): Promise<Deal[]>;
};

/** No sources configured: a run reads nothing and says so. */
export const NO_SOURCES: DiscoverySources = {
  fetchItems: async () => [],
  extract: async () => [],
};
