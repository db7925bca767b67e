import { describe, expect, it } from "vitest";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { overdueText } from "#app/domain/today.ts";
import { createInvestor, rescoreAllInvestors, rescoreInvestorRange } from "#db/queries/investors.server.ts";
import { loadToday } from "#db/queries/today.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

const now = new Date("2026-11-25T09:00:00Z");

/** Stalled deals reach Today's follow-ups through the saved columns and a re-score (decision 030). */
describe("stalled deals on Today", () => {
  it("lists a next step due first, then a stalled introduction, a past meeting and an undated contact, each with its line", () => {
    const { db } = createTestDatabase();
    try {
      const add = (name: string, status: "intro_requested" | "meeting_scheduled" | "contacted" | "due_diligence", last: string | null) =>
        createInvestor(
          db,
          { name, kind: "fund", sectors: [], stages: [], geographies: [] },
          {
            now,
            actor: TEST_ACTOR,
            rules: DEFAULT_RULES,
            userOwned: { relationshipStatus: status, lastContactDate: last },
          },
        );
      const intro = add("Jukka Virtanen", "intro_requested", "2026-11-08");
      const meeting = add("Léa Fontaine", "meeting_scheduled", "2026-11-16");
      const undated = add("Grace Hopper", "contacted", null);
      const step = add("Ada Lovelace", "due_diligence", "2026-11-22");
      const update = db.$client.prepare("update investors set next_step = ?, next_step_date = ?, meeting_date = ? where id = ?");
      update.run(null, null, "2026-11-20", meeting);
      update.run("Send the data room", "2026-11-23", null, step);
      rescoreAllInvestors(db, now, DEFAULT_RULES);

      const today = loadToday(db, false, { now, followUpAfterDays: 7, shown: 10 });
      const rows = today.lists.follow_up;
      expect(rows.map((row) => row.id)).toEqual([step, intro, meeting, undated]);
      expect(rows.map((row) => overdueText(row, now, 7))).toEqual([
        "Send the data room — due 2 days ago.",
        "Nudge Jukka about the introduction you asked for 17 days ago.",
        "How did the meeting on 20 Nov go? Add what happened and the next step.",
        "When did you last write? Add the date.",
      ]);
      expect(rows.map((row) => row.reason)).toEqual(rows.map((row) => overdueText(row, now, 7)));
    } finally {
      db.$client.close();
    }
  });

  it("reads the same facts re-scoring one investor at a time and a range at a time", () => {
    const { db } = createTestDatabase();
    try {
      const id = createInvestor(
        db,
        { name: "Jukka Virtanen", kind: "fund", sectors: [], stages: [], geographies: [] },
        {
          now,
          actor: TEST_ACTOR,
          rules: DEFAULT_RULES,
          userOwned: { relationshipStatus: "contacted", lastContactDate: "2026-11-24" },
        },
      );
      db.$client.prepare("update investors set meeting_date = '2026-11-25', next_step_date = '2026-11-25' where id = ?").run(id);
      rescoreInvestorRange(db, now, DEFAULT_RULES, { ids: [id] });
      const row = db.$client
        .prepare("select action, json_extract(score_explained, '$.action_reason') as reason from investors where id = ?")
        .get(id);
      expect(row).toEqual({ action: "follow_up", reason: "Your next step — due today." });
    } finally {
      db.$client.close();
    }
  });
});
