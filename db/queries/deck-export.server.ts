import type { Db } from "../database.server.ts";
import { sql } from "drizzle-orm";

/**
 * Deck links and their views in /export.json (decision 068), keyset-paged by id like the rest of
 * the export (decision 056), the real side's only. A link carries its nonce and its token's hash,
 * never the token: a restore on an instance with the same link key (DECK_LINK_SECRET) keeps every
 * link working, and a file without the key names no working link. Its deck is named by its
 * startup (decks are not exported, decision 067); a version by its number, for reading. The
 * caller gives the chunk's size (EXPORT_ROWS_PER_CHUNK: db/queries/export.server.ts imports these types).
 */

export type ExportedDeckLink = {
  id: number;
  startup_id: number;
  investor_id: number | null;
  label: string | null;
  token_hash: string;
  nonce: string;
  pinned_version: number | null;
  allow_download: boolean;
  email_gate: boolean;
  expires_at: string | null;
  revoked_at: string | null;
  sent_at: string | null;
  created_by_member_id: number | null;
  created_at: string;
};

export type ExportedDeckView = {
  id: number;
  link_id: number;
  version: number | null;
  started_at: string;
  last_seen_at: string;
  seconds: number;
  pages_seen: number;
  device: string;
  address_group_hash: string;
  bot: string | null;
  forwarded: boolean;
  email: string | null;
  /** Seconds per page, by page. */
  pages: Array<{ page: number; seconds: number }>;
};

type Row = Record<string, unknown>;

function all<T extends Row>(db: Db, query: ReturnType<typeof sql>): T[] {
  return db.all<T>(query);
}

/** The next real links after `afterId`, by the primary key (`+is_demo`: not an index and a sort per chunk). */
export function deckLinksAfterForExport(db: Db, afterId: number, limit: number): ExportedDeckLink[] {
  const rows = all<Omit<ExportedDeckLink, "allow_download" | "email_gate"> & { allow_download: number; email_gate: number }>(
    db,
    sql`select l.id, d.startup_id, l.investor_id, l.label, l.token_hash, l.nonce,
          (select v.number from deck_versions v where v.id = l.pinned_version_id) as pinned_version,
          l.allow_download, l.email_gate, l.expires_at, l.revoked_at, l.sent_at, l.created_by_member_id, l.created_at
        from deck_links l join decks d on d.id = l.deck_id
        where +l.is_demo = 0 and l.id > ${afterId} order by l.id limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, allow_download: row.allow_download === 1, email_gate: row.email_gate === 1 }));
}

/** The next views of real links after `afterId`, by the primary key, each with its seconds per page. */
export function deckViewsAfterForExport(db: Db, afterId: number, limit: number): ExportedDeckView[] {
  const rows = all<Omit<ExportedDeckView, "forwarded" | "pages"> & { forwarded: number }>(
    db,
    sql`select w.id, w.link_id, (select v.number from deck_versions v where v.id = w.version_id) as version, w.started_at,
          w.last_seen_at, w.seconds, w.pages_seen, w.device, w.address_group_hash, w.bot, w.forwarded, w.email
        from deck_views w join deck_links l on l.id = w.link_id
        where l.is_demo = 0 and w.id > ${afterId} order by w.id limit ${limit}`,
  );
  if (rows.length === 0) return [];
  const pages = new Map<number, Array<{ page: number; seconds: number }>>();
  const ids = JSON.stringify(rows.map((row) => row.id));
  for (const page of all<{ view_id: number; page: number; seconds: number }>(
    db,
    sql`select view_id, page, seconds from deck_view_pages where view_id in (select value from json_each(${ids})) order by view_id, page`,
  )) {
    const list = pages.get(page.view_id);
    if (list) list.push({ page: page.page, seconds: page.seconds });
    else pages.set(page.view_id, [{ page: page.page, seconds: page.seconds }]);
  }
  return rows.map((row) => ({ ...row, forwarded: row.forwarded === 1, pages: pages.get(row.id) ?? [] }));
}
