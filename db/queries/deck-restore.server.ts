import type { ExportedDeckLinkRecord, ExportedDeckViewRecord } from "#app/domain/export-file.ts";
import type { Db } from "../database.server.ts";
import { deckLinks, deckViewPages, deckViews, decks } from "../schema-decks.ts";

/**
 * Deck links and views read back by the restore (decision 068), inside its one transaction. The
 * decks themselves are not in an export (decision 067): a link's deck is its startup's, made empty
 * here when the file names a startup with links, so the founder's next upload of the deck becomes
 * its first version and every restored link shows it. A pinned version and a view's version are
 * not restored (their pages are not); the views' seconds per page are. A link keeps its nonce and
 * token hash: on an instance with the same DECK_LINK_SECRET it answers at the same address.
 */
export function deckRestorer(
  t: Db,
  refs: {
    investorOf: (oldId: number, where: string) => number;
    startupOf: (oldId: number) => number;
    memberOf: (oldId: number | null) => number | null;
  },
) {
  const linkIds = new Map<number, number>();
  const deckOfStartup = new Map<number, number>();
  const hashes = new Set<string>();
  const counts = { deck_links: 0, deck_views: 0 };

  const deckOf = (startupId: number): number => {
    let deckId = deckOfStartup.get(startupId);
    if (deckId === undefined) {
      deckId = t.insert(decks).values({ startupId, isDemo: false }).returning({ id: decks.id }).get().id;
      deckOfStartup.set(startupId, deckId);
    }
    return deckId;
  };

  return {
    counts,
    deckLink(item: ExportedDeckLinkRecord): void {
      if (linkIds.has(item.id)) throw new Error(`deck link ${item.id} is in the file twice`);
      // A file the app wrote never holds one token twice: an edited one is told so, not a constraint's words.
      if (hashes.has(item.token_hash))
        throw new Error(`deck link ${item.id} has the token of a link before it: each link's token is its own`);
      hashes.add(item.token_hash);
      if (item.investor_id === null && !item.label?.trim()) throw new Error(`deck link ${item.id} names neither an investor nor a label`);
      const investorId = item.investor_id === null ? null : refs.investorOf(item.investor_id, `deck link ${item.id}`);
      const { id } = t
        .insert(deckLinks)
        .values({
          deckId: deckOf(refs.startupOf(item.startup_id)),
          investorId,
          label: item.label,
          tokenHash: item.token_hash,
          nonce: item.nonce,
          allowDownload: item.allow_download,
          emailGate: item.email_gate,
          expiresAt: item.expires_at,
          revokedAt: item.revoked_at,
          sentAt: item.sent_at,
          createdByMemberId: refs.memberOf(item.created_by_member_id),
          isDemo: false,
          createdAt: item.created_at,
        })
        .returning({ id: deckLinks.id })
        .get();
      linkIds.set(item.id, id);
      counts.deck_links++;
    },
    deckView(item: ExportedDeckViewRecord): void {
      const linkId = linkIds.get(item.link_id);
      if (linkId === undefined) throw new Error(`deck view ${item.id} names link ${item.link_id}, which is not in the file before it`);
      const { id: viewId } = t
        .insert(deckViews)
        .values({
          linkId,
          versionId: null,
          startedAt: item.started_at,
          lastSeenAt: item.last_seen_at,
          seconds: item.seconds,
          pagesSeen: item.pages_seen,
          device: item.device,
          addressGroupHash: item.address_group_hash,
          bot: item.bot,
          forwarded: item.forwarded,
          email: item.email,
        })
        .returning({ id: deckViews.id })
        .get();
      for (const page of item.pages) t.insert(deckViewPages).values({ viewId, page: page.page, seconds: page.seconds }).run();
      counts.deck_views++;
    },
  };
}
