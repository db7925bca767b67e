import type { Route } from "./+types/intro-path";
import { requestActor } from "../../auth/guards.server.ts";
import { getApp } from "../../app.server.ts";
import { introStateSchema } from "../../domain/intro-input.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { readEmptyBody, readJsonBody } from "../../http/json-body.server.ts";
import { moveIntro, removeIntro } from "../../services/intro-paths.server.ts";

const METHODS = ["PATCH", "DELETE"];

/**
 * `PATCH /api/intro-paths/:id`: an intro's state (strict body; `investor_status` moves the investor
 * only with `introduced`); `DELETE`: the path removed (decision 065). Under the session guard:
 * real paths only; a demo one is not found here.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!METHODS.includes(request.method)) return methodNotAllowed(request, METHODS);
  const app = getApp();
  const id = parseId(params.id, "intro path");
  const notFound = () => apiError(404, "not_found", `There is no intro path with id ${id}.`);
  if (request.method === "DELETE") {
    await readEmptyBody(request);
    if (!removeIntro(app, requestActor(context), id, false)) throw notFound();
    return json({ deleted: true });
  }
  const body = await readJsonBody(request, introStateSchema);
  const outcome = moveIntro(app, requestActor(context), id, false, body);
  if ("notFound" in outcome) throw notFound();
  if ("refused" in outcome)
    throw apiError(400, "invalid_body", `${outcome.refused} Nothing was changed.`, { fields: { [outcome.field]: [outcome.refused] } });
  return json({ intro_path: outcome.ok });
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, METHODS);
}
