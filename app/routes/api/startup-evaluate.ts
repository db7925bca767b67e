import type { Route } from "./+types/startup-evaluate";
import { getStartup } from "#db/queries/startups.server.ts";
import { getApp } from "../../app.server.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { readEmptyBody } from "../../http/json-body.server.ts";
import { evaluateStartup } from "../../services/startups.server.ts";

/** Route #11: the model judges saved evidence for this startup (no web search), then the rules score everyone. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const app = getApp();
  const id = parseId(params.id, "startup");
  await readEmptyBody(request);
  if (!getStartup(app.db, id)) throw apiError(404, "not_found", `There is no startup with id ${id}.`);
  return json(await evaluateStartup(app, id));
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
