import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { VIEW_LIMITS } from "#app/domain/deck-links.ts";
import type { AppDatabase } from "#db/database.server.ts";
import {
  changeDeckLink,
  createInvestorLink,
  createLabelLink,
  deckLinkByTokenHash,
  deckLinksOfInvestor,
  deckLinksOfStartup,
  linkVersion,
} from "#db/queries/deck-links.server.ts";
import { addViewSeconds, startDeckView, viewsOfLink } from "#db/queries/deck-views.server.ts";
import { activity, investors, startups } from "#db/schema.ts";
import { deckLinks, deckPages, decks, deckVersions } from "#db/schema-decks.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const NOW = new Date("2026-12-02T10:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let db: AppDatabase;
let deckId: number;
let investorId: number;
let versionId: number;
let hashes = 0;

/** A startup with a ready three-page deck, and an investor. */
beforeEach(() => {
  hashes = 0;
  db = createTestDatabase().db;
  const startupId = db
    .insert(startups)
    .values({ name: "Fjordly", pitch: "Ferries on time", sector: "mobility", stage: "seed" })
    .returning()
    .get().id;
  investorId = db.insert(investors).values({ name: "Ilse Varga", firm: "Northbeam" }).returning().get().id;
  deckId = db.insert(decks).values({ startupId }).returning().get().id;
  versionId = db
    .insert(deckVersions)
    .values({ deckId, number: 1, fileName: "deck.pdf", bytes: 10, sha256: "x", pages: 3, pagesDone: 3, status: "ready" })
    .returning()
    .get().id;
  for (let number = 1; number <= 3; number++)
    db.insert(deckPages)
      .values({ versionId, number, width: 1600, height: 900, etag: `e${number}`, image: Buffer.from("webp") })
      .run();
});

function newLink() {
  hashes += 1;
  return { deckId, startup: { name: "Fjordly" }, isDemo: false, nonce: `nonce-${hashes}`, tokenHash: `hash-${hashes}` };
}

function investorLink() {
  return createInvestorLink(db, TEST_ACTOR, { ...newLink(), investor: { id: investorId, name: "Ilse Varga" } }, NOW);
}

