import { createHash } from "node:crypto";
import type { RecommendedAction } from "#app/domain/investor.ts";
import type { AppDatabase } from "../database.server.ts";
import { UNREAD_BY_KEPT_PAGES, keptUntilWrite } from "./kept.server.ts";

/** Route #7: every investor of one side (real or demo), best first, with a content ETag. */

export type SearchFeedItem = { id: number; name: string; firm: string | null; score: number; action: RecommendedAction; href: string };

/**
 * Route #7's answer, kept until the database is written: the palette asks on every page, and
 * rebuilding 10,000 items, their JSON and a hash each time was most of the feed's cost.
 */
export function cachedSearchFeed(db: AppDatabase, demo: boolean): SearchFeed {
  return keptUntilWrite(db, `search-feed:${demo}`, () => readSearchFeed(db, demo), demo ? "demo" : "real", UNREAD_BY_KEPT_PAGES);
}

/** The feed's items, its JSON (also as UTF-8 bytes, encoded once) and a strong ETag naming those bytes. */
export type SearchFeed = { items: SearchFeedItem[]; etag: string; body: string; bytes: Uint8Array<ArrayBuffer> };

export function readSearchFeed(db: AppDatabase, demo: boolean): SearchFeed {
  const rows = db.$client
    .prepare("select id, name, firm, score, action from investors where is_demo = ? order by score desc, id")
    .all(demo ? 1 : 0) as Array<Omit<SearchFeedItem, "href">>;
  const prefix = demo ? "/demo/investors/" : "/investors/";
  const items = rows.map((row) => ({ ...row, href: prefix + row.id }));
  const body = JSON.stringify({ items });
  const bytes = Buffer.from(body, "utf8");
  const etag = `"${createHash("sha1").update(bytes).digest("base64url")}"`;
  return { items, etag, body, bytes };
}
