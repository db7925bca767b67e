import type { Route } from "./+types/investor-activity";
import { getApp } from "../../app.server.ts";
import { investorActivityQuerySchema } from "../../domain/timeline.ts";
import { apiError, json, methodNotAllowed, parseId } from "../../http/api-error.ts";
import { readQuery } from "../../http/json-body.server.ts";
import { investorActivityAnswer } from "../../services/activity.server.ts";

/** `GET /api/investors/:id/activity?before=&limit=`: one real investor's activity, newest first (docs/api.md#activity). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id, "investor");
  const query = readQuery(request, investorActivityQuerySchema);
  const answer = investorActivityAnswer(getApp(), id, query.limit, query.before || undefined);
  if (!answer) throw apiError(404, "not_found", `There is no investor with id ${id}.`);
  return json(answer);
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
