import type { NewsItem, SourceBatch } from "../../domain/discovery/deal.ts";
import { newsItemSchema } from "../../domain/discovery/deal.ts";
import { IntegrationError } from "../errors.ts";
import type { WebSearch } from "../search.server.ts";

/**
 * Tavily's news search as a discovery source: the rubric's queries (app/domain/discovery/queries.ts),
 * news of the last 7 days, within the credits the week has left. A basic search costs one credit;
 * the answer's own count is what is added up.
 */

export const DEAL_SEARCH_DAYS = 7;
const CREDITS_PER_SEARCH = 1;

export async function searchDealNews(search: WebSearch, queries: readonly string[], creditsLeft: number): Promise<SourceBatch> {
  const items = new Map<string, NewsItem>();
  let credits = 0;
  for (const query of queries) {
    if (credits + CREDITS_PER_SEARCH > creditsLeft) break;
    let answer: Awaited<ReturnType<WebSearch["search"]>>;
    try {
      answer = await search.search(query, { days: DEAL_SEARCH_DAYS, maxResults: 10 });
    } catch (error) {
      // Credits already spent must reach the count: keep what the earlier queries found.
      if (!(error instanceof IntegrationError) || (credits === 0 && error.failure !== "rate_limited")) throw error;
      return { items: [...items.values()], credits, later: true };
    }
    credits += answer.credits;
    for (const result of answer.results) {
      const item = newsItemSchema.safeParse({
        source: "tavily",
        key: result.url.slice(0, 2_000),
        url: result.url,
        title: result.title.replace(/\s+/g, " ").trim().slice(0, 500),
        text: result.content.replace(/\s+/g, " ").trim().slice(0, 8_000),
        published_on: result.publishedAt?.slice(0, 10) ?? null,
      });
      if (item.success && !items.has(item.data.key)) items.set(item.data.key, item.data);
    }
  }
  return { items: [...items.values()], credits, later: false };
}
