import { z } from "zod";
import { STAGES } from "../vocabulary.ts";

/**
 * The contract between discovery's sources and its pipeline (docs/product.md#discovery): a news item
 * as a source hands it over, and a funding deal as an extractor reads it out of one. Feed and page
 * text are untrusted: every field is capped here, at the boundary.
 */

export const NEWS_SOURCES = ["feed", "tavily", "gdelt", "demo"] as const;
export type NewsSource = (typeof NEWS_SOURCES)[number];

/** One item of funding news: what the feed item or search result carries, never a page fetched from it. */
export const newsItemSchema = z.object({
  source: z.enum(NEWS_SOURCES),
  /** Stable across fetches (a feed item's guid or link, a search result's URL): each item is read once. */
  key: z.string().min(1).max(2_000),
  url: z.string().max(2_000),
  title: z.string().max(500),
  /** The item's summary or snippet, plain text, capped. */
  text: z.string().max(8_000),
  /** YYYY-MM-DD when the item says, else null. */
  published_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

const name = z.string().trim().min(1).max(120);

/** One funding round as an extractor (rules or a model) reads it out of one news item. */
export const dealSchema = z.object({
  company: name,
  amount: z.number().nonnegative().max(1e12).nullable(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  stage: z.enum(STAGES).nullable(),
  sectors: z.array(z.string().trim().min(1).max(60)).max(10),
  geography: z.string().trim().min(1).max(80).nullable(),
  announced_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  leads: z.array(name).max(20),
  participants: z.array(name).max(40),
  source_url: z.string().max(2_000),
});
export type Deal = z.infer<typeof dealSchema>;

/** A feed's validators (ETag, Last-Modified) as its last full answer gave them. */
export type FeedState = { url: string; etag: string | null; lastModified: string | null };

/**
 * What one source answers for one fetch: its items, the credits it spent, and "later" when it
 * asked us to wait. A feed's batch carries its validators, stored with its items in one
 * transaction: stored earlier, a run killed before its items were saved would get a 304 on
 * resuming and lose them.
 */
export type SourceBatch = {
  items: NewsItem[];
  credits: number;
  later: boolean;
  feed?: FeedState;
  /** Why the source gave nothing, in our words (never the upstream's), for the run's errors. */
  failed?: string;
};
