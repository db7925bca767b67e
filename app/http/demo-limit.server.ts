import { apiError } from "./api-error.ts";
import { clientKey, createRateLimiter } from "./rate-limit.server.ts";

// The demo's open routes write to the database; without a limit an anonymous visitor could grow it.
const demoWrites = createRateLimiter({ limit: 30, windowMs: 60_000 });

/** Throws a 429 error Response when this client has made too many open demo writes. */
export function limitDemoWrites(request: Request): void {
  const wait = demoWrites.check(clientKey(request));
  if (wait !== undefined) {
    throw apiError(429, "rate_limited", `The demo takes 30 changes a minute. Try again in ${wait} seconds.`, {
      headers: { "retry-after": String(wait) },
    });
  }
}
