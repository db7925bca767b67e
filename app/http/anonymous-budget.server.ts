import { apiError } from "./api-error.ts";

/**
 * The open demo's own, smaller share of the process (decision 018): anyone may load and change
 * the demo, and one process serves the founder too. Open demo work without a session may hold
 * at most a few requests in flight at once, and start at most so many a second in all
 * (`DEMO_REQUESTS_PER_SECOND`); the rest are answered at once with 429 and Retry-After, before any
 * routing, loader or render (429, not 503: the server is fine, the open demo's share is used up). A refusal
 * costs a small fraction of a page, so however many clients hammer /demo, the demo's share of the
 * event loop stays about what those few pages a second cost, and `/api/health` and the founder's
 * pages keep the rest. The founder (a live session, or the right x-admin-passcode) is never
 * counted (decision 056).
 */
export const ANONYMOUS_IN_FLIGHT = 4;
/** Open demo requests started a second, from everyone together (a page view is one or two): the default of `DEMO_REQUESTS_PER_SECOND`. */
export const ANONYMOUS_PER_SECOND = 20;
/** Seconds a refused client is asked to wait: a page loads in milliseconds, so a place is free by then. */
export const ANONYMOUS_RETRY_AFTER = 1;

/**
 * At most `limit` entries at once and `perSecond` a second (a bucket of that many, refilled
 * continuously); `enter` says whether this one got a place (then call `leave` once).
 */
export function createConcurrencyBudget(
  limit: number,
  perSecond = Number.POSITIVE_INFINITY,
  now: () => number = performance.now.bind(performance),
) {
  let inFlight = 0;
  let tokens = perSecond;
  let filledAt = now();
  return {
    enter(): boolean {
      const at = now();
      tokens = Math.min(perSecond, tokens + ((at - filledAt) / 1000) * perSecond);
      filledAt = at;
      if (inFlight >= limit || tokens < 1) return false;
      tokens--;
      inFlight++;
      return true;
    },
    leave(): void {
      inFlight = Math.max(0, inFlight - 1);
    },
    get inFlight(): number {
      return inFlight;
    },
  };
}

/**
 * Requests that are open demo work when sent without a session: the demo pages and their
 * data requests (`/demo.data`, `/demo/investors/7.data`), their forms, routes #14 and #15,
 * #7 and #8 with `?demo=1`, and #9 (open only for demo investors).
 */
export function isOpenDemoRequest(method: string, url: string): boolean {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (path === "/demo" || path.startsWith("/demo/") || path.startsWith("/demo.") || path.startsWith("/api/demo/")) return true;
  if (path === "/api/chat" || path === "/api/search-feed") return query !== -1 && new URLSearchParams(url.slice(query)).get("demo") === "1";
  return method === "PATCH" && path.startsWith("/api/investors/");
}

/** The answer to open demo work past the budget: the error format under /api, a short page elsewhere. */
export function demoBusy(path: string): Response {
  const message = "The demo is busy right now: try again in a moment.";
  const headers = { "retry-after": String(ANONYMOUS_RETRY_AFTER) };
  if (path.startsWith("/api/")) return apiError(429, "demo_busy", message, { headers });
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo busy · Investor Pipeline</title></head><body><p>${message}</p><p><a href="/demo">Try again</a></p></body></html>`,
    { status: 429, headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } },
  );
}
