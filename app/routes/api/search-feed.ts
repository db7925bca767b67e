import { methodNotAllowed } from "../../http/api-error.ts";
import type { Route } from "./+types/search-feed";
import { cachedSearchFeed } from "#db/queries/search-feed.server.ts";
import { getApp } from "../../app.server.ts";
import { requireApiSession } from "../../auth/guards.server.ts";
import { keptBody, keptEncoding } from "../../http/compression.server.ts";

/**
 * Route #7: the palette's data. Real rows need a session; `?demo=1` is open and sees demo rows
 * only. The ETag is a hash of the body, so a 304 is exact; body and ETag are kept until the
 * database is written, so an unchanged feed (and its 304) costs two pragmas.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  const demo = new URL(request.url).searchParams.get("demo") === "1";
  if (!demo) await requireApiSession(request, app);
  const feed = cachedSearchFeed(app.db, demo);
  const headers = new Headers({
    etag: feed.etag,
    "cache-control": "private, no-cache",
    vary: "Cookie, Accept-Encoding",
  });
  const match = request.headers.get("if-none-match");
  // Weak comparison (RFC 9110 §13.1.2): a compressed answer carried the tag as W/"…".
  if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === feed.etag)) {
    return new Response(null, { status: 304, headers });
  }
  // The bytes, and each compressed copy, are made once per version of the feed.
  const sent = await keptEncoding(request, `search-feed:${demo}:${feed.etag}`, feed.bytes);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("content-length", String(sent.body.byteLength));
  if (sent.encoding) {
    headers.set("content-encoding", sent.encoding);
    headers.set("etag", `W/${feed.etag}`);
  }
  return new Response(keptBody(sent.body), { headers });
}

export async function action({ request }: { request: Request }) {
  return methodNotAllowed(request, ["GET"]);
}
