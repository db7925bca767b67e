import type { Route } from "./+types/startup";
import { getStartup } from "#db/queries/startups.server.ts";
import { getApp } from "../../app.server.ts";
import { requestActor } from "../../auth/guards.server.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { readEmptyBody } from "../../http/json-body.server.ts";
import { removeStartup } from "../../services/startups.server.ts";

/** Route #13: removes the startup, its rubrics, evaluations and scores; investors and evidence stay. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(request, ["DELETE"]);
  const app = getApp();
  const id = parseId(params.id, "startup");
  await readEmptyBody(request);
  if (!getStartup(app.db, id)) throw apiError(404, "not_found", `There is no startup with id ${id}.`);
  await removeStartup(app, requestActor(context), id);
  return json({ deleted: true });
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["DELETE"]);
}
