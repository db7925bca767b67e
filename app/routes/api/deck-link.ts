import type { Route } from "./+types/deck-link";
import { getApp } from "../../app.server.ts";
import { requestActor } from "../../auth/guards.server.ts";
import { deckLinkChangeSchema } from "../../domain/deck-link-input.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { changeLink, deckLinkJson, linkChangesOf } from "../../services/deck-links.server.ts";

/** `PATCH /api/deck-links/:id`: revoke, expiry, download, email gate, pin (strict body; docs/api.md#deck-links). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(request, ["PATCH"]);
  const id = parseId(params.id, "deck link");
  const body = await readJsonBody(request, deckLinkChangeSchema);
  const answer = changeLink(getApp(), requestActor(context), new URL(request.url).origin, id, linkChangesOf(body));
  if (!answer.ok) throw apiError(answer.status, answer.status === 404 ? "not_found" : "invalid_body", answer.message);
  return json({ link: deckLinkJson(answer.link) });
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["PATCH"]);
}
