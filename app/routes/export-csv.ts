import { getApp } from "../app.server.ts";
import { exportStream } from "../services/export.server.ts";

/** One row per real investor, streamed (docs/api.md#exports, decision 056); the import's columns first, so the file round-trips. */
export async function loader() {
  const app = getApp();
  const now = app.now();
  return new Response(exportStream(app, "csv", now), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="investors-${now.toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    },
  });
}
