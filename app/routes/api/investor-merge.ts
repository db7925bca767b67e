import type { Route } from "./+types/investor-merge";
import { requestActor } from "../../auth/guards.server.ts";
import { getApp } from "../../app.server.ts";
import { mergeRequestSchema } from "../../domain/investor-profile.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { DEMO_NOT_DELETED, investorAnswer, mergeRealInvestors, sideOfInvestor } from "../../services/investor-profile.server.ts";

/**
 * Route #17: folds `other_id` into this investor (decision 026) and answers with the survivor.
 * Under the session guard (app/routes.ts): real investors only, both of them.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const app = getApp();
  const id = parseId(params.id, "investor");
  const { other_id: otherId } = await readJsonBody(request, mergeRequestSchema);
  if (otherId === id) {
    throw apiError(400, "invalid_body", "other_id must be another investor than the one merged into.", {
      fields: { other_id: ["must be another investor than the one merged into"] },
    });
  }
  for (const each of [id, otherId]) {
    const side = sideOfInvestor(app, each);
    if (side === undefined) throw apiError(404, "not_found", `There is no investor with id ${each}.`);
    if (side === "demo") throw apiError(409, "demo_investor", DEMO_NOT_DELETED);
  }
  mergeRealInvestors(app, requestActor(context), id, otherId);
  return json(investorAnswer(app, id));
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
