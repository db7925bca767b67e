import type { Route } from "./+types/cron-discover";
import { getApp } from "../../app.server.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { startDiscovery } from "../../jobs/discovery.server.ts";
import { discoveryDeps, pollRuns } from "../../jobs/worker.server.ts";
import { refusalResponse } from "../../services/refresh-http.server.ts";

/** The scheduler's discovery run, for an external cron (decision 034). 202 queued; 409 while one is active. */
export async function loader() {
  const app = getApp();
  try {
    const started = startDiscovery(discoveryDeps(app), "cron");
    void pollRuns(app);
    return json(started, { status: 202 });
  } catch (error) {
    return refusalResponse(error);
  }
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
