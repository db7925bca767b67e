import { getApp } from "../app.server.ts";
import { exportStream } from "../services/export.server.ts";

/** Everything the founder has, streamed from one snapshot (docs/api.md#exports, decision 056). */
export async function loader() {
  const app = getApp();
  const now = app.now();
  return new Response(exportStream(app, "json", now), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="investor-pipeline-${now.toISOString().slice(0, 10)}.json"`,
      "cache-control": "no-store",
    },
  });
}
