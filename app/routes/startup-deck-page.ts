import type { Route } from "./+types/startup-deck-page";
import { getApp } from "../app.server.ts";
import { pageId } from "../http/api-error.ts";
import { deckPage } from "../services/decks.server.ts";

/**
 * A rendered page of a deck version (GET /startups/:id/deck/:version/pages/:page, `:page` as
 * "3.webp"): for the signed-in team only (the guard layout), kept by the browser alone (`private`)
 * for a day, its ETag the image's hash (a version's pages never change).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = pageId(params.id);
  const version = pageId(params.version);
  const match = /^([1-9]\d{0,2})\.webp$/.exec(params.page);
  if (!match) throw new Response("Not found", { status: 404 });
  const page = deckPage(getApp(), { startupId: id, isDemo: false }, version, Number(match[1]));
  if (!page) throw new Response("Not found", { status: 404 });
  const etag = `"${page.etag}"`;
  const headers = { "Cache-Control": "private, max-age=86400", ETag: etag, "X-Content-Type-Options": "nosniff" };
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(page.image), {
    headers: { ...headers, "Content-Type": "image/webp", "Content-Length": String(page.image.byteLength) },
  });
}
