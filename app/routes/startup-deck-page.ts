import type { Route } from "./+types/startup-deck-page";
import { getApp } from "../app.server.ts";
import { pageId } from "../http/api-error.ts";
import { pageImageNumber, pageImageResponse } from "../http/page-image.ts";
import { deckPage } from "../services/decks.server.ts";

/**
 * A rendered page of a deck version (GET /startups/:id/deck/:version/pages/:page, `:page` as
 * "3.webp"): for the signed-in team only (the guard layout), kept by the browser alone (`private`)
 * for a day, its ETag the image's hash (a version's pages never change).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = pageId(params.id);
  const version = pageId(params.version);
  const number = pageImageNumber(params.page);
  if (number === null) throw new Response("Not found", { status: 404 });
  const page = deckPage(getApp(), { startupId: id, isDemo: false }, version, number);
  if (!page) throw new Response("Not found", { status: 404 });
  return pageImageResponse(request, page, new Headers({ "cache-control": "private, max-age=86400" }));
}
