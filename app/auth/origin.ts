const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF rule (docs/product.md#security): a state-changing request whose Origin header is present and is not
 * this app's own origin is refused. The app's origin is the one the browser sees: behind a
 * TLS-terminating proxy with TRUST_PROXY=true that is `https://` and the forwarded host
 * (app/http/public-origin.ts), which is also what React Router's own action check compares with.
 */
export function isForeignOriginWrite(method: string, origin: string | null | undefined, appOrigin: string | null | undefined): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin === null || origin === undefined) return false;
  if (origin === "null" || !appOrigin) return true;
  try {
    return new URL(origin).origin !== new URL(appOrigin).origin;
  } catch {
    return true;
  }
}

export function isForeignOriginRequest(request: Request): boolean {
  return isForeignOriginWrite(request.method, request.headers.get("origin"), new URL(request.url).origin);
}
