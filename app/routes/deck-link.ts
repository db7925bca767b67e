import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Route } from "./+types/deck-link";
import { getApp } from "../app.server.ts";
import { previewBotName, viewerStep } from "../domain/deck-links.ts";
import { readCookie } from "../auth/session.server.ts";
import { emailGateHtml, emptyLinkHtml, viewerHtml } from "../http/deck-viewer-html.ts";
import { GATE_COOKIE, linkCookie, readLinkRequest, SEEN_COOKIE, viewerHtmlResponse } from "../http/deck-link-request.server.ts";
import { parseFormBody } from "../http/form-body.server.ts";
import { gateCookieValue, gateEmail, seenMark, startVisit, viewerPages } from "../services/deck-viewer.server.ts";

/** How often the viewer's script reports time per page. */
const REPORT_EVERY_MS = 15_000;
/** The `seen` and gate cookies last as long as a fundraise's conversation: 90 days. */
const COOKIE_SECONDS = 90 * 24 * 60 * 60;

const gateSchema = z.object({ email: z.string().trim().toLowerCase().email().max(254) });

/**
 * The public viewer (GET /d/:token, decision 068): open without a session, by design. Each GET of
 * a person starts a view; a preview bot's is recorded apart; a founder's own is not recorded.
 * The pages as images in order, the first two eager; a small script measures time per page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const app = getApp();
  const read = await readLinkRequest(app, request, params.token, true);
  if (!read.ok) return read.response;
  const nonce = randomBytes(16).toString("base64");
  const { opened } = read;
  const userAgent = request.headers.get("user-agent");
  const cookies = request.headers.get("cookie");
  const email = opened.link.emailGate ? gateEmail(app, params.token, readCookie(cookies, GATE_COOKIE)) : null;
  const step = viewerStep({
    hasPages: opened.state === "active",
    gated: opened.link.emailGate,
    emailGiven: email !== null,
    founder: read.founder,
    bot: previewBotName(userAgent) !== null,
  });
  const version = opened.state === "active" ? opened.version : null;
  const started = step.record ? startVisit(app, { link: opened.link, version }, { userAgent, addressGroup: read.client, email }) : null;
  if (step.show === "empty" || version === null) return viewerHtmlResponse(app, emptyLinkHtml(), 200, nonce);
  if (step.show === "gate") return viewerHtmlResponse(app, emailGateHtml(`/d/${params.token}`, null), 200, nonce);
  const html = viewerHtml({
    token: params.token,
    nonce,
    title: opened.link.startupName,
    pages: viewerPages(app, version),
    view: started && started.bot === null ? { id: started.viewId, key: started.key } : null,
    download: opened.link.allowDownload,
    reportEveryMs: REPORT_EVERY_MS,
  });
  return viewerHtmlResponse(app, html, 200, nonce, {
    "set-cookie": linkCookie(app, params.token, SEEN_COOKIE, seenMark(app, params.token), COOKIE_SECONDS),
  });
}

/** The email gate's form (POST /d/:token): the address kept in a signed cookie, then the pages. */
export async function action({ request, params }: Route.ActionArgs) {
  const app = getApp();
  const read = await readLinkRequest(app, request, params.token, true);
  if (!read.ok) return read.response;
  const nonce = randomBytes(16).toString("base64");
  const form = await parseFormBody(request);
  const parsed = form.ok ? gateSchema.safeParse({ email: form.form.get("email") ?? "" }) : null;
  if (!parsed?.success) {
    return viewerHtmlResponse(app, emailGateHtml(`/d/${params.token}`, "Enter an email address, such as name@fund.com."), 400, nonce);
  }
  return new Response(null, {
    status: 303,
    headers: {
      location: `/d/${params.token}`,
      "cache-control": "no-store",
      "x-robots-tag": "noindex, nofollow, noarchive",
      "set-cookie": linkCookie(app, params.token, GATE_COOKIE, gateCookieValue(app, params.token, parsed.data.email), COOKIE_SECONDS),
    },
  });
}
