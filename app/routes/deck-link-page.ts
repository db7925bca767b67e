import type { Route } from "./+types/deck-link-page";
import { getApp } from "../app.server.ts";
import { readLinkRequest, viewerHeaders, withinLinkBudget } from "../http/deck-link-request.server.ts";
import { pageImageNumber, pageImageResponse } from "../http/page-image.ts";
import { watermarkedPage } from "../services/deck-viewer.server.ts";

/**
 * A page image of a link (GET /d/:token/pages/:page, `:page` as "3.webp"), watermarked with the
 * investor's name (decision 068). `private, max-age=600`: only the browser that opened the link
 * keeps it, for ten minutes (scrolling back, a reload); no proxy does. A revoke stops every new
 * fetch at once. `Range` is ignored: always the whole image (a page is tens of kilobytes).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const app = getApp();
  const number = pageImageNumber(params.page);
  const read = await readLinkRequest(app, request, params.token, false);
  if (!read.ok) return read.response;
  if (number === null || read.opened.state !== "active") return new Response("Not found", { status: 404, headers: viewerHeaders() });
  const { link, version } = read.opened;
  return withinLinkBudget(link.id, read.founder, async () => {
    const page = await watermarkedPage(app, link, version, number);
    if (!page) return new Response("Not found", { status: 404, headers: viewerHeaders() });
    return pageImageResponse(request, page, viewerHeaders({ "cache-control": "private, max-age=600" }));
  });
}
