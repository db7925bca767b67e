/**
 * A small in-memory limiter per client (one process, so memory is the right place): at most
 * `limit` requests per `windowMs`. Used by the open demo chat.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const hits = new Map<string, number[]>();
  return {
    /** Undefined when allowed; otherwise the seconds to wait. */
    check(client: string): number | undefined {
      const at = now();
      const recent = (hits.get(client) ?? []).filter((time) => at - time < options.windowMs);
      if (recent.length >= options.limit) {
        hits.set(client, recent);
        return Math.max(1, Math.ceil((recent[0]! + options.windowMs - at) / 1000));
      }
      recent.push(at);
      hits.set(client, recent);
      if (hits.size > 10_000) hits.clear();
      return undefined;
    },
  };
}

/** The client's address as the proxy saw it (Fly sets Fly-Client-IP), else the first forwarded hop. */
export function clientKey(request: Request): string {
  return (
    request.headers.get("fly-client-ip") ??
    request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ??
    request.headers.get("x-real-ip") ??
    "local"
  );
}
