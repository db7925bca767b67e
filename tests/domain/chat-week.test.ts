import { describe, expect, it } from "vitest";
import { buildChatContext } from "#app/domain/chat/context.ts";
import type { ChatInvestor, ChatKpis } from "#app/domain/chat/schema.ts";
import { summaryAnswer } from "#app/domain/chat/summary.ts";

// "What's due this week?": the follow-ups due now, and what the founder dated for the coming 7 days
// (today and the 6 days after it): next steps (next_step_date) and meetings (meeting_date).

const today = "2026-11-26";

function investor(fields: Partial<ChatInvestor> & Pick<ChatInvestor, "id" | "name">): ChatInvestor {
  return {
    firm: null,
    score: 50,
    action: "wait",
    relationship_status: "in_conversation",
    last_contact_date: "2026-11-20",
    signal_hook: null,
    signal_red_flag: null,
    sectors: [],
    stages: [],
    geographies: [],
    ...fields,
  };
}

const overdue = investor({ id: 1, name: "Olga Overdue", action: "follow_up", last_contact_date: "2026-10-01" });
const deck = investor({ id: 2, name: "Dana Deck", next_step: "Send the data room", next_step_date: "2026-11-28" });
const call = investor({ id: 3, name: "Cal Call", next_step: "Partner call", next_step_date: "2026-12-02" });
const later = investor({ id: 4, name: "Lars Later", next_step: "Check in", next_step_date: "2026-12-03" });
const meeting = investor({ id: 5, name: "Mia Meeting", relationship_status: "meeting_scheduled", meeting_date: "2026-11-27" });
const pastMeeting = investor({ id: 6, name: "Pat Past", meeting_date: "2026-11-25" });
const passed = investor({ id: 7, name: "Paul Passed", relationship_status: "passed", meeting_date: "2026-11-27" });
// Among many others of higher score: the week's rows must not be crowded out of the context.
const crowd = Array.from({ length: 40 }, (_, index) => investor({ id: 100 + index, name: `Crowd Member${index}`, score: 90 }));

const pipeline = [...crowd, overdue, deck, call, later, meeting, pastMeeting, passed];
const kpis: ChatKpis = { tracked: pipeline.length, emailFirst: 0, followUpsDue: 1, dontChase: 0 };

describe("the chat's week", () => {
  it("hands the model this week's next steps and meetings, with their dates, and no later or past ones", () => {
    const context = buildChatContext("what's due this week?", pipeline, kpis, { today });
    expect(context.ids).toEqual(expect.arrayContaining([1, 2, 3, 5]));
    expect(context.text).toContain("Next 7 days (2026-11-26 to 2026-12-02): 2 next steps, 1 meeting");
    const line = (id: number) => context.text.split("\n").find((text) => text.startsWith(`id=${id} |`));
    expect(line(2)).toContain("| next step: Send the data room, 2026-11-28");
    expect(line(5)).toContain("| meeting: 2026-11-27");
    expect(context.ids).not.toContain(4);
    expect(context.ids).not.toContain(6);
    expect(context.ids).not.toContain(7);
  });

  it("keeps this week's rows in the context even when the question does not ask about the week", () => {
    const context = buildChatContext("who should I email first?", pipeline, kpis, { today });
    expect(context.ids).toEqual(expect.arrayContaining([2, 3, 5]));
  });

  it("answers 'what's due this week?' by rule with the follow-ups due, then the next steps and meetings dated this week", () => {
    const context = buildChatContext("what's due this week?", pipeline, kpis, { today });
    expect(summaryAnswer("what's due this week?", context)).toEqual({
      answer:
        "1 follow-up is due: Olga Overdue (last contact 2026-10-01). " +
        "Next steps in the next 7 days: Dana Deck — Send the data room, 28 Nov; Cal Call — Partner call, 2 Dec. " +
        "Meetings in the next 7 days: Mia Meeting, 27 Nov.",
      investor_ids: [1, 2, 3, 5],
    });
  });

  it("answers 'any meetings this week?' with the week's meetings, not every scheduled one", () => {
    const context = buildChatContext("any meetings this week?", pipeline, kpis, { today });
    const answer = summaryAnswer("any meetings this week?", context);
    expect(answer.answer).toContain("Meetings in the next 7 days: Mia Meeting, 27 Nov.");
    expect(answer.investor_ids).toContain(5);
    expect(answer.investor_ids).not.toContain(6);
  });

  it("says when nothing is dated this week", () => {
    const rows = [overdue, later, pastMeeting];
    const context = buildChatContext("what's coming up this week?", rows, { ...kpis, tracked: 3 }, { today });
    expect(summaryAnswer("what's coming up this week?", context).answer).toBe(
      "No next step or meeting is dated in the next 7 days (26 Nov to 2 Dec).",
    );
  });
});
