import { describe, expect, it } from "vitest";
import { LINK_REFUSALS, changeLink, makeDeckLink } from "#app/services/deck-links.server.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { seedDeck } from "#tests/helpers/deck-views.ts";

const NOW = new Date("2026-12-02T10:00:00Z");
const ORIGIN = "https://pipeline.example";

/**
 * Making a link (decision 068): only to a deck with a ready version; the answer is the link as
 * shown, with its views counted, the same link again for the same investor.
 */
describe("making a deck link", () => {
  function setUp() {
    const { db } = createTestDatabase();
    const app = fakeApp(db, NOW);
    const { deckId, versionId } = seedDeck(db, ["Problem", "Team"]);
    const startupId = Number(db.$client.prepare("select startup_id from decks where id = ?").pluck().get(deckId));
    const investorId = Number(
      db.$client.prepare("insert into investors (name, firm, relationship_status) values ('Ilse Varga', 'Northbeam', 'contacted')").run()
        .lastInsertRowid,
    );
    return { db, app, startupId, versionId, investorId };
  }

  it("refuses a startup without a deck, and one whose only version is not ready, with 409", () => {
    const { db, app, startupId, versionId, investorId } = setUp();
    const bare = Number(
      db.$client.prepare("insert into startups (name, pitch, sector, stage) values ('Bare', 'A pitch', 'Fintech', 'seed')").run()
        .lastInsertRowid,
    );
    expect(makeDeckLink(app, TEST_ACTOR, ORIGIN, { startupId: bare, investorId })).toEqual({
      ok: false,
      status: 409,
      message: LINK_REFUSALS.noDeck,
    });
    db.$client.prepare("update deck_versions set status = 'rendering' where id = ?").run(versionId);
    expect(makeDeckLink(app, TEST_ACTOR, ORIGIN, { startupId, investorId })).toMatchObject({ ok: false, status: 409 });
    db.$client.prepare("update deck_versions set status = 'ready' where id = ?").run(versionId);
    expect(makeDeckLink(app, TEST_ACTOR, ORIGIN, { startupId, investorId })).toMatchObject({ ok: true, made: true });
  });

  it("answers the link as shown, and the same link for the same investor; a change answers it changed", () => {
    const { app, startupId, investorId } = setUp();
    const first = makeDeckLink(app, TEST_ACTOR, ORIGIN, { startupId, investorId });
    if (!first.ok) throw new Error(first.message);
    expect(first.link).toMatchObject({ startupId, investorId, investorName: "Ilse Varga", state: "active", views: 0, botViews: 0 });
    expect(first.link.url).toMatch(/^https:\/\/pipeline\.example\/d\/[A-Za-z0-9_-]{43}$/);
    const again = makeDeckLink(app, TEST_ACTOR, ORIGIN, { startupId, investorId });
    expect(again).toMatchObject({ ok: true, made: false, link: { id: first.link.id, url: first.link.url } });
    const label = makeDeckLink(app, TEST_ACTOR, ORIGIN, { startupId, label: "Demo day" });
    expect(label).toMatchObject({ ok: true, made: true, link: { label: "Demo day", investorId: null } });
    expect(changeLink(app, TEST_ACTOR, ORIGIN, first.link.id, { revoke: true })).toMatchObject({
      ok: true,
      link: { id: first.link.id, state: "revoked" },
    });
    expect(changeLink(app, TEST_ACTOR, ORIGIN, 9_999, { revoke: true })).toMatchObject({ ok: false, status: 404 });
  });
});
