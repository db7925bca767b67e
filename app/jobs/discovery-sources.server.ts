import type { Db } from "#db/database.server.ts";
import { feedValidators } from "#db/queries/discovery.server.ts";
import type { Config } from "../config.server.ts";
import type { SourceBatch } from "../domain/discovery/deal.ts";
import { dealSearchQueries } from "../domain/discovery/queries.ts";
import { readDeals } from "../integrations/discovery/deal-model.server.ts";
import { gdeltQuery } from "../integrations/discovery/gdelt.server.ts";
import { describeFailure, failureLogFields } from "../integrations/errors.ts";
import { discoverySourcesFromConfig } from "../integrations/discovery/sources.server.ts";
import { modelFromConfig } from "../integrations/model.server.ts";
import { log } from "../log.server.ts";
import type { DiscoverySources as RunSources, StartupForSources } from "./discovery-sources.ts";

/** GDELT asks for 5 s between requests: a run asks it about its startups' first few sectors only. */
const GDELT_QUERIES_PER_RUN = 3;

/**
 * The discovery run's sources as the settings make them (decisions 033 and 034): every feed read
 * with the validators it answered last time (kept in `feed_states` by the run, in the transaction
 * that saves the feed's items, so an unchanged feed costs a 304 and a crash loses nothing), Tavily's news search from the startups' sectors, stages and places within the run's
 * credits, GDELT unless turned off; each item's deals read by the model, else by the rules.
 * A source that fails is skipped, its failure in our words in the run's errors: the others still count.
 */
export function runSourcesFromConfig(config: Config, db: Db): RunSources {
  const sources = discoverySourcesFromConfig(config);
  const model = modelFromConfig(config);
  return {
    async fetchItems(startups: readonly StartupForSources[], budget: { credits: number }): Promise<SourceBatch[]> {
      const batches: SourceBatch[] = [];
      for (const url of sources.feeds) {
        const known = feedValidators(db, url);
        try {
          const fetched = await sources.fetchFeed(url, { etag: known?.etag, lastModified: known?.lastModified });
          // The validators are stored by the run with the items (saveFetchedItems), never before them.
          const feed = fetched.notModified ? undefined : { url, etag: fetched.etag, lastModified: fetched.lastModified };
          batches.push({ items: fetched.items, credits: 0, later: false, feed });
        } catch (error) {
          // The host only: a private feed's URL may carry its token.
          const feed = feedHost(url);
          log.warn("discovery: a feed could not be read", { feed, ...failureLogFields(error) });
          batches.push(failedBatch(`the feed at ${feed} failed: ${describeFailure(error)}`));
        }
      }
      const words = startups.map((startup) => startup.rubric);
      if (sources.searchNews && budget.credits > 0 && words.length > 0) {
        try {
          batches.push(await sources.searchNews(dealSearchQueries(words), budget.credits));
        } catch (error) {
          log.warn("discovery: the news search failed", failureLogFields(error));
          batches.push(failedBatch(`the news search failed: ${describeFailure(error)}`));
        }
      }
      if (sources.gdelt) {
        const sectors = [...new Set(startups.map((startup) => startup.sector))].slice(0, GDELT_QUERIES_PER_RUN);
        for (const sector of sectors) {
          try {
            const batch = await sources.gdelt.search(gdeltQuery(sector));
            batches.push(batch);
            if (batch.later) break;
          } catch (error) {
            log.warn("discovery: GDELT failed", failureLogFields(error));
            batches.push(failedBatch(`GDELT failed: ${describeFailure(error)}`));
          }
        }
      }
      return batches;
    },
    async extract(item) {
      // One item a call, not readDeals's ten: an item's hidden instructions then reach no other
      // item's answer (a batch's answer may speak for every item in it), at ten times the calls.
      const reading = await readDeals([item], model);
      return reading.deals.get(item.key) ?? [];
    },
  };
}

function failedBatch(failed: string): SourceBatch {
  return { items: [], credits: 0, later: false, failed };
}

function feedHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an unreadable URL";
  }
}