describe("deck links (decision 068)", () => {
  it("makes one active link per investor per deck: asking again returns it", () => {
    const first = investorLink();
    expect(first.made).toBe(true);
    const again = investorLink();
    expect(again.made).toBe(false);
    expect(again.link.id).toBe(first.link.id);
    expect(db.select().from(deckLinks).all()).toHaveLength(1);
    // Its making is in the activity, on the investor, with its author.
    const rows = db.select().from(activity).where(eq(activity.kind, "deck")).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ investorId, actorSystem: "visitor", detail: { what: "made a link" } });
  });

  it("makes a new link once the old one is revoked or expired", () => {
    const first = investorLink().link;
    changeDeckLink(db, TEST_ACTOR, first, { revoke: true }, NOW);
    const second = investorLink();
    expect(second.made).toBe(true);
    changeDeckLink(db, TEST_ACTOR, second.link, { expiresAt: later(1).toISOString() }, NOW);
    const third = createInvestorLink(db, TEST_ACTOR, { ...newLink(), investor: { id: investorId, name: "Ilse Varga" } }, later(2));
    expect(third.made).toBe(true);
    expect(new Set([first.id, second.link.id, third.link.id]).size).toBe(3);
  });

  it("finds a link by its token's hash on the real side only", () => {
    const link = investorLink().link;
    expect(deckLinkByTokenHash(db, "hash-1")?.id).toBe(link.id);
    expect(deckLinkByTokenHash(db, "no-such-hash")).toBeUndefined();
    db.update(deckLinks).set({ isDemo: true }).run();
    expect(deckLinkByTokenHash(db, "hash-1")).toBeUndefined();
  });

  it("records each change with its author, and nothing when nothing changed", () => {
    const link = investorLink().link;
    const changed = changeDeckLink(
      db,
      TEST_ACTOR,
      link,
      { allowDownload: true, emailGate: true, expiresAt: "2026-12-31T00:00:00.000Z" },
      NOW,
    );
    expect(changed).toMatchObject({ allowDownload: true, emailGate: true, expiresAt: "2026-12-31T00:00:00.000Z" });
    changeDeckLink(db, TEST_ACTOR, changed, { allowDownload: true }, NOW);
    const whats = db
      .select()
      .from(activity)
      .all()
      .map((row) => (row.detail as { what: string }).what);
    expect(whats).toEqual([
      "made a link",
      "set the link to expire on 2026-12-31",
      "allowed the download through the link",
      "asked for an email on the link",
    ]);
  });

  it("follows the newest ready version unless pinned", () => {
    const link = investorLink().link;
    const v2 = db
      .insert(deckVersions)
      .values({ deckId, number: 2, fileName: "deck2.pdf", bytes: 10, sha256: "y", pages: 2, pagesDone: 2, status: "ready" })
      .returning()
      .get().id;
    db.insert(deckVersions).values({ deckId, number: 3, fileName: "deck3.pdf", bytes: 10, sha256: "z", status: "rendering" }).run();
    expect(linkVersion(db, link)?.id).toBe(v2);
    const pinned = changeDeckLink(db, TEST_ACTOR, link, { pinnedVersionId: versionId }, NOW);
    expect(linkVersion(db, pinned)?.id).toBe(versionId);
  });

  it("lists a startup's and an investor's links with people's views apart from bots'", () => {
    const link = investorLink().link;
    const labelled = createLabelLink(db, TEST_ACTOR, { ...newLink(), label: "Demo day list" }, NOW);
    startDeckView(db, link, { versionId, device: "desktop", addressGroupHash: "office", bot: null }, NOW);
    startDeckView(db, link, { versionId, device: "unknown", addressGroupHash: "slack", bot: "Slack preview" }, later(1));
    const phone = startDeckView(db, link, { versionId, device: "phone", addressGroupHash: "home", bot: null }, later(5));
    expect(phone.forwarded).toBe(true);
    addViewSeconds(db, phone, 3, [{ page: 2, seconds: 30 }], later(6));
    const listed = deckLinksOfStartup(db, 1, false);
    expect(listed.map((row) => row.id)).toEqual([labelled.id, link.id]);
    expect(listed[1]).toMatchObject({
      views: 2,
      botViews: 1,
      forwardedViews: 1,
      seconds: 30,
      pagesSeen: 1,
      lastViewedAt: later(5).toISOString(),
    });
    expect(listed[0]).toMatchObject({ label: "Demo day list", investorId: null, views: 0 });
    expect(deckLinksOfInvestor(db, investorId, false).map((row) => row.id)).toEqual([link.id]);
  });
});

describe("a view's seconds, bounded", () => {
  it("adds seconds per page, drops pages outside the version, caps each report and the whole view", () => {
    const link = investorLink().link;
    const view = startDeckView(db, link, { versionId, device: "desktop", addressGroupHash: "office", bot: null }, NOW);
    const added = addViewSeconds(
      db,
      view,
      3,
      [
        { page: 1, seconds: 20 },
        { page: 2, seconds: 500 },
        { page: 4, seconds: 20 },
        { page: 0, seconds: 20 },
        { page: 1, seconds: 10 },
      ],
      later(1),
    );
    expect(added).toEqual({ added: 30 + VIEW_LIMITS.maxSecondsPerPageReport, seconds: 90, pagesSeen: 2 });
    let [row] = viewsOfLink(db, link.id);
    expect(row).toMatchObject({ seconds: 90, pagesSeen: 2, lastSeenAt: later(1).toISOString() });
    expect(row!.pages).toEqual([
      { page: 1, seconds: 30 },
      { page: 2, seconds: 60 },
    ]);
    // A flood of reports stops at the view's ceiling: a few hours, never a day.
    for (let i = 0; i < 400; i++) addViewSeconds(db, view, 3, [{ page: 3, seconds: 60 }], later(2));
    [row] = viewsOfLink(db, link.id);
    expect(row!.seconds).toBe(VIEW_LIMITS.maxSecondsPerView);
    expect(row!.pages).toHaveLength(3);
  });
});
