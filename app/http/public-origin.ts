/**
 * The origin the browser sees (docs/product.md#security). The app itself only speaks plain http; behind a
 * TLS-terminating proxy (Fly's force_https, nginx, Caddy) the browser is on https and the proxy
 * says so in X-Forwarded-Proto, and in X-Forwarded-Host when it rewrites the Host header. Those
 * headers are believed only with TRUST_PROXY=true: anyone can send them to an exposed app.
 */

/** A header as node:http gives it (a list when repeated) or as a Fetch Headers object gives it. */
export type HeaderValue = string | string[] | null | undefined;

// A DNS name (letters, digits, dots, hyphens; underscores occur on internal names), an IPv4
// address or a bracketed IPv6 address, then an optional port. Anything else (a path, user info,
// spaces, non-ASCII) is not a host a browser would have sent.
const HOST_PATTERN = /^(?:[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The first value of a header a proxy may have appended to (`a, b` → `a`). */
function firstValue(value: HeaderValue): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  const first = text?.split(",")[0]?.trim();
  return first ? first : undefined;
}

/** `host[:port]` in its normal form for the scheme (lower case, default port dropped), or undefined. */
function normalHost(value: string | undefined, protocol: "http:" | "https:"): string | undefined {
  if (!value || !HOST_PATTERN.test(value)) return undefined;
  try {
    return new URL(`${protocol}//${value}`).host;
  } catch {
    return undefined;
  }
}

export type PublicOrigin = { protocol: "http:" | "https:"; host: string; origin: string };

/**
 * The scheme and host of the request as the browser addressed it, or undefined when the Host
 * header is not a host name (the caller answers 400). Without TRUST_PROXY: http and Host.
 * With it: the first X-Forwarded-Proto (http or https; anything else is ignored) and the first
 * X-Forwarded-Host when it is a valid host, else Host.
 */
export function publicOrigin(
  headers: { host?: HeaderValue; forwardedProto?: HeaderValue; forwardedHost?: HeaderValue },
  trustProxy: boolean,
): PublicOrigin | undefined {
  const forwardedProto = trustProxy ? firstValue(headers.forwardedProto)?.toLowerCase() : undefined;
  const protocol = forwardedProto === "https" ? "https:" : "http:";
  // Host is one value, never a list; an HTTP/1.0 request may leave it out.
  const hostHeader = (Array.isArray(headers.host) ? headers.host[0] : headers.host) ?? "localhost";
  const host =
    (trustProxy ? normalHost(firstValue(headers.forwardedHost), protocol) : undefined) ?? normalHost(hostHeader.trim(), protocol);
  if (!host) return undefined;
  return { protocol, host, origin: `${protocol}//${host}` };
}

/**
 * The client's address for per-client limits. Behind our own proxy (TRUST_PROXY=true) the socket
 * is the proxy, so the address is the last X-Forwarded-For entry: the one our proxy appended,
 * which the client cannot choose (entries before it can be forged). Anything that is not an IP
 * address falls back to the socket.
 */
export function clientAddress(socket: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: boolean): string {
  const fallback = socket ?? "unknown";
  if (!trustProxy || forwardedFor === undefined) return fallback;
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  const last = joined
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return last && /^[0-9a-fA-F:.]{2,45}$/.test(last) ? last : fallback;
}
