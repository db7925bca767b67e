import type { Route } from "./+types/deck-link-page";
import { getApp } from "../app.server.ts";
import { readLinkRequest, viewerHeaders, withinLinkBudget } from "../http/deck-link-request.server.ts";
import { watermarkedPage } from "../services/deck-viewer.server.ts";

/**
 * A page image of a link (GET /d/:token/pages/:page, `:page` as "3.webp"), watermarked with the
 * investor's name (decision 068). `private, max-age=600`: only the browser that opened the link
 * keeps it, for ten minutes (scrolling back, a reload); no proxy does. A revoke stops every new
 * fetch at once. `Range` is ignored: always the whole image (a page is tens of kilobytes).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const app = getApp();
  const match = /^([1-9]\d{0,2})\.webp$/.exec(params.page);
  const read = await readLinkRequest(app, request, params.token, false);
  if (!read.ok) return read.response;
  if (!match || read.opened.state !== "active") return new Response("Not found", { status: 404, headers: viewerHeaders() });
  const { link, version } = read.opened;
  return withinLinkBudget(link.id, read.founder, async () => {
    const page = await watermarkedPage(app, link, version, Number(match[1]));
    if (!page) return new Response("Not found", { status: 404, headers: viewerHeaders() });
    const etag = `"${page.etag}"`;
    const headers = viewerHeaders({ "cache-control": "private, max-age=600", etag, "x-content-type-options": "nosniff" });
    if (
      request.headers
        .get("if-none-match")
        ?.split(/\s*,\s*/)
        .includes(etag)
    )
      return new Response(null, { status: 304, headers });
    headers.set("content-type", "image/webp");
    headers.set("content-length", String(page.image.byteLength));
    return new Response(new Uint8Array(page.image), { headers });
  });
}
