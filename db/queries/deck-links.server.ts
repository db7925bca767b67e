import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Actor } from "#app/domain/people.ts";
import type { Db } from "../database.server.ts";
import { deckLinks, deckPages, decks, deckVersions, deckViews } from "../schema-decks.ts";
import { investors, startups } from "../schema.ts";
import { recordActivity } from "./activity.server.ts";

/**
 * Deck links and their views (decision 068). A link is one per investor per deck (asking again
 * gives the active one back) or an ad-hoc one with a label; each founder change records activity
 * (`deck`) with its author in the same transaction. Views are written by the public viewer: their
 * seconds are bounded here, whatever the caller sends.
 */

export type DeckLinkRow = {
  id: number;
  deckId: number;
  startupId: number;
  startupName: string;
  investorId: number | null;
  investorName: string | null;
  label: string | null;
  nonce: string;
  pinnedVersionId: number | null;
  pinnedVersionNumber: number | null;
  allowDownload: boolean;
  emailGate: boolean;
  expiresAt: string | null;
  revokedAt: string | null;
  sentAt: string | null;
  createdAt: string;
  isDemo: boolean;
};

/** What the founder's lists show beside a link: people's views apart from bots'. */
export type DeckLinkSummary = DeckLinkRow & {
  views: number;
  botViews: number;
  forwardedViews: number;
  lastViewedAt: string | null;
  seconds: number;
  pagesSeen: number;
};

const linkColumns = {
  id: deckLinks.id,
  deckId: deckLinks.deckId,
  startupId: decks.startupId,
  startupName: startups.name,
  investorId: deckLinks.investorId,
  investorName: investors.name,
  label: deckLinks.label,
  nonce: deckLinks.nonce,
  pinnedVersionId: deckLinks.pinnedVersionId,
  pinnedVersionNumber: deckVersions.number,
  allowDownload: deckLinks.allowDownload,
  emailGate: deckLinks.emailGate,
  expiresAt: deckLinks.expiresAt,
  revokedAt: deckLinks.revokedAt,
  sentAt: deckLinks.sentAt,
  createdAt: deckLinks.createdAt,
  isDemo: deckLinks.isDemo,
};

function linksQuery(db: Db) {
  return db
    .select(linkColumns)
    .from(deckLinks)
    .innerJoin(decks, eq(decks.id, deckLinks.deckId))
    .innerJoin(startups, eq(startups.id, decks.startupId))
    .leftJoin(investors, eq(investors.id, deckLinks.investorId))
    .leftJoin(deckVersions, eq(deckVersions.id, deckLinks.pinnedVersionId));
}

/** One link of the side by id. */
export function deckLinkById(db: Db, linkId: number, isDemo: boolean): DeckLinkRow | undefined {
  return linksQuery(db)
    .where(and(eq(deckLinks.id, linkId), eq(deckLinks.isDemo, isDemo)))
    .get();
}

/** The link a visitor's token names (by its hash), on the real side only: the demo has no links. */
export function deckLinkByTokenHash(db: Db, tokenHash: string): DeckLinkRow | undefined {
  return linksQuery(db)
    .where(and(eq(deckLinks.tokenHash, tokenHash), eq(deckLinks.isDemo, false)))
    .get();
}

/** A startup's deck id, when it has one (of this side). */
export function deckIdOf(db: Db, startupId: number, isDemo: boolean): number | undefined {
  return db
    .select({ id: decks.id })
    .from(decks)
    .where(and(eq(decks.startupId, startupId), eq(decks.isDemo, isDemo)))
    .get()?.id;
}

/** The version a link shows: its pinned one when ready, else the deck's newest ready version. */
export function linkVersion(
  db: Db,
  link: { deckId: number; pinnedVersionId: number | null },
): { id: number; number: number; pages: number; allowDownload: boolean; fileName: string; bytes: number } | undefined {
  const columns = {
    id: deckVersions.id,
    number: deckVersions.number,
    pages: sql<number>`coalesce(${deckVersions.pages}, 0)`,
    allowDownload: deckVersions.allowDownload,
    fileName: deckVersions.fileName,
    bytes: deckVersions.bytes,
  };
  if (link.pinnedVersionId !== null) {
    const pinned = db
      .select(columns)
      .from(deckVersions)
      .where(and(eq(deckVersions.id, link.pinnedVersionId), eq(deckVersions.status, "ready")))
      .get();
    if (pinned) return pinned;
  }
  return db
    .select(columns)
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, link.deckId), eq(deckVersions.status, "ready")))
    .orderBy(desc(deckVersions.number))
    .limit(1)
    .get();
}

/** A page of a version, with its size (the viewer's `<img>` needs them). */
export function versionPages(db: Db, versionId: number): Array<{ number: number; width: number; height: number; title: string | null }> {
  return db
    .select({ number: deckPages.number, width: deckPages.width, height: deckPages.height, title: deckPages.title })
    .from(deckPages)
    .where(eq(deckPages.versionId, versionId))
    .orderBy(asc(deckPages.number))
    .all();
}

