import type { AppDatabase } from "#db/database.server.ts";

/**
 * Deck links and their views written straight into the tables (decision 068), as the viewer would
 * record them: the signals' tests read what is there, whoever wrote it. Defaults make a plain read.
 */

/** A startup with a deck and one ready version whose pages carry `titles` (null: a page without text). */
export function seedDeck(
  db: AppDatabase,
  titles: ReadonlyArray<string | null>,
  name = "Deckside Labs",
): { deckId: number; versionId: number } {
  const client = db.$client;
  const startupId = Number(
    client.prepare("insert into startups (name, pitch, sector, stage) values (?, 'A pitch', 'Fintech', 'seed')").run(name).lastInsertRowid,
  );
  const deckId = Number(client.prepare("insert into decks (startup_id) values (?)").run(startupId).lastInsertRowid);
  const versionId = Number(
    client
      .prepare(
        "insert into deck_versions (deck_id, number, file_name, bytes, sha256, pages, pages_done, status) values (?, 1, 'deck.pdf', 1000, 'x', ?, ?, 'ready')",
      )
      .run(deckId, titles.length, titles.length).lastInsertRowid,
  );
  const page = client.prepare(
    "insert into deck_pages (version_id, number, width, height, etag, title, image) values (?, ?, 1600, 900, 'e', ?, x'00')",
  );
  for (const [index, title] of titles.entries()) page.run(versionId, index + 1, title);
  return { deckId, versionId };
}

let nonce = 0;

/** A link to `deckId` for an investor, made at `createdAt` and sent at `sentAt` (null: not marked sent). */
export function seedLink(
  db: AppDatabase,
  deckId: number,
  investorId: number,
  options: { createdAt?: string; sentAt?: string | null; revokedAt?: string | null } = {},
): number {
  nonce++;
  return Number(
    db.$client
      .prepare(
        "insert into deck_links (deck_id, investor_id, token_hash, nonce, sent_at, revoked_at, created_at) values (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        deckId,
        investorId,
        `hash-${nonce}-${Math.random()}`,
        `nonce-${nonce}`,
        options.sentAt ?? null,
        options.revokedAt ?? null,
        options.createdAt ?? "2026-11-20T09:00:00.000Z",
      ).lastInsertRowid,
  );
}

export type SeededView = {
  startedAt: string;
  versionId?: number | null;
  /** Seconds per page (page number → seconds): the view's seconds and pages are their sum and count unless given. */
  pages?: Record<number, number>;
  seconds?: number;
  pagesSeen?: number;
  bot?: string | null;
  forwarded?: boolean;
  device?: string;
};

/** A view of `linkId` with its pages. */
export function seedView(db: AppDatabase, linkId: number, view: SeededView): number {
  const pages = Object.entries(view.pages ?? {}).map(([page, seconds]) => [Number(page), seconds] as const);
  const seconds = view.seconds ?? pages.reduce((sum, [, s]) => sum + s, 0);
  const id = Number(
    db.$client
      .prepare(
        `insert into deck_views (link_id, version_id, started_at, last_seen_at, seconds, pages_seen, device, address_group_hash, bot, forwarded)
         values (?, ?, ?, ?, ?, ?, ?, 'group', ?, ?)`,
      )
      .run(
        linkId,
        view.versionId ?? null,
        view.startedAt,
        view.startedAt,
        seconds,
        view.pagesSeen ?? pages.length,
        view.device ?? "desktop",
        view.bot ?? null,
        view.forwarded ? 1 : 0,
      ).lastInsertRowid,
  );
  const page = db.$client.prepare("insert into deck_view_pages (view_id, page, seconds) values (?, ?, ?)");
  for (const [number, s] of pages) page.run(id, number, s);
  return id;
}
