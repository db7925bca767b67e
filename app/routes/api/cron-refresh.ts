import type { Route } from "./+types/cron-refresh";
import { getApp } from "../../app.server.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { refusalResponse } from "../../services/refresh-http.server.ts";
import { startRefresh } from "../../jobs/refresh.server.ts";
import { pollRuns, refreshDeps } from "../../jobs/worker.server.ts";

/** Route #2: the scheduler's refresh, for an external cron. 202 queued; 409 while one is active. */
export async function loader() {
  const app = getApp();
  try {
    const started = await startRefresh(refreshDeps(app), { trigger: "cron", linkedin: false });
    void pollRuns(app);
    return json(started, { status: 202 });
  } catch (error) {
    return refusalResponse(error);
  }
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
