import { pathOf, startFakeServer } from "./fake-server.ts";
import type { FakeReply, FakeServer } from "./fake-server.ts";

/**
 * A stand-in for Tavily's `POST /search`: same request and answer shapes, news results made up
 * from the query so a run has something plausible to judge.
 */

export type FakeTavily = FakeServer;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function startFakeTavily(options: { apiKey?: string } = {}): Promise<FakeTavily> {
  return startFakeServer((request) => {
    if (request.method !== "POST" || pathOf(request) !== "/search") return undefined;
    return (body) => {
      if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return tavilyError(401, "Unauthorized: missing or invalid API key.");
      }
      return { json: newsResultsFor(body) };
    };
  });
}

/** Tavily's error shape: `{"detail":{"error":"…"}}`. */
export function tavilyError(status: number, message: string, headers?: Record<string, string>): FakeReply {
  return { status, json: { detail: { error: message } }, headers };
}

/**
 * Two recent articles about the query. Deterministic apart from dates, which stay within the
 * last ten days so recency filters keep them. Dates use Tavily's RFC 1123 style.
 */
export function newsResultsFor(body: any, now: Date = new Date()) {
  const query = typeof body?.query === "string" ? body.query : "";
  const slug =
    query
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "query";
  const domains: unknown = body?.include_domains;
  const host = Array.isArray(domains) && typeof domains[0] === "string" ? domains[0] : "news.example.com";
  const maxResults = typeof body?.max_results === "number" ? body.max_results : 5;
  const results = [
    {
      url: `https://${host}/articles/${slug}-leads-new-round`,
      title: `${query}: leads a new seed round`,
      content: `${query} led a seed round this week, according to people familiar with the deal.`,
      score: 0.91,
      published_date: new Date(now.getTime() - 2 * DAY_MS).toUTCString(),
      raw_content: null,
    },
    {
      url: `https://${host}/articles/${slug}-interview`,
      title: `Interview: what ${query} looks for in founders`,
      content: `In an interview, ${query} described the traits they look for in early-stage founders.`,
      score: 0.78,
      published_date: new Date(now.getTime() - 6 * DAY_MS).toUTCString(),
      raw_content: null,
    },
  ].slice(0, Math.max(0, maxResults));
  return {
    query,
    follow_up_questions: null,
    answer: null,
    images: [],
    results,
    response_time: 0.42,
    ...(body?.include_usage ? { usage: { credits: 1 } } : {}),
    request_id: `fake-${slug}`,
  };
}
