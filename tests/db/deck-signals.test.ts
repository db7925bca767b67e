import { describe, expect, it } from "vitest";
import { memberActor } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { overdueText } from "#app/domain/today.ts";
import {
  countDeckReadersSince,
  deckFactsIn,
  deckFactsOf,
  deckFactsSql,
  readDeckReadsSince,
  readDeckViewsOf,
} from "#db/queries/deck-signals.server.ts";
import { setCondition } from "#db/queries/investor-set.ts";
import { createInvestor, rescoreAllInvestors, rescoreInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { readToday } from "#db/queries/today.server.ts";
import { deckLinkToken, deckLinkTokenHash } from "#app/auth/deck-link-token.server.ts";
import { deckForDraft } from "#app/services/deck-signals.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { seedDeck, seedLink, seedView } from "#tests/helpers/deck-views.ts";

const NOW = new Date("2026-12-02T09:00:00Z");

function pipeline() {
  const { db } = createTestDatabase();
  const owner = ensureOwner(db, NOW);
  const actor = memberActor({ ...owner, name: "Maren" });
  const add = (name: string, firm: string | null, status: "contacted" | "passed" | "not_contacted", lastContact: string | null) =>
    createInvestor(
      db,
      { name, firm: firm ?? undefined, kind: "fund", sectors: ["Fintech"], stages: ["seed"], geographies: ["Europe"] },
      { now: NOW, actor, rules: DEFAULT_RULES, userOwned: { relationshipStatus: status, lastContactDate: lastContact } },
    );
  const deck = seedDeck(db, ["Problem", "Team", "Financials", null]);
  return { db, add, deck };
}

describe("the deck's facts per investor (decision 068)", () => {
  it("counts people's views and reads, sets previews apart, and names the newest read's longest page by its title", () => {
    const { db, add, deck } = pipeline();
    const ana = add("Ana Berg", "Northzone", "contacted", "2026-11-28");
    const link = seedLink(db, deck.deckId, ana, { sentAt: "2026-11-28T10:00:00.000Z" });
    seedView(db, link, { startedAt: "2026-11-30T20:00:00.000Z", versionId: deck.versionId, pages: { 1: 40, 3: 300, 2: 20 } });
    seedView(db, link, { startedAt: "2026-12-01T08:00:00.000Z", versionId: deck.versionId, pages: { 1: 5 } });
    seedView(db, link, { startedAt: "2026-12-01T09:00:00.000Z", versionId: deck.versionId, bot: "Slack", seconds: 0, pagesSeen: 0 });
    const facts = deckFactsOf(db, ana)!;
    expect(facts).toMatchObject({
      firm: "Northzone",
      sentOn: "2026-11-28",
      views: 2,
      reads: 1,
      totalSeconds: 365,
      previews: 1,
      forwarded: false,
    });
    expect(facts.latestView).toMatchObject({
      startedAt: "2026-12-01T08:00:00.000Z",
      seconds: 5,
      pages: 1,
      topPage: 1,
      topTitle: "Problem",
    });
    expect(facts.latestRead).toMatchObject({
      startedAt: "2026-11-30T20:00:00.000Z",
      seconds: 360,
      pages: 3,
      topPage: 3,
      topTitle: "Financials",
    });
    // The set's read gives the same as the one investor's.
    expect(deckFactsIn(db, { ids: [ana] }).get(ana)).toEqual(facts);
    db.$client.close();
  });

  it("a page without a title is its number; an investor without a link has no facts", () => {
    const { db, add, deck } = pipeline();
    const ana = add("Ana Berg", "Northzone", "contacted", "2026-11-28");
    const bo = add("Bo Lind", null, "contacted", "2026-11-28");
    seedView(db, seedLink(db, deck.deckId, ana), { startedAt: "2026-12-01T08:00:00.000Z", versionId: deck.versionId, pages: { 4: 90 } });
    expect(deckFactsOf(db, ana)!.latestRead).toMatchObject({ topPage: 4, topTitle: null });
    expect(deckFactsOf(db, bo)).toBeNull();
    db.$client.close();
  });

  it("dates the sending from sent_at, else the first contact logged after the link was made; a revoked link is not waiting", () => {
    const { db, add, deck } = pipeline();
    const ana = add("Ana Berg", "Northzone", "contacted", null);
    seedLink(db, deck.deckId, ana, { createdAt: "2026-11-20T09:00:00.000Z" });
    const entry = db.$client.prepare("insert into contact_entries (investor_id, date, note) values (?, ?, 'Sent the deck')");
    entry.run(ana, "2026-11-18");
    entry.run(ana, "2026-11-21");
    entry.run(ana, "2026-11-25");
    expect(deckFactsOf(db, ana)!.sentOn).toBe("2026-11-21");
    const bo = add("Bo Lind", null, "contacted", null);
    seedLink(db, deck.deckId, bo, { sentAt: "2026-11-22T10:00:00.000Z", revokedAt: "2026-11-23T10:00:00.000Z" });
    expect(deckFactsOf(db, bo)!.sentOn).toBeNull();
    db.$client.close();
  });

  it("reads through the links' investor index and the views' link index, never a whole table (only the window's own rows)", () => {
    const { db } = pipeline();
    const where = setCondition("l.investor_id", { from: 1, to: 500 });
    for (const [name, text] of Object.entries(deckFactsSql(where.sql))) {
      const plan = (db.$client.prepare(`explain query plan ${text}`).all(...where.params) as Array<{ detail: string }>).map(
        (row) => row.detail,
      );
      const scans = plan.filter((line) => /^SCAN /.test(line) && !/^SCAN (x|\(subquery-\d+\))$/.test(line));
      expect(scans, `${name}: ${plan.join(" | ")}`).toEqual([]);
      expect(
        plan.some((line) => line.includes("deck_links_investor")),
        name,
      ).toBe(true);
    }
    db.$client.close();
  });
});

describe("Today and the deck", () => {
  it("a read makes the follow-up due with its reason; a bot's preview alone does not; a passed investor never", () => {
    const { db, add, deck } = pipeline();
    const ana = add("Ana Berg", "Northzone", "contacted", "2026-11-28");
    const bo = add("Bo Lind", "Lindgren Capital", "contacted", "2026-11-28");
    const cy = add("Cy Moss", "Moss Ventures", "passed", "2026-11-28");
    const reading = { startedAt: "2026-12-01T21:14:00.000Z", versionId: deck.versionId, pages: { 1: 30, 3: 250, 2: 80 } };
    seedView(db, seedLink(db, deck.deckId, ana), reading);
    seedView(db, seedLink(db, deck.deckId, bo), { ...reading, bot: "Slack" });
    seedView(db, seedLink(db, deck.deckId, cy), reading);
    rescoreAllInvestors(db, NOW, DEFAULT_RULES);
    const followUps = readToday(db, false, 10).follow_up;
    expect(followUps.map((row) => row.name)).toEqual(["Ana Berg"]);
    expect(followUps[0]!.reason).toBe("Ana Berg at Northzone read your deck yesterday: 6 min, longest on Financials — follow up today.");
    // Today's line is counted from today from the row's own facts: the read is in them.
    expect(overdueText(followUps[0]!, NOW, DEFAULT_RULES.followUpAfterDays)).toBe(followUps[0]!.reason);

    // A contact logged today clears it (the one-investor scoring reads the same facts).
    db.$client.prepare("update investors set last_contact_date = '2026-12-02' where id = ?").run(ana);
    rescoreInvestor(db, ana, NOW, DEFAULT_RULES);
    expect(readToday(db, false, 10).follow_up.map((row) => row.name)).toEqual([]);
    db.$client.close();
  });
});

describe("the week's reads", () => {
  it("lists each investor once with the newest read, people only, and counts them", () => {
    const { db, add, deck } = pipeline();
    const ana = add("Ana Berg", "Northzone", "contacted", "2026-11-28");
    const bo = add("Bo Lind", null, "contacted", "2026-11-28");
    const link = seedLink(db, deck.deckId, ana);
    seedView(db, link, { startedAt: "2026-11-29T10:00:00.000Z", versionId: deck.versionId, pages: { 1: 30, 2: 30 } });
    seedView(db, link, { startedAt: "2026-12-01T10:00:00.000Z", versionId: deck.versionId, pages: { 3: 120 }, forwarded: true });
    seedView(db, link, { startedAt: "2026-11-10T10:00:00.000Z", versionId: deck.versionId, pages: { 3: 120 } });
    seedView(db, seedLink(db, deck.deckId, bo), { startedAt: "2026-12-01T11:00:00.000Z", bot: "LinkedIn", seconds: 0, pagesSeen: 0 });
    const reads = readDeckReadsSince(db, false, "2026-11-25T00:00:00.000Z", 10);
    expect(reads).toEqual([
      expect.objectContaining({
        investorId: ana,
        name: "Ana Berg",
        startedAt: "2026-12-01T10:00:00.000Z",
        topTitle: "Financials",
        forwarded: true,
      }),
    ]);
    expect(countDeckReadersSince(db, false, "2026-11-25T00:00:00.000Z")).toBe(1);
    expect(countDeckReadersSince(db, true, "2026-11-25T00:00:00.000Z")).toBe(0);
    // The timeline lists every visit, the bot's too, newest first.
    expect(readDeckViewsOf(db, bo, 10)).toEqual([expect.objectContaining({ bot: "LinkedIn" })]);
    expect(readDeckViewsOf(db, ana, 2).map((view) => view.startedAt)).toEqual(["2026-12-01T10:00:00.000Z", "2026-11-29T10:00:00.000Z"]);
    db.$client.close();
  });
});

describe("the draft's link", () => {
  it("is the investor's newest live link, its token derived from the nonce with the app's key; none when revoked or expired", () => {
    const { db, add, deck } = pipeline();
    const app = fakeApp(db, NOW);
    const ana = add("Ana Berg", "Northzone", "contacted", "2026-11-28");
    const live = seedLink(db, deck.deckId, ana, { createdAt: "2026-11-20T09:00:00.000Z" });
    seedLink(db, deck.deckId, ana, { createdAt: "2026-11-25T09:00:00.000Z", revokedAt: "2026-11-26T09:00:00.000Z" });
    const nonce = db.$client.prepare("select nonce from deck_links where id = ?").pluck().get(live) as string;
    const { deckLink } = deckForDraft(app, ana, "https://pipeline.example.com");
    const token = deckLinkToken(app.deckLinkKey, nonce);
    expect(deckLink).toBe(`https://pipeline.example.com/d/${token}`);
    // The same token a visitor brings is the one the database can find by its hash.
    db.$client.prepare("update deck_links set token_hash = ? where id = ?").run(deckLinkTokenHash(token), live);
    expect(
      db.$client
        .prepare("select id from deck_links where token_hash = ?")
        .pluck()
        .get(deckLinkTokenHash(deckLink!.split("/d/")[1]!)),
    ).toBe(live);
    db.$client.prepare("update deck_links set expires_at = '2026-12-01T00:00:00.000Z' where id = ?").run(live);
    expect(deckForDraft(app, ana, "https://pipeline.example.com").deckLink).toBeNull();
    db.$client.close();
  });
});
