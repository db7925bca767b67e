import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { boundedSeconds, type DeviceClass, looksForwarded, VIEW_LIMITS } from "#app/domain/deck-links.ts";
import type { Db } from "../database.server.ts";
import { deckVersions, deckViewPages, deckViews } from "../schema-decks.ts";

/**
 * Deck views (decision 068): written by the public viewer, read by the founder's pages and the
 * API. A view's seconds are bounded here, whatever the caller sends.
 */

export type DeckViewRow = {
  id: number;
  versionNumber: number | null;
  startedAt: string;
  lastSeenAt: string;
  seconds: number;
  pagesSeen: number;
  device: string;
  bot: string | null;
  forwarded: boolean;
  email: string | null;
  pages: Array<{ page: number; seconds: number }>;
};

/** A link's views, newest first, each with its seconds per page. */
export function viewsOfLink(db: Db, linkId: number, limit = 200): DeckViewRow[] {
  const rows = db
    .select({
      id: deckViews.id,
      versionNumber: deckVersions.number,
      startedAt: deckViews.startedAt,
      lastSeenAt: deckViews.lastSeenAt,
      seconds: deckViews.seconds,
      pagesSeen: deckViews.pagesSeen,
      device: deckViews.device,
      bot: deckViews.bot,
      forwarded: deckViews.forwarded,
      email: deckViews.email,
    })
    .from(deckViews)
    .leftJoin(deckVersions, eq(deckVersions.id, deckViews.versionId))
    .where(eq(deckViews.linkId, linkId))
    .orderBy(desc(deckViews.startedAt), desc(deckViews.id))
    .limit(limit)
    .all();
  if (rows.length === 0) return [];
  const pages = db
    .select()
    .from(deckViewPages)
    .where(
      inArray(
        deckViewPages.viewId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(deckViewPages.page))
    .all();
  return rows.map((row) => ({
    ...row,
    pages: pages.filter((page) => page.viewId === row.id).map(({ page, seconds }) => ({ page, seconds })),
  }));
}

/**
 * A visit starts: its device, its address group's hash (keyed, never the address), a preview bot's
 * name, and "possibly forwarded" computed against the link's earlier views.
 */
export function startDeckView(
  db: Db,
  link: { id: number },
  visit: { versionId: number | null; device: DeviceClass; addressGroupHash: string; bot: string | null; email?: string | null },
  now: Date,
): { id: number; forwarded: boolean } {
  return db.transaction((tx) => {
    const earlier = tx
      .select({ addressGroupHash: deckViews.addressGroupHash, device: deckViews.device, bot: deckViews.bot })
      .from(deckViews)
      .where(eq(deckViews.linkId, link.id))
      .orderBy(asc(deckViews.id))
      .limit(500)
      .all();
    const forwarded = looksForwarded(visit, earlier);
    const at = now.toISOString();
    const row = tx
      .insert(deckViews)
      .values({
        linkId: link.id,
        versionId: visit.versionId,
        startedAt: at,
        lastSeenAt: at,
        device: visit.device,
        addressGroupHash: visit.addressGroupHash,
        bot: visit.bot,
        forwarded,
        email: visit.email ?? null,
      })
      .returning({ id: deckViews.id })
      .get();
    return { id: row.id, forwarded };
  });
}

/** A view of this link (for checking a viewer's report belongs to the link it came through). */
export function viewOfLink(
  db: Db,
  viewId: number,
  linkId: number,
): { id: number; versionId: number | null; seconds: number; pagesSeen: number; bot: string | null } | undefined {
  return db
    .select({
      id: deckViews.id,
      versionId: deckViews.versionId,
      seconds: deckViews.seconds,
      pagesSeen: deckViews.pagesSeen,
      bot: deckViews.bot,
    })
    .from(deckViews)
    .where(and(eq(deckViews.id, viewId), eq(deckViews.linkId, linkId)))
    .get();
}

/**
 * Seconds per page from the viewer's script, bounded: a page outside the version's pages is
 * dropped, each page gets at most VIEW_LIMITS.maxSecondsPerPageReport a report, the view at most
 * VIEW_LIMITS.maxSecondsPerView in all; a view's page rows are at most its version's pages.
 * Returns the seconds actually added, and the view's seconds and pages seen after.
 */
export function addViewSeconds(
  db: Db,
  view: { id: number },
  pageCount: number,
  reports: ReadonlyArray<{ page: number; seconds: number }>,
  now: Date,
): { added: number; seconds: number; pagesSeen: number } | undefined {
  return db.transaction((tx) => {
    const current = tx.select({ seconds: deckViews.seconds }).from(deckViews).where(eq(deckViews.id, view.id)).get();
    if (!current) return undefined;
    let total = current.seconds;
    let added = 0;
    const merged = new Map<number, number>();
    for (const report of reports.slice(0, VIEW_LIMITS.maxPagesPerReport)) {
      if (!Number.isInteger(report.page) || report.page < 1 || report.page > pageCount) continue;
      merged.set(report.page, (merged.get(report.page) ?? 0) + report.seconds);
    }
    for (const [page, asked] of merged) {
      const seconds = boundedSeconds(asked, total);
      if (seconds <= 0) continue;
      tx.insert(deckViewPages)
        .values({ viewId: view.id, page, seconds })
        .onConflictDoUpdate({
          target: [deckViewPages.viewId, deckViewPages.page],
          set: { seconds: sql`${deckViewPages.seconds} + ${seconds}` },
        })
        .run();
      total += seconds;
      added += seconds;
    }
    const pagesSeen = tx.select({ count: sql<number>`count(*)` }).from(deckViewPages).where(eq(deckViewPages.viewId, view.id)).get()!.count;
    tx.update(deckViews).set({ seconds: total, pagesSeen, lastSeenAt: now.toISOString() }).where(eq(deckViews.id, view.id)).run();
    return { added, seconds: total, pagesSeen };
  });
}
