/**
 * Security headers for every response (docs/product.md#security). Pages get a Content-Security-Policy
 * that lets only their own inline scripts run: by a nonce fresh on each answer, or, on a kept page
 * (the same bytes on every answer, decision 028), by the hashes of its inline scripts. JSON and
 * other resources get the strictest policy, since nothing in them should ever run.
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

export function pageContentSecurityPolicy(scripts: InlineScripts, development: boolean): string {
  const inline = "nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.join(" ");
  return [
    "default-src 'self'",
    `script-src 'self'${inline ? ` ${inline}` : ""}`,
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
