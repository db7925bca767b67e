import { z } from "zod";
import type { NewsItem, SourceBatch } from "../../domain/discovery/deal.ts";
import { newsItemSchema } from "../../domain/discovery/deal.ts";
import { isHttpUrl } from "../../domain/investor.ts";
import { readBoundedText } from "../../http/bounded-body.server.ts";
import { IntegrationError, isAbortLike } from "../errors.ts";

/**
 * GDELT's DOC 2.0 API (keyless): `mode=ArtList&format=json` lists recent articles matching a
 * query, each with a URL, a title and the time GDELT saw it (no text: the rules read the
 * headline). GDELT asks for at most one request every 5 seconds; a 429 or the HTML page it
 * answers instead of JSON when it is busy mean "later", not a failure.
 */

export const GDELT_DEFAULT_BASE_URL = "https://api.gdeltproject.org";
export const GDELT_MIN_INTERVAL_MS = 5_000;
const SERVICE = "gdelt";
/** An ArtList of 250 records is about 100 KB: past this the answer is refused, never read whole. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface NewsSearchSource {
  search(query: string): Promise<SourceBatch>;
}

const artList = z.object({ articles: z.array(z.unknown()).optional() });
const article = z.object({ url: z.string(), title: z.string().catch(""), seendate: z.string().catch("") });

/**
 * When each GDELT endpoint may next be asked, kept for the process: two runs (or a run taken over
 * by the same process) one after another still leave 5 s between their requests. A request
 * reserves its slot before it waits, so two asking at once are spaced too.
 */
export type GdeltSpacing = { reserve(now: number, minInterval: number): number };

export function gdeltSpacing(): GdeltSpacing {
  let next = Number.NEGATIVE_INFINITY;
  return {
    reserve(now, minInterval) {
      const slot = Math.max(now, next);
      next = slot + minInterval;
      return slot;
    },
  };
}

const spacingByEndpoint = new Map<string, GdeltSpacing>();

function sharedSpacing(endpoint: string): GdeltSpacing {
  let spacing = spacingByEndpoint.get(endpoint);
  if (!spacing) {
    spacing = gdeltSpacing();
    spacingByEndpoint.set(endpoint, spacing);
  }
  return spacing;
}

export function createGdeltSource(
  options: {
    baseUrl?: string;
    timeoutMs?: number;
    maxRecords?: number;
    minIntervalMs?: number;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
    /** Whose clock of requests this source keeps to: by default the process's, per endpoint. */
    spacing?: GdeltSpacing;
  } = {},
): NewsSearchSource {
  const endpoint = `${(options.baseUrl ?? GDELT_DEFAULT_BASE_URL).replace(/\/+$/, "")}/api/v2/doc/doc`;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const minInterval = options.minIntervalMs ?? GDELT_MIN_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const spacing = options.spacing ?? sharedSpacing(endpoint);

  return {
    async search(query) {
      const wait = spacing.reserve(now(), minInterval) - now();
      if (wait > 0) await sleep(wait);
      const params = new URLSearchParams({
        query,
        mode: "ArtList",
        format: "json",
        maxrecords: String(options.maxRecords ?? 50),
        timespan: "7d",
        sort: "DateDesc",
      });
      const signal = AbortSignal.timeout(timeoutMs);
      let response: Response;
      let body: string | undefined;
      try {
        response = await fetch(`${endpoint}?${params}`, { headers: { accept: "application/json" }, signal });
        body = await readBoundedText(response, MAX_BODY_BYTES);
      } catch (error) {
        if (signal.aborted || isAbortLike(error))
          throw new IntegrationError(SERVICE, "timeout", `GDELT did not answer within ${timeoutMs} ms`);
        throw new IntegrationError(SERVICE, "network", "Could not reach GDELT");
      }
      const later: SourceBatch = { items: [], credits: 0, later: true };
      if (response.status === 429) return later;
      if (response.status >= 500)
        throw new IntegrationError(SERVICE, "server", `GDELT had a server error (${response.status})`, undefined, response.status);
      if (!response.ok)
        throw new IntegrationError(SERVICE, "bad_request", `GDELT refused the request (${response.status})`, undefined, response.status);
      if (body === undefined)
        throw new IntegrationError(SERVICE, "malformed", `GDELT's answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
      // Busy or refusing, GDELT answers 200 with an HTML or plain-text page ("Please limit requests…").
      if (!body.trimStart().startsWith("{")) return later;
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return later;
      }
      const parsed = artList.safeParse(json);
      if (!parsed.success) throw new IntegrationError(SERVICE, "malformed", "GDELT's answer did not have the articles list");
      return { items: (parsed.data.articles ?? []).flatMap(toItem), credits: 0, later: false };
    },
  };
}

function toItem(raw: unknown): NewsItem[] {
  const parsed = article.safeParse(raw);
  if (!parsed.success || !isHttpUrl(parsed.data.url)) return [];
  const item = newsItemSchema.safeParse({
    source: "gdelt",
    key: parsed.data.url.slice(0, 2_000),
    url: parsed.data.url,
    title: parsed.data.title.replace(/\s+/g, " ").trim().slice(0, 500),
    text: "",
    published_on: seenDay(parsed.data.seendate),
  });
  return item.success ? [item.data] : [];
}

/** "20261112T031500Z" → "2026-11-12". */
function seenDay(seen: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})T/.exec(seen);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** A GDELT query for funding news in a sector: the phrase, a funding word, English sources. */
export function gdeltQuery(sector: string): string {
  const phrase = sector.replace(/["()]/g, " ").replace(/\s+/g, " ").trim().slice(0, 60);
  return `"${phrase}" (raises OR "funding round" OR "led by") sourcelang:english`;
}
