import type { Route } from "./+types/startup-deck-download";
import { getApp } from "../app.server.ts";
import { pageId } from "../http/api-error.ts";
import { deckDownload } from "../services/decks.server.ts";

/**
 * A deck version's original PDF (GET /startups/:id/deck/:version/download), when the founder
 * allowed it: streamed from its 1 MiB chunks in SQLite, one at a time.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = deckDownload(getApp(), { startupId: pageId(params.id), isDemo: false }, pageId(params.version));
  if (!file.ok) throw new Response(file.message, { status: file.status });
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_");
  return new Response(file.stream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.bytes),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