/** One page's image and ETag. */
export function versionPageImage(db: Db, versionId: number, page: number): { image: Buffer; etag: string } | undefined {
  return db
    .select({ image: deckPages.image, etag: deckPages.etag })
    .from(deckPages)
    .where(and(eq(deckPages.versionId, versionId), eq(deckPages.number, page)))
    .get();
}

export type NewLink = {
  deckId: number;
  startup: { name: string };
  isDemo: boolean;
  nonce: string;
  tokenHash: string;
  allowDownload?: boolean;
  emailGate?: boolean;
  expiresAt?: string | null;
  pinnedVersionId?: number | null;
};

/**
 * The investor's active link to this deck, made when there is none (one per investor per deck:
 * asking again returns it, `made` false). A revoked or expired one is left as it is and a new one made.
 */
export function createInvestorLink(
  db: Db,
  actor: Actor,
  link: NewLink & { investor: { id: number; name: string } },
  now: Date,
): { link: DeckLinkRow; made: boolean } {
  return db.transaction((tx) => {
    const at = now.toISOString();
    const existing = tx
      .select({ id: deckLinks.id })
      .from(deckLinks)
      .where(
        and(
          eq(deckLinks.deckId, link.deckId),
          eq(deckLinks.investorId, link.investor.id),
          isNull(deckLinks.revokedAt),
          sql`(${deckLinks.expiresAt} is null or ${deckLinks.expiresAt} > ${at})`,
        ),
      )
      .orderBy(desc(deckLinks.id))
      .get();
    if (existing) return { link: deckLinkById(tx, existing.id, link.isDemo)!, made: false };
    const id = insertLink(tx, actor, { ...link, investorId: link.investor.id, label: null }, now);
    recordActivity(
      tx,
      actor,
      { investorId: link.investor.id, subject: link.investor.name, isDemo: link.isDemo },
      [{ kind: "deck", detail: { what: "made a link", startup: link.startup.name } }],
      now,
    );
    return { link: deckLinkById(tx, id, link.isDemo)!, made: true };
  });
}

/** An ad-hoc link with a label ("Demo day list"), always a new one. */
export function createLabelLink(db: Db, actor: Actor, link: NewLink & { label: string }, now: Date): DeckLinkRow {
  return db.transaction((tx) => {
    const id = insertLink(tx, actor, { ...link, investorId: null }, now);
    recordActivity(
      tx,
      actor,
      { subject: link.startup.name, isDemo: link.isDemo },
      [{ kind: "deck", detail: { what: "made a link", label: link.label } }],
      now,
    );
    return deckLinkById(tx, id, link.isDemo)!;
  });
}

function insertLink(db: Db, actor: Actor, link: NewLink & { investorId: number | null; label: string | null }, now: Date): number {
  return db
    .insert(deckLinks)
    .values({
      deckId: link.deckId,
      investorId: link.investorId,
      label: link.label,
      tokenHash: link.tokenHash,
      nonce: link.nonce,
      pinnedVersionId: link.pinnedVersionId ?? null,
      allowDownload: link.allowDownload ?? false,
      emailGate: link.emailGate ?? false,
      expiresAt: link.expiresAt ?? null,
      createdByMemberId: actor.kind === "member" ? actor.memberId : null,
      isDemo: link.isDemo,
      createdAt: now.toISOString(),
    })
    .returning({ id: deckLinks.id })
    .get().id;
}

export type LinkChanges = {
  revoke?: boolean;
  expiresAt?: string | null;
  allowDownload?: boolean;
  emailGate?: boolean;
  pinnedVersionId?: number | null;
};

/** The founder's changes to a link (revoke, expiry, download, gate, pin), with one activity row each. */
export function changeDeckLink(db: Db, actor: Actor, link: DeckLinkRow, changes: LinkChanges, now: Date): DeckLinkRow {
  return db.transaction((tx) => {
    const set: Partial<typeof deckLinks.$inferInsert> = {};
    const said: string[] = [];
    if (changes.revoke && !link.revokedAt) {
      set.revokedAt = now.toISOString();
      said.push("turned off the link");
    }
    if (changes.expiresAt !== undefined && changes.expiresAt !== link.expiresAt) {
      set.expiresAt = changes.expiresAt;
      said.push(changes.expiresAt ? `set the link to expire on ${changes.expiresAt.slice(0, 10)}` : "removed the link's expiry");
    }
    if (changes.allowDownload !== undefined && changes.allowDownload !== link.allowDownload) {
      set.allowDownload = changes.allowDownload;
      said.push(changes.allowDownload ? "allowed the download through the link" : "stopped the download through the link");
    }
    if (changes.emailGate !== undefined && changes.emailGate !== link.emailGate) {
      set.emailGate = changes.emailGate;
      said.push(changes.emailGate ? "asked for an email on the link" : "stopped asking for an email on the link");
    }
    if (changes.pinnedVersionId !== undefined && changes.pinnedVersionId !== link.pinnedVersionId) {
      set.pinnedVersionId = changes.pinnedVersionId;
      said.push(changes.pinnedVersionId ? "pinned the link to one version" : "made the link follow the newest version");
    }
    if (said.length === 0) return link;
    tx.update(deckLinks).set(set).where(eq(deckLinks.id, link.id)).run();
    recordActivity(
      tx,
      actor,
      { investorId: link.investorId, subject: link.investorName ?? link.startupName, isDemo: link.isDemo },
      said.map((what) => ({ kind: "deck" as const, detail: { what, label: link.label, startup: link.startupName } })),
      now,
    );
    return deckLinkById(tx, link.id, link.isDemo)!;
  });
}

