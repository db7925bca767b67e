/**
 * Security headers for every response (docs/product.md#security). Pages get a nonce-based Content-Security-Policy
 * (React Router's inline hydration scripts carry the nonce); JSON and other resources get the
 * strictest policy, since nothing in them should ever run.
 */
export function pageContentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes position chart bars and progress meters.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const RESOURCE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function applySecurityHeaders(headers: Headers, production: boolean): void {
  if (!headers.has("content-security-policy")) {
    headers.set("content-security-policy", RESOURCE_CONTENT_SECURITY_POLICY);
  }
  headers.set("x-content-type-options", "nosniff");
  headers.set("x-frame-options", "DENY");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set("permissions-policy", "camera=(), microphone=(), geolocation=()");
  headers.set("cross-origin-opener-policy", "same-origin");
  if (production) headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
}
