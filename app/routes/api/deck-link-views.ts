import type { Route } from "./+types/deck-link-views";
import { getApp } from "../../app.server.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { deckLinkViews, deckViewJson } from "../../services/deck-links.server.ts";

/** `GET /api/deck-links/:id/views`: a link's views, newest first, with seconds per page; bots apart by `bot` (docs/api.md#deck-links). */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id, "deck link");
  const views = deckLinkViews(getApp(), id);
  if (!views) throw apiError(404, "not_found", `There is no deck link with id ${id}.`);
  return json({ views: views.map(deckViewJson) });
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
