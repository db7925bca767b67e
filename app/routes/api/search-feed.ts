import { createHash } from "node:crypto";
import { methodNotAllowed } from "../../http/api-error.ts";
import type { Route } from "./+types/search-feed";
import { getApp } from "../../app.server.ts";
import { requireApiSession } from "../../auth/guards.server.ts";
import { searchFeedQuerySchema } from "../../domain/search-query.ts";
import { readQuery } from "../../http/json-body.server.ts";
import { searchFeedItems } from "../../services/investor-search.server.ts";

/**
 * Route #7: the palette's search (decision 066). `q`: the founder's words, the best `limit` matches
 * (50 at most, the best-scored without `q`); `ids`: the investors an answer cites. Real rows need a
 * session; `?demo=1` is open and sees demo rows only. Every answer is a page, never the pipeline:
 * its ETag is a hash of the body, so a 304 is exact.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const app = getApp();
  const demo = new URL(request.url).searchParams.get("demo") === "1";
  if (!demo) await requireApiSession(request, app);
  const query = readQuery(request, searchFeedQuerySchema);
  const body = JSON.stringify({ items: searchFeedItems(app, query, demo) });
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers = new Headers({ etag, "cache-control": "private, no-cache", vary: "Cookie, Accept-Encoding" });
  const match = request.headers.get("if-none-match");
  // Weak comparison (RFC 9110 §13.1.2): a compressed answer carried the tag as W/"…".
  if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(body, { headers });
}

export async function action({ request }: { request: Request }) {
  return methodNotAllowed(request, ["GET"]);
}
