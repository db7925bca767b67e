import { afterEach, describe, expect, it, vi } from "vitest";
import { deckLinkToken, deckLinkTokenHash } from "#app/auth/deck-link-token.server.ts";
import { READ_SETTLES_MS, openDeckLink, reportViewTime, startVisit } from "#app/services/deck-viewer.server.ts";
import { createInvestorLink } from "#db/queries/deck-links.server.ts";
import { rescoreInvestor } from "#db/queries/investors.server.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { seedDeck } from "#tests/helpers/deck-views.ts";

const NOW = new Date("2026-12-02T10:00:00Z");
const LAPTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15";

/**
 * A read shows on Today at once (decision 068): the viewer's visit and the report that makes it a
 * read re-score the link's investor in the same request. Before, the follow-up waited for the
 * next daily re-score (a helper's report); the test failed then.
 */
/** A contacted investor (last contact the day before) with a deck link of their own, opened as the viewer opens it. */
function linkedInvestor(name: string, firm: string) {
  const { db } = createTestDatabase();
  const app = fakeApp(db, NOW);
  const { deckId } = seedDeck(db, ["Fjordly", "Problem", "Financials"]);
  const investorId = Number(
    db.$client
      .prepare("insert into investors (name, firm, relationship_status, last_contact_date) values (?, ?, 'contacted', '2026-12-01')")
      .run(name, firm).lastInsertRowid,
  );
  const nonce = `nonce-${name}`;
  const token = deckLinkToken(app.deckLinkKey, nonce);
  createInvestorLink(
    db,
    TEST_ACTOR,
    {
      deckId,
      startup: { name: "Deckside Labs" },
      isDemo: false,
      nonce,
      tokenHash: deckLinkTokenHash(token),
      investor: { id: investorId, name },
    },
    NOW,
  );
  const opened = openDeckLink(app, token);
  if (opened.state !== "active") throw new Error(`the link is ${opened.state}`);
  return { db, app, investorId, opened };
}

describe("a deck read recorded by the viewer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("makes the investor's follow-up due at once, and a preview bot's visit changes nothing", () => {
    const { db, app, investorId, opened } = linkedInvestor("Ilse Varga", "Northbeam");
    rescoreInvestor(db, investorId, NOW, app.rules);
    const action = () => db.$client.prepare("select action from investors where id = ?").pluck().get(investorId);
    expect(action()).not.toBe("follow_up"); // a link made, not opened

    startVisit(app, opened, { userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", addressGroup: "203.0.113.9" });
    expect(action()).not.toBe("follow_up");

    const visit = startVisit(app, opened, { userAgent: LAPTOP, addressGroup: "198.51.100.7" });
    expect(action()).not.toBe("follow_up"); // opened, not yet read
    expect(reportViewTime(app, opened.link, { view: visit.viewId, key: visit.key, pages: [{ page: 3, seconds: 45 }] })).toMatchObject({
      ok: true,
    });
    expect(action()).toBe("follow_up");
  });

  it("keeps the reason the investor's page shows up to date with the reports after the read, once the reading settles", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { db, app, investorId, opened } = linkedInvestor("Johan Svensson", "Kvarn");
    const reason = () =>
      db.$client.prepare("select json_extract(score_explained, '$.action_reason') from investors where id = ?").pluck().get(investorId);
    const visit = startVisit(app, opened, { userAgent: LAPTOP, addressGroup: "198.51.100.7" });
    reportViewTime(app, opened.link, {
      view: visit.viewId,
      key: visit.key,
      pages: [
        { page: 2, seconds: 13 },
        { page: 3, seconds: 10 },
      ],
    });
    expect(reason()).toContain("23 s");
    // Two more reports while the investor reads on: the page keeps the first reason meanwhile…
    reportViewTime(app, opened.link, { view: visit.viewId, key: visit.key, pages: [{ page: 3, seconds: 50 }] });
    reportViewTime(app, opened.link, { view: visit.viewId, key: visit.key, pages: [{ page: 3, seconds: 40 }] });
    expect(reason()).toContain("23 s");
    // …and says the whole read once it settles: 113 s, "2 min", longest on Financials.
    vi.advanceTimersByTime(READ_SETTLES_MS);
    expect(reason()).toContain("2 min");
    expect(reason()).toContain("Financials");
    expect(reason()).not.toContain("23 s");
  });
});
