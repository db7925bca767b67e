import type { Config } from "../../config.server.ts";
import type { SourceBatch } from "../../domain/discovery/deal.ts";
import { createTavilySearch } from "../search.server.ts";
import type { WebSearch } from "../search.server.ts";
import { fetchFeed } from "./feeds.server.ts";
import { createGdeltSource } from "./gdelt.server.ts";
import type { NewsSearchSource } from "./gdelt.server.ts";
import { searchDealNews } from "./news-search.server.ts";

/**
 * Discovery's sources as the settings make them, for the run to use: the feeds to read, Tavily's
 * news search when it has a key and a weekly budget, GDELT unless turned off. One value per run:
 * GDELT's 5-second spacing is kept inside it.
 */
export type DiscoverySources = {
  feeds: readonly string[];
  fetchFeed: typeof fetchFeed;
  /** Undefined without a Tavily key or with a budget of 0. */
  searchNews: ((queries: readonly string[], creditsLeft: number) => Promise<SourceBatch>) | undefined;
  weeklyCredits: number;
  gdelt: NewsSearchSource | undefined;
};

type SourceSettings = Pick<
  Config,
  "DEAL_FEEDS" | "DISCOVERY_CREDIT_BUDGET" | "DISCOVERY_GDELT" | "GDELT_BASE_URL" | "TAVILY_API_KEY" | "TAVILY_BASE_URL"
>;

export function discoverySourcesFromConfig(config: SourceSettings, search?: WebSearch): DiscoverySources {
  const tavily =
    search ?? (config.TAVILY_API_KEY ? createTavilySearch({ apiKey: config.TAVILY_API_KEY, baseUrl: config.TAVILY_BASE_URL }) : undefined);
  return {
    feeds: config.DEAL_FEEDS,
    fetchFeed,
    searchNews:
      tavily && config.DISCOVERY_CREDIT_BUDGET > 0
        ? (queries, creditsLeft) => searchDealNews(tavily, queries, Math.min(creditsLeft, config.DISCOVERY_CREDIT_BUDGET))
        : undefined,
    weeklyCredits: config.DISCOVERY_CREDIT_BUDGET,
    gdelt: config.DISCOVERY_GDELT ? createGdeltSource({ baseUrl: config.GDELT_BASE_URL }) : undefined,
  };
}
