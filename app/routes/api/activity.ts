import type { Route } from "./+types/activity";
import { getApp } from "../../app.server.ts";
import { activityQuerySchema } from "../../domain/timeline.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { readQuery } from "../../http/json-body.server.ts";
import { activityAfterAnswer } from "../../services/activity.server.ts";

/** `GET /api/activity?after=&limit=`: who changed what on the real side, oldest first after an id (docs/api.md#activity). */
export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request, activityQuerySchema);
  return json(activityAfterAnswer(getApp(), query.after, query.limit));
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
