import type { App } from "../app-context.ts";
import { isFounderRequest } from "../auth/guards.server.ts";
import { readCookie } from "../auth/session.server.ts";
import { describeWait } from "../auth/guess-limit.server.ts";
import { isSeenMark, type OpenedLink, openDeckLink } from "../services/deck-viewer.server.ts";
import { closedLinkHtml } from "./deck-viewer-html.ts";
import { deckLinkBudget, DECK_LINK_LIMITS } from "./deck-link-budget.server.ts";
import { clientKey } from "./rate-limit.server.ts";
import { pageContentSecurityPolicy } from "./security-headers.ts";

/**
 * What every `/d/:token…` request does first (decision 068): the founder (a session, or the
 * right x-admin-passcode: isFounderRequest) is never counted; anyone else's token is refused unchecked while its client (or, past the ceiling,
 * everyone untrusted) must wait; a malformed or unknown token counts as a wrong guess. The answer
 * for a link that does not work names neither the investor nor the startup.
 */

/** The cookie that says this browser opened the link (its path is the link's): trusted past the ceiling. */
export const SEEN_COOKIE = "ipi_deck_seen";
/** The email gate's answer, signed, on the link's path. */
export const GATE_COOKIE = "ipi_deck_email";

/** Headers of every viewer answer: never indexed, never kept by a proxy. */
export function viewerHeaders(extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ "x-robots-tag": "noindex, nofollow, noarchive", "cache-control": "no-store", ...extra });
  return headers;
}

/** An HTML answer of the viewer with the app's page CSP (its one inline script by nonce). */
export function viewerHtmlResponse(app: App, html: string, status: number, nonce: string, extra: Record<string, string> = {}): Response {
  const headers = viewerHeaders({ "content-type": "text/html; charset=utf-8", ...extra });
  headers.set("content-security-policy", pageContentSecurityPolicy({ nonce }, app.config.NODE_ENV === "development"));
  return new Response(html, { status, headers });
}

/** A cookie on the link's path: HttpOnly, SameSite=Lax, Secure in production. */
export function linkCookie(app: App, token: string, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=/d/${token}`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax"];
  if (app.config.NODE_ENV === "production") parts.push("Secure");
  return parts.join("; ");
}

export type LinkRequest =
  | { ok: true; opened: Extract<OpenedLink, { state: "active" | "empty" }>; founder: boolean; client: string }
  | { ok: false; response: Response };

/** The answer to a link that does not work, for a page or for an image, script or download. */
export function closedLink(state: "malformed" | "unknown" | "revoked" | "expired", asPage: boolean): Response {
  const shown = state === "expired" ? "expired" : "unknown";
  const status = state === "expired" || state === "revoked" ? 410 : 404;
  if (!asPage)
    return new Response("This link does not work.", { status, headers: viewerHeaders({ "content-type": "text/plain; charset=utf-8" }) });
  // The page's CSP without any inline script: its style sheet is inline, nothing runs.
  const headers = viewerHeaders({ "content-type": "text/html; charset=utf-8" });
  headers.set("content-security-policy", pageContentSecurityPolicy({ hashes: [] }, false));
  return new Response(closedLinkHtml(shown), { status, headers });
}

/**
 * The link a request's token names, or the Response that refuses it. The status of a revoked
 * link is 410 and an unknown one 404; their pages read the same (decision 068).
 */
export async function readLinkRequest(app: App, request: Request, token: string, asPage: boolean): Promise<LinkRequest> {
  const client = clientKey(request);
  const cookies = request.headers.get("cookie");
  let founder: boolean;
  try {
    founder = await isFounderRequest(request, app);
  } catch (refusal) {
    if (refusal instanceof Response) return { ok: false, response: refusal };
    throw refusal;
  }
  if (!founder) {
    const trusted = isSeenMark(app, token, readCookie(cookies, SEEN_COOKIE));
    const wait = deckLinkBudget.waitBeforeLookup(client, trusted);
    if (wait !== undefined) return { ok: false, response: tooManyGuesses(wait, asPage) };
  }
  const opened = openDeckLink(app, token);
  if (opened.state === "malformed" || opened.state === "unknown") {
    if (!founder) deckLinkBudget.recordWrongToken(client);
    return { ok: false, response: closedLink(opened.state, asPage) };
  }
  if (opened.state === "active" || opened.state === "empty") return { ok: true, opened, founder, client };
  return { ok: false, response: closedLink(opened.state, asPage) };
}

function tooManyGuesses(wait: number, asPage: boolean): Response {
  const text = `Too many links that do not work are being tried right now. Wait ${describeWait(wait)} and open your link again.`;
  const headers = viewerHeaders({ "retry-after": String(wait) });
  if (!asPage) {
    headers.set("content-type", "text/plain; charset=utf-8");
    return new Response(text, { status: 429, headers });
  }
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("content-security-policy", pageContentSecurityPolicy({ hashes: [] }, false));
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Try again in a moment</title></head><body><main><h1>Try again in a moment</h1><p>${text}</p></main></body></html>`,
    { status: 429, headers },
  );
}

/** A real link's heavy work under its budget: 429 at once when the queues are full. */
export async function withinLinkBudget(linkId: number, founder: boolean, work: () => Promise<Response>): Promise<Response> {
  if (founder) return work();
  const release = await deckLinkBudget.enter(linkId);
  if (!release) {
    return new Response("Too many people are opening this deck right now. Try again in a moment.", {
      status: 429,
      headers: viewerHeaders({ "retry-after": String(DECK_LINK_LIMITS.retryAfterSeconds), "content-type": "text/plain; charset=utf-8" }),
    });
  }
  try {
    return await work();
  } finally {
    release();
  }
}
