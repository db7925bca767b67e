import { addressGroup } from "./address-group.ts";

/**
 * A small in-memory limiter per client (one process, so memory is the right place): at most
 * `limit` events per `windowMs`. `check` records an event; `peek` only asks.
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number; maxClients?: number }) {
  const now = options.now ?? Date.now;
  const maxClients = options.maxClients ?? 10_000;
  const hits = new Map<string, number[]>();

  function recent(client: string, at: number): number[] {
    return (hits.get(client) ?? []).filter((time) => at - time < options.windowMs);
  }
  function waitFor(list: number[], at: number): number {
    return Math.max(1, Math.ceil((list[0]! + options.windowMs - at) / 1000));
  }

  return {
    /** Undefined when allowed (and counted); otherwise the seconds to wait. */
    check(client: string): number | undefined {
      const at = now();
      const list = recent(client, at);
      // Re-inserting keeps the map in least-recently-seen order, so eviction drops the stalest.
      hits.delete(client);
      if (list.length >= options.limit) {
        hits.set(client, list);
        return waitFor(list, at);
      }
      list.push(at);
      hits.set(client, list);
      while (hits.size > maxClients) hits.delete(hits.keys().next().value!);
      return undefined;
    },
    /** Undefined when another event would be allowed; otherwise the seconds to wait. Records nothing. */
    peek(client: string): number | undefined {
      const at = now();
      const list = recent(client, at);
      return list.length >= options.limit ? waitFor(list, at) : undefined;
    },
  };
}

/**
 * The client a per-client limit counts: Fly's proxy sets Fly-Client-IP (trusted only when running
 * on Fly); else the address the server stamped on the request. Client-sent forwarding headers
 * are not trusted, so they cannot be used to dodge a limit. Addresses are grouped (IPv6 by /64,
 * decision 019), so a client cannot become a new one by moving within its own network.
 */
export function clientKey(request: Request): string {
  return clientGroup(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "local", request.headers.get("fly-client-ip"));
}

/** `clientKey` from the stamped address and the Fly-Client-IP header (app/server.ts uses it before a Request exists). */
export function clientGroup(stampedAddress: string, flyClientIp: string | string[] | null | undefined): string {
  const fly = process.env.FLY_APP_NAME && typeof flyClientIp === "string" ? flyClientIp : undefined;
  return addressGroup(fly || stampedAddress);
}

/** Set by app/server.ts from the socket, overwriting anything the client sent. */
export const CLIENT_ADDRESS_HEADER = "x-ipi-client-address";
