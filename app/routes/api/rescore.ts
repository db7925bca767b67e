import type { Route } from "./+types/rescore";
import { getApp } from "../../app.server.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { readEmptyBody } from "../../http/json-body.server.ts";
import { rescoreEverything } from "../../jobs/rescore.server.ts";

/** Route #6: recompute every score and action from saved data, with today's decay. No search, no model. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const app = getApp();
  await readEmptyBody(request);
  return json(await rescoreEverything(app));
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
