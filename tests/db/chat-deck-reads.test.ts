import { describe, expect, it } from "vitest";
import { asksAboutDeckReads } from "#app/domain/chat/deck-reads.ts";
import { answerQuestion } from "#app/services/chat.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { seedDeck, seedLink, seedView } from "#tests/helpers/deck-views.ts";

/** "Who read my deck this week?" asked of the chat with no model: the rule answer reads the views (decision 068). */
describe("the chat's deck reads, from the database", () => {
  it("hears the question in its usual words, and not a question about something else", () => {
    for (const question of [
      "who read my deck this week?",
      "Has anyone opened the deck?",
      "who viewed my pitch deck",
      "Which investors looked at the slides?",
    ])
      expect(asksAboutDeckReads(question), question).toBe(true);
    for (const question of ["who should I email first?", "what's due this week?", "send the deck to Northzone"])
      expect(asksAboutDeckReads(question), question).toBe(false);
  });

  it("names the week's readers, newest first, with how long and the longest page; never a bot, a glance, an older read or the demo's", async () => {
    const { db } = createTestDatabase();
    try {
      const insert = db.$client.prepare(
        "insert into investors (name, firm, score, action, relationship_status, is_demo) values (?, ?, 40, 'wait', 'contacted', ?)",
      );
      const ana = Number(insert.run("Ana Berg", "Northzone", 0).lastInsertRowid);
      const bo = Number(insert.run("Bo Lind", "Lindgren Capital", 0).lastInsertRowid);
      const cy = Number(insert.run("Cy Moss", null, 0).lastInsertRowid);
      const dee = Number(insert.run("Dee Old", null, 0).lastInsertRowid);
      const demo = Number(insert.run("Demo Dan", null, 1).lastInsertRowid);
      const { deckId, versionId } = seedDeck(db, ["Problem", "Team", "Financials"]);
      seedView(db, seedLink(db, deckId, ana), { startedAt: "2026-11-24T20:00:00.000Z", versionId, pages: { 1: 30, 3: 330 } });
      seedView(db, seedLink(db, deckId, bo), { startedAt: "2026-11-25T08:00:00.000Z", versionId, pages: { 2: 50 }, forwarded: true });
      seedView(db, seedLink(db, deckId, cy), { startedAt: "2026-11-25T09:00:00.000Z", versionId, bot: "Slack", seconds: 0, pagesSeen: 0 });
      seedView(db, seedLink(db, deckId, cy), { startedAt: "2026-11-25T10:00:00.000Z", versionId, pages: { 1: 5 } });
      seedView(db, seedLink(db, deckId, dee), { startedAt: "2026-11-10T10:00:00.000Z", versionId, pages: { 1: 300 } });
      seedView(db, seedLink(db, deckId, demo), { startedAt: "2026-11-25T10:00:00.000Z", versionId, pages: { 1: 300 } });
      const app = fakeApp(db, new Date("2026-11-26T09:00:00Z"));
      const reply = await answerQuestion(app, { message: "Who read my deck this week?" }, { demo: false, model: undefined });
      expect(reply.answer).toBe(
        "2 investors read your deck since 2026-11-19: Bo Lind (Lindgren Capital) on 2026-11-25: 50 s over 1 page, longest on Team (possibly forwarded); Ana Berg (Northzone) on 2026-11-24: 6 min over 2 pages, longest on Financials. A read makes a follow-up due on Today.",
      );
      expect(reply.investor_ids).toEqual([bo, ana]);
      // Each side reads its own: the demo's reader on the demo, never the founder's.
      const onDemo = await answerQuestion(app, { message: "Who read my deck this week?" }, { demo: true, model: undefined });
      expect(onDemo.investor_ids).toEqual([demo]);
      db.$client.prepare("delete from deck_views").run();
      const none = await answerQuestion(app, { message: "Who read my deck this week?" }, { demo: false, model: undefined });
      expect(none).toMatchObject({ investor_ids: [] });
      expect(none.answer).toContain("Nobody has read your deck since 2026-11-19");
    } finally {
      db.$client.close();
    }
  });
});
