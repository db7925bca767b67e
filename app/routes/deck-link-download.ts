import type { Route } from "./+types/deck-link-download";
import { getApp } from "../app.server.ts";
import { readLinkRequest, viewerHeaders, withinLinkBudget } from "../http/deck-link-request.server.ts";
import { linkDownload } from "../services/deck-viewer.server.ts";

/**
 * The deck's PDF through a link (GET /d/:token/download), only when the founder allowed the
 * download on that link (decision 068); streamed a 1 MiB chunk at a time, never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const app = getApp();
  const read = await readLinkRequest(app, request, params.token, false);
  if (!read.ok) return read.response;
  if (read.opened.state !== "active") return new Response("Not found", { status: 404, headers: viewerHeaders() });
  const { link, version } = read.opened;
  if (!link.allowDownload)
    return new Response("The download of this deck is not allowed. Ask the person who sent the link for the PDF.", {
      status: 403,
      headers: viewerHeaders({ "content-type": "text/plain; charset=utf-8" }),
    });
  return withinLinkBudget(link.id, read.founder, async () => {
    const name = version.fileName.replace(/[^\x20-\x7e]/g, "_");
    return new Response(linkDownload(app, version), {
      headers: viewerHeaders({
        "content-type": "application/pdf",
        "content-length": String(version.bytes),
        "content-disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(version.fileName)}`,
      }),
    });
  });
}
