import type { Route } from "./+types/refresh-continue";
import { getApp } from "../../app.server.ts";
import { refreshContinueRequestSchema } from "../../domain/runs.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { refusalResponse } from "../../services/refresh-http.server.ts";
import { continueRefresh } from "../../jobs/refresh.server.ts";
import { pollRuns } from "../../jobs/worker.server.ts";

/** Route #5: start the next chain of a run now (the poller would also pick it up). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const app = getApp();
  const body = await readJsonBody(request, refreshContinueRequestSchema);
  try {
    const result = continueRefresh(app.db, body.run_id, body.chain);
    if (result.status === 202) void pollRuns(app);
    return json({ run_id: result.run_id, chain: result.chain }, { status: result.status });
  } catch (error) {
    return refusalResponse(error);
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
