import type { Route } from "./+types/startup-rubric";
import { getStartup } from "#db/queries/startups.server.ts";
import { getApp } from "../../app.server.ts";
import { requestActor } from "../../auth/guards.server.ts";
import { rubricPatchSchema } from "../../domain/rubric/schema.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { editRubric, regenerateRubric } from "../../services/startups.server.ts";

/** Route #12: `{rubric}` saves a version and re-scores at once (no model); `{action: "regenerate"}` asks the model. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(request, ["PATCH"]);
  const app = getApp();
  const id = parseId(params.id, "startup");
  const body = await readJsonBody(request, rubricPatchSchema);
  if (!getStartup(app.db, id)) throw apiError(404, "not_found", `There is no startup with id ${id}.`);
  if (body.rubric) return json(await editRubric(app, requestActor(context), id, body.rubric));
  return json(await regenerateRubric(app, requestActor(context), id));
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["PATCH"]);
}
