import type { Route } from "./+types/refresh";
import { getApp } from "../../app.server.ts";
import { refreshRequestSchema } from "../../domain/runs.ts";
import { apiError, json, methodNotAllowed } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { refusalResponse } from "../../services/refresh-http.server.ts";
import { manualRefreshWait, startManualRefresh } from "../../services/manual-refresh.server.ts";

/** Route #4: a manual refresh, at most one per 10 minutes (kept in the database). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const app = getApp();
  const body = await readJsonBody(request, refreshRequestSchema);
  try {
    return json(await startManualRefresh(app, body.linkedin ?? false), { status: 202 });
  } catch (error) {
    const wait = manualRefreshWait(error);
    if (wait !== undefined) {
      return apiError(429, "rate_limited", `A manual refresh ran less than 10 minutes ago. Try again in ${Math.ceil(wait / 60)} minutes.`, {
        headers: { "retry-after": String(wait) },
      });
    }
    return refusalResponse(error);
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
