import type { NewsItem } from "../../domain/discovery/deal.ts";
import { IntegrationError, isAbortLike } from "../errors.ts";
import { FeedFormatError, readFeedItems } from "./feed-items.ts";
import { readBoundedBody } from "../../http/bounded-body.server.ts";

/**
 * One RSS or Atom feed of funding news (DEAL_FEEDS), read with a conditional GET: the caller keeps
 * each feed's ETag and Last-Modified (the pipeline stores them) and passes them back, so an
 * unchanged feed costs a 304 and no parsing. Each fetch has a byte cap and a time limit; only
 * the configured feed URL is fetched, never a link found in it.
 */

export const MAX_FEED_BYTES = 2 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 15_000;
const SERVICE = "feed";

export type FeedValidators = { etag?: string | null; lastModified?: string | null };
export type FeedFetch = { items: NewsItem[]; etag: string | null; lastModified: string | null; notModified: boolean };

export async function fetchFeed(
  url: string,
  validators: FeedValidators = {},
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<FeedFetch> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = {
    accept: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8",
    "user-agent": "investor-pipeline-intelligence (self-hosted; funding news reader)",
  };
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;

  let response: Response;
  let body: string;
  try {
    response = await fetch(url, { headers, signal, redirect: "follow" });
    if (response.status === 304) {
      await response.body?.cancel();
      return { items: [], etag: validators.etag ?? null, lastModified: validators.lastModified ?? null, notModified: true };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw failureFor(response.status);
    }
    body = await readCapped(response, maxBytes);
  } catch (error) {
    if (error instanceof IntegrationError) throw error;
    if (signal.aborted || isAbortLike(error))
      throw new IntegrationError(SERVICE, "timeout", `The feed did not answer within ${timeoutMs} ms`);
    throw new IntegrationError(SERVICE, "network", "Could not reach the feed");
  }

  let items: NewsItem[];
  try {
    items = readFeedItems(body);
  } catch (error) {
    if (!(error instanceof FeedFormatError)) throw error;
    throw new IntegrationError(SERVICE, "malformed", `The feed is not RSS or Atom (${error.message})`);
  }
  return {
    items,
    etag: response.headers.get("etag"),
    lastModified: response.headers.get("last-modified"),
    notModified: false,
  };
}

/** The body as text, refused past `maxBytes` whether or not Content-Length said so. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const read = await readBoundedBody(response, maxBytes);
  if (!read.ok) {
    // Declared too large: nothing was read, so the connection is let go here.
    await response.body?.cancel().catch(() => {});
    throw new IntegrationError(SERVICE, "malformed", `The feed is larger than ${Math.round(maxBytes / 1024)} KB`);
  }
  return new TextDecoder("utf-8").decode(read.bytes);
}

function failureFor(status: number): IntegrationError {
  if (status === 429) return new IntegrationError(SERVICE, "rate_limited", "The feed is rate limiting us (429)", undefined, status);
  if (status >= 500) return new IntegrationError(SERVICE, "server", `The feed had a server error (${status})`, undefined, status);
  if (status === 401 || status === 403) return new IntegrationError(SERVICE, "auth", `The feed refused us (${status})`, undefined, status);
  return new IntegrationError(SERVICE, "bad_request", `The feed answered ${status}`, undefined, status);
}
