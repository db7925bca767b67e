import { apiError } from "./api-error.ts";

/**
 * The open demo's own, smaller share of the process (decision 018): anyone may load and change
 * the demo, and one process serves the founder too, so open demo work without a session may
 * hold at most a few requests in flight at once. The rest are answered at once with 503 and
 * Retry-After, before any routing, loader or render: refusing costs far less than serving, so
 * 32 clients hammering /demo leave the event loop free for /api/health and the founder's pages.
 * A signed-in founder looking at the demo is not counted.
 */
export const ANONYMOUS_IN_FLIGHT = 4;
/** Seconds a refused client is asked to wait: a page loads in milliseconds, so a slot is free by then. */
export const ANONYMOUS_RETRY_AFTER = 1;

/** At most `limit` entries at once; `enter` says whether this one got a place (then call `leave` once). */
export function createConcurrencyBudget(limit: number) {
  let inFlight = 0;
  return {
    enter(): boolean {
      if (inFlight >= limit) return false;
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

export const anonymousDemoBudget = createConcurrencyBudget(ANONYMOUS_IN_FLIGHT);

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
  if (path.startsWith("/api/")) return apiError(503, "demo_busy", message, { headers });
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo busy · Investor Pipeline</title></head><body><p>${message}</p><p><a href="/demo">Try again</a></p></body></html>`,
    { status: 503, headers: { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } },
  );
}
