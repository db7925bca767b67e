import { z } from "zod";
import { IntegrationError, isAbortLike, parseRetryAfter, withRetries } from "./errors.ts";
import type { IntegrationFailure } from "./errors.ts";
import { isHttpUrl } from "../domain/investor.ts";
import { readBoundedText } from "../http/bounded-body.server.ts";

/**
 * Recent news about an investor, from Tavily's REST API. We call it with plain fetch: the SDK
 * hides HTTP status codes (which our retry policy needs) and weighs 27 MB.
 */

export type SearchResult = {
  url: string;
  title: string;
  content: string;
  /** ISO 8601 when the source gave a readable date. */
  publishedAt: string | null;
  score: number;
};

export type SearchResponse = { results: SearchResult[]; credits: number };

export type SearchOptions = { days?: number; includeDomains?: string[]; maxResults?: number };

export interface WebSearch {
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
}

const SERVICE = "tavily";
/** A basic-depth search costs one credit; used when the answer does not say. */
const BASIC_SEARCH_CREDITS = 1;
/** Ten results of basic depth are tens of KB: past this the answer is refused, never read whole. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

// One odd result (a numeric date, a missing title) must not cost the whole answer: the list is
// checked as a whole, each result on its own, and a result that does not fit is dropped.
const tavilyResponse = z.object({
  results: z.array(z.unknown()),
  usage: z.object({ credits: z.number() }).nullish(),
});

const tavilyResult = z.object({
  url: z.string(),
  title: z.string().catch(""),
  content: z.string().catch(""),
  published_date: z.string().nullish().catch(null),
  score: z.number().catch(0),
});

export function createTavilySearch(options: {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
}): WebSearch {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/search`;
  const retry = {
    retries: options.retries ?? 2,
    timeoutMs: options.timeoutMs ?? 15_000,
    sleep: options.sleep,
    service: SERVICE,
  };

  async function searchOnce(query: string, searchOptions: SearchOptions, signal: AbortSignal): Promise<SearchResponse> {
    const body = {
      query,
      topic: "news",
      days: searchOptions.days ?? 30,
      max_results: searchOptions.maxResults ?? 5,
      ...(searchOptions.includeDomains?.length ? { include_domains: searchOptions.includeDomains } : {}),
      include_usage: true,
      search_depth: "basic",
    };
    let response: Response;
    let text: string | undefined;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify(body),
        signal,
      });
      text = await readBoundedText(response, MAX_BODY_BYTES);
    } catch (error) {
      if (signal.aborted || isAbortLike(error)) {
        throw new IntegrationError(SERVICE, "timeout", `Tavily did not answer within ${retry.timeoutMs} ms`);
      }
      throw new IntegrationError(SERVICE, "network", "Could not reach Tavily");
    }

    if (!response.ok) throw failureFor(response);
    if (text === undefined)
      throw new IntegrationError(SERVICE, "malformed", `Tavily's answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new IntegrationError(SERVICE, "malformed", "Tavily answered with something that is not JSON");
    }
    const parsed = tavilyResponse.safeParse(json);
    if (!parsed.success) {
      throw new IntegrationError(SERVICE, "malformed", "Tavily's answer did not have the expected results list");
    }
    return {
      results: parsed.data.results
        .flatMap((raw) => {
          const result = tavilyResult.safeParse(raw);
          return result.success ? [result.data] : [];
        })
        .filter((result) => isHttpUrl(result.url))
        .map((result) => ({
          url: result.url,
          title: result.title,
          content: result.content,
          publishedAt: toIsoDate(result.published_date),
          score: result.score,
        })),
      credits: parsed.data.usage?.credits ?? BASIC_SEARCH_CREDITS,
    };
  }

  return {
    search(query, searchOptions = {}) {
      return withRetries((signal) => searchOnce(query, searchOptions, signal), retry);
    },
  };
}

/** Our own words for a refusal: Tavily's error text is never passed on (it may echo the key). */
function failureFor(response: Response): IntegrationError {
  const status = response.status;
  let failure: IntegrationFailure;
  let message: string;
  if (status === 401 || status === 403) {
    failure = "auth";
    message = `Tavily rejected the API key (${status})`;
  } else if (status === 432 || status === 433) {
    // Plan or pay-as-you-go limit: waiting a second will not help, a person has to act.
    failure = "auth";
    message = `Tavily says the account's credit limit is reached (${status})`;
  } else if (status === 429) {
    failure = "rate_limited";
    message = "Tavily is rate limiting us (429)";
  } else if (status >= 500) {
    failure = "server";
    message = `Tavily had a server error (${status})`;
  } else {
    failure = "bad_request";
    message = `Tavily refused the request (${status})`;
  }
  const retryAfterMs = status === 429 ? parseRetryAfter(response.headers.get("retry-after"), new Date()) : undefined;
  return new IntegrationError(SERVICE, failure, message, retryAfterMs, status);
}

/** Evidence links are opened by the founder, so anything but http(s) is dropped. */

/** Tavily's news dates come as RFC 1123 ("Tue, 03 Jun 2025 10:00:00 GMT"); store ISO instead. */
function toIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
