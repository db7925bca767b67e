import { describe, expect, it } from "vitest";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { countToday, readToday } from "#db/queries/today.server.ts";
import { deckFactsIn } from "#db/queries/deck-signals.server.ts";
import { ALL_IDS, rescoreAllInvestors } from "#db/queries/investors.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { seedDeck } from "#tests/helpers/deck-views.ts";

const NOW = new Date("2026-12-02T09:00:00Z");
const INVESTORS = 5_000;

/**
 * Today stays an indexed read at 5,000 investors each with a deck link (decision 068): the deck's
 * facts are read per re-score in a few statements, and Today's page reads them for its shown rows
 * only. The times are printed, not asserted (a loaded machine is slower); what is asserted is that
 * every reader, and only they, is a follow-up.
 */
describe("the deck's signals at 5,000 investors", () => {
  it("make exactly the readers follow-ups, in one re-score and one Today read", { timeout: 120_000 }, () => {
    const { db } = createTestDatabase();
    const client = db.$client;
    const { deckId, versionId } = seedDeck(db, ["Problem", "Team", "Financials"]);
    let readers = 0;
    client.transaction(() => {
      const investor = client.prepare(
        "insert into investors (name, firm, score, action, relationship_status, last_contact_date, is_demo) values (?, ?, 40, 'wait', 'contacted', '2026-11-30', 0)",
      );
      const link = client.prepare(
        "insert into deck_links (deck_id, investor_id, token_hash, nonce, sent_at) values (?, ?, ?, ?, '2026-11-29T09:00:00.000Z')",
      );
      const view = client.prepare(
        "insert into deck_views (link_id, version_id, started_at, last_seen_at, seconds, pages_seen, address_group_hash, bot) values (?, ?, ?, ?, ?, ?, 'g', ?)",
      );
      const page = client.prepare("insert into deck_view_pages (view_id, page, seconds) values (?, ?, ?)");
      for (let n = 1; n <= INVESTORS; n++) {
        const id = Number(investor.run(`Scale Investor ${n}`, `Scale Fund ${n}`).lastInsertRowid);
        const linkId = Number(link.run(deckId, id, `scale-${n}`, `nonce-${n}`).lastInsertRowid);
        // Every investor's link got a bot's preview; every fourth was read by a person, every other of the rest glanced at.
        view.run(linkId, versionId, "2026-11-29T09:01:00.000Z", "2026-11-29T09:01:00.000Z", 0, 0, "Slack");
        if (n % 4 === 0) {
          readers++;
          const read = Number(
            view.run(linkId, versionId, "2026-12-01T20:00:00.000Z", "2026-12-01T20:10:00.000Z", 360, 3, null).lastInsertRowid,
          );
          for (const [number, seconds] of [
            [1, 30],
            [2, 30],
            [3, 300],
          ])
            page.run(read, number, seconds);
        } else if (n % 2 === 0) view.run(linkId, versionId, "2026-12-01T20:00:00.000Z", "2026-12-01T20:00:05.000Z", 5, 1, null);
      }
    })();

    let started = performance.now();
    const facts = deckFactsIn(db, ALL_IDS);
    const factsMs = performance.now() - started;
    started = performance.now();
    rescoreAllInvestors(db, NOW, DEFAULT_RULES);
    const rescoreMs = performance.now() - started;
    started = performance.now();
    const today = readToday(db, false, 5);
    const counts = countToday(db, false);
    const todayMs = performance.now() - started;
    started = performance.now();
    deckFactsIn(db, { ids: today.follow_up.map((row) => row.id) });
    const shownMs = performance.now() - started;
    console.log(`the shown rows' deck facts alone: ${shownMs.toFixed(1)} ms`);
    console.log(
      `${INVESTORS} investors with links, ${INVESTORS * 1.5} views: deck facts for all in ${Math.round(factsMs)} ms, re-score of all in ${Math.round(rescoreMs)} ms, Today read in ${todayMs.toFixed(1)} ms`,
    );
    expect(facts.size).toBe(INVESTORS);
    expect(counts.follow_up).toBe(readers);
    expect(today.follow_up).toHaveLength(5);
    expect(today.follow_up.every((row) => row.deck?.latestRead?.topTitle === "Financials")).toBe(true);
    client.close();
  });
});
