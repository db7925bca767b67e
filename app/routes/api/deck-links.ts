import type { Route } from "./+types/deck-links";
import { getApp } from "../../app.server.ts";
import { requestActor } from "../../auth/guards.server.ts";
import { deckLinkCreateSchema } from "../../domain/deck-link-input.ts";
import { apiError, json, methodNotAllowed } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { deckLinkJson, linkRequestOf, makeDeckLink } from "../../services/deck-links.server.ts";

const CODES = { 400: "invalid_body", 404: "not_found", 409: "no_deck" } as const;

/**
 * `POST /api/deck-links`: a link to a startup's deck for an investor (the active one is given back
 * when there is one: 200; a new one: 201) or with a label (always new). Strict body, snake_case keys (docs/api.md#deck-links).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const body = await readJsonBody(request, deckLinkCreateSchema);
  const answer = makeDeckLink(getApp(), requestActor(context), new URL(request.url).origin, linkRequestOf(body));
  if (!answer.ok) throw apiError(answer.status, CODES[answer.status], answer.message);
  return json({ link: deckLinkJson(answer.link), made: answer.made }, { status: answer.made ? 201 : 200 });
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
