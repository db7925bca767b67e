const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF rule (SPEC §7): a state-changing request whose Origin header is present and is not
 * this app's own origin is refused. Hosts are compared (not schemes) because a TLS-terminating
 * proxy hands the app plain http while the browser says https.
 */
export function isForeignOriginWrite(method: string, origin: string | null | undefined, host: string | null | undefined): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin === null || origin === undefined) return false;
  if (origin === "null" || !host) return true;
  try {
    return new URL(origin).host !== host.toLowerCase();
  } catch {
    return true;
  }
}

export function isForeignOriginRequest(request: Request): boolean {
  return isForeignOriginWrite(request.method, request.headers.get("origin"), new URL(request.url).host);
}
