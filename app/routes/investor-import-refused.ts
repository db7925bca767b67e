import type { Route } from "./+types/investor-import-refused";
import { getApp } from "../app.server.ts";
import { refusedRowsCsv } from "../domain/import/outcome.ts";
import { apiError } from "../http/api-error.ts";
import { findOutcome } from "../services/import-uploads.server.ts";

/** The rows an import refused, every one, with the reason on each (the link on the summary). */
export function loader({ request }: Route.LoaderArgs) {
  const done = new URL(request.url).searchParams.get("done") ?? "";
  const outcome = findOutcome(done, getApp().now().getTime());
  if (!outcome)
    return apiError(404, "not_found", "That import's refused rows have expired (they are kept for an hour, and not across a restart).");
  return new Response(refusedRowsCsv(outcome.header, outcome.refused), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="refused-rows.csv"',
      "cache-control": "no-store",
    },
  });
}
