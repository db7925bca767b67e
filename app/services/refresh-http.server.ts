import { apiError, json } from "../http/api-error.ts";
import { RefreshRefused } from "../jobs/refresh.server.ts";

/** A refused refresh as the API's error body; a 409 names the active run. */
export function refusalResponse(error: unknown): Response {
  if (!(error instanceof RefreshRefused)) throw error;
  if (error.status === 409 && error.runId) {
    return json({ error: { code: error.code, message: error.message }, run_id: error.runId }, { status: 409 });
  }
  return apiError(error.status, error.code, error.message);
}
