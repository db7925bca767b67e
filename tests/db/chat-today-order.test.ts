import { describe, expect, it } from "vitest";
import { answerQuestion } from "#app/services/chat.server.ts";
import { readToday } from "#db/queries/today.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";

/**
 * The chat's rule answer to "who should I email first?" names Today's rows in Today's order
 * (docs/product.md "Order within an action"): found on a real list where scores tie and the chat
 * fell back to the name while Today ordered by fit, a warm path and the cheque.
 */
describe("the chat's email-first answer", () => {
  it("names Today's first rows in Today's order when scores tie", async () => {
    const { db } = createTestDatabase();
    try {
      const insert = db.$client.prepare(
        "insert into investors (name, score, action, relationship_status, is_demo, signal_fit, fit_cheque, personal_notes) values (?, 45, 'email_first', 'not_contacted', 0, ?, ?, ?)",
      );
      // Name order alone would say Adesso, Elevator, Kilian Thalhammer, Simsan, Tomahawk.VC.
      insert.run("Kilian Thalhammer", 80, 50, null);
      insert.run("Simsan", 95, 50, null);
      insert.run("Tomahawk.VC", 90, 50, null);
      insert.run("Adesso", 80, 40, null);
      insert.run("Fluent", 80, 50, "Intro path: Anna");
      insert.run("Elevator", 70, 90, null);
      const today = readToday(db, false, 5).email_first.map((row) => row.name);
      expect(today).toEqual(["Simsan", "Tomahawk.VC", "Fluent", "Kilian Thalhammer", "Adesso"]);

      const reply = await answerQuestion(fakeApp(db), { message: "Who should I email first?" }, { demo: false, model: undefined });
      const named = today.map((name) => reply.answer.indexOf(name));
      expect(named.every((at) => at >= 0)).toBe(true);
      expect([...named].sort((a, b) => a - b)).toEqual(named);
      expect(reply.answer).not.toContain("Elevator");
      expect(reply.investor_ids).toEqual(readToday(db, false, 5).email_first.map((row) => row.id));
    } finally {
      db.$client.close();
    }
  });
});
