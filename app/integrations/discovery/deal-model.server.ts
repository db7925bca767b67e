import type { Deal, NewsItem } from "../../domain/discovery/deal.ts";
import { acceptDealAnswer, buildDealPrompt, DEAL_JSON_SCHEMA, DEAL_SYSTEM_PROMPT } from "../../domain/discovery/deal-prompt.ts";
import { extractDealsByRules } from "../../domain/discovery/rules.ts";
import { IntegrationError } from "../errors.ts";
import type { LanguageModel } from "../model.server.ts";

/**
 * Deals out of news items: the model (Gemini, else the fallback, through the router) reads a
 * batch at a time; without a model, when a call fails, or for an item its answer leaves out, the
 * rules read the item (app/domain/discovery/rules.ts). What the model answers is checked in
 * app/domain/discovery/deal-prompt.ts before it counts.
 */

export const DEAL_BATCH_SIZE = 10;

export type DealReading = {
  /** Each item's deals, by the item's key. */
  deals: Map<string, Deal[]>;
  byModel: number;
  byRules: number;
  /** Model calls that failed (their batch was read by rules). */
  failures: IntegrationError[];
};

export async function readDeals(items: readonly NewsItem[], model: LanguageModel | undefined): Promise<DealReading> {
  const reading: DealReading = { deals: new Map(), byModel: 0, byRules: 0, failures: [] };
  for (let start = 0; start < items.length; start += DEAL_BATCH_SIZE) {
    const batch = items.slice(start, start + DEAL_BATCH_SIZE).map((item, index) => ({ id: index + 1, item }));
    const answered = model ? await askModel(model, batch, reading) : undefined;
    for (const { id, item } of batch) {
      const fromModel = answered?.get(id);
      if (fromModel) reading.byModel++;
      else reading.byRules++;
      reading.deals.set(item.key, fromModel ?? extractDealsByRules(item));
    }
  }
  return reading;
}

async function askModel(model: LanguageModel, batch: Array<{ id: number; item: NewsItem }>, reading: DealReading) {
  try {
    const answer = await model.generateJson({
      system: DEAL_SYSTEM_PROMPT,
      prompt: buildDealPrompt(batch),
      schema: DEAL_JSON_SCHEMA,
      schemaName: "deals",
    });
    return acceptDealAnswer(batch, answer.text);
  } catch (error) {
    // Anything else is a bug in our code: let it surface.
    if (!(error instanceof IntegrationError)) throw error;
    reading.failures.push(error);
    return undefined;
  }
}