/** Summaries of the links matching `where`, newest first. */
function summaries(db: Db, where: ReturnType<typeof and>): DeckLinkSummary[] {
  const links = linksQuery(db).where(where).orderBy(desc(deckLinks.id)).all();
  if (links.length === 0) return [];
  const counts = db
    .select({
      linkId: deckViews.linkId,
      views: sql<number>`sum(case when ${deckViews.bot} is null then 1 else 0 end)`,
      botViews: sql<number>`sum(case when ${deckViews.bot} is null then 0 else 1 end)`,
      forwardedViews: sql<number>`sum(${deckViews.forwarded})`,
      lastViewedAt: sql<string | null>`max(case when ${deckViews.bot} is null then ${deckViews.startedAt} end)`,
      seconds: sql<number>`coalesce(sum(case when ${deckViews.bot} is null then ${deckViews.seconds} end), 0)`,
      pagesSeen: sql<number>`coalesce(max(case when ${deckViews.bot} is null then ${deckViews.pagesSeen} end), 0)`,
    })
    .from(deckViews)
    .where(
      inArray(
        deckViews.linkId,
        links.map((link) => link.id),
      ),
    )
    .groupBy(deckViews.linkId)
    .all();
  const byLink = new Map(counts.map((row) => [row.linkId, row]));
  return links.map((link) => {
    const row = byLink.get(link.id);
    return {
      ...link,
      views: row?.views ?? 0,
      botViews: row?.botViews ?? 0,
      forwardedViews: row?.forwardedViews ?? 0,
      lastViewedAt: row?.lastViewedAt ?? null,
      seconds: row?.seconds ?? 0,
      pagesSeen: row?.pagesSeen ?? 0,
    };
  });
}

/** A startup's links with their views counted, newest first. */
export function deckLinksOfStartup(db: Db, startupId: number, isDemo: boolean): DeckLinkSummary[] {
  return summaries(db, and(eq(decks.startupId, startupId), eq(deckLinks.isDemo, isDemo)));
}

/** One link with its views counted. */
export function deckLinkSummary(db: Db, linkId: number, isDemo: boolean): DeckLinkSummary | undefined {
  return summaries(db, and(eq(deckLinks.id, linkId), eq(deckLinks.isDemo, isDemo)))[0];
}

/** An investor's links (one per startup's deck at most active), with their views counted. */
export function deckLinksOfInvestor(db: Db, investorId: number, isDemo: boolean): DeckLinkSummary[] {
  return summaries(db, and(eq(deckLinks.investorId, investorId), eq(deckLinks.isDemo, isDemo)));
}

/** The investors and names a startup's link list may name (for choosing by id in the API). */
export function investorOfSide(db: Db, investorId: number, isDemo: boolean): { id: number; name: string } | undefined {
  return db
    .select({ id: investors.id, name: investors.name })
    .from(investors)
    .where(and(eq(investors.id, investorId), eq(investors.isDemo, isDemo)))
    .get();
}

/** A version of the deck by its number, for pinning. */
export function deckVersionIdByNumber(db: Db, deckId: number, number: number): number | undefined {
  return db
    .select({ id: deckVersions.id })
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, number), eq(deckVersions.status, "ready")))
    .get()?.id;
}

/** Startups of the side whose deck has a ready version: the investor page offers a link to each. */
export function startupsWithReadyDeck(db: Db, isDemo: boolean): Array<{ startupId: number; name: string; deckId: number }> {
  return db
    .selectDistinct({ startupId: startups.id, name: startups.name, deckId: decks.id })
    .from(decks)
    .innerJoin(startups, eq(startups.id, decks.startupId))
    .innerJoin(deckVersions, and(eq(deckVersions.deckId, decks.id), eq(deckVersions.status, "ready")))
    .where(eq(decks.isDemo, isDemo))
    .orderBy(asc(startups.name))
    .all();
}
