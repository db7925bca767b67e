import type { Route } from "./+types/investor-intro-paths";
import { requestActor } from "../../auth/guards.server.ts";
import { getApp } from "../../app.server.ts";
import { introPathAddSchema } from "../../domain/intro-input.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { addIntroPathByHand, investorIntroPaths } from "../../services/intro-paths.server.ts";

/**
 * `GET /api/investors/:id/intro-paths`: who can introduce the team to a real investor (decision 065);
 * `POST`: a path added by hand (strict body), 201 when new, 200 when that person already was one.
 * Under the session guard (app/routes.ts): real investors only; a demo one is not found here.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id, "investor");
  const paths = investorIntroPaths(getApp(), id, false);
  if (!paths) throw apiError(404, "not_found", `There is no investor with id ${id}.`);
  return json({ intro_paths: paths });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["GET", "POST"]);
  const app = getApp();
  const id = parseId(params.id, "investor");
  const body = await readJsonBody(request, introPathAddSchema);
  const outcome = addIntroPathByHand(app, requestActor(context), id, false, body);
  if ("notFound" in outcome) throw apiError(404, "not_found", `There is no investor with id ${id}.`);
  if ("refused" in outcome)
    throw apiError(400, "invalid_body", `${outcome.refused} Nothing was changed.`, { fields: { [outcome.field]: [outcome.refused] } });
  return json({ intro_path: outcome.ok.path, added: outcome.ok.added }, { status: outcome.ok.added ? 201 : 200 });
}
