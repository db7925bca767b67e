import type { Route } from "./+types/startup-deck-links";
import { getApp } from "../../app.server.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { deckLinkJson, startupDeckLinks } from "../../services/deck-links.server.ts";

/** `GET /api/startups/:id/deck/links`: a real startup's deck links with their views, newest first (docs/api.md#deck-links). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id, "startup");
  const links = startupDeckLinks(getApp(), id, new URL(request.url).origin);
  if (!links) throw apiError(404, "not_found", `There is no startup with id ${id}.`);
  return json({ links: links.map(deckLinkJson) });
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
