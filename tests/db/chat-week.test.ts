import { describe, expect, it } from "vitest";
import { answerQuestion } from "#app/services/chat.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";

/**
 * "What's due this week?" asked of the chat with no model: the rule answer reads the investors' next
 * step dates and meeting dates from the database (docs/product.md "Digest and chat"), not only the
 * follow-ups due now.
 */
describe("the chat's week, from the database", () => {
  it("names the next steps and meetings dated in the coming 7 days, and not a later one", async () => {
    const { db } = createTestDatabase();
    try {
      const insert = db.$client.prepare(
        "insert into investors (name, score, action, relationship_status, is_demo, next_step, next_step_date, meeting_date) values (?, 40, 'wait', ?, ?, ?, ?, ?)",
      );
      insert.run("Dana Deck", "in_conversation", 0, "Send the data room", "2026-11-28", null);
      insert.run("Mia Meeting", "meeting_scheduled", 0, null, null, "2026-11-27");
      insert.run("Lars Later", "in_conversation", 0, "Check in", "2026-12-09", null);
      insert.run("Demo Dan", "in_conversation", 1, "Demo step", "2026-11-28", null);
      const app = fakeApp(db, new Date("2026-11-26T09:00:00Z"));
      const reply = await answerQuestion(app, { message: "What's due this week?" }, { demo: false, model: undefined });
      expect(reply.answer).toContain("Next steps in the next 7 days: Dana Deck — Send the data room, 28 Nov.");
      expect(reply.answer).toContain("Meetings in the next 7 days: Mia Meeting, 27 Nov.");
      expect(reply.answer).not.toContain("Lars Later");
      expect(reply.answer).not.toContain("Demo Dan");
    } finally {
      db.$client.close();
    }
  });
});
