import { describe, expect, it } from "vitest";
import type { RecommendedAction } from "#app/domain/investor.ts";
import { type InvestorForScoring, scoreInvestor } from "#app/domain/scoring.ts";

/**
 * A founder's judgements over a realistic pipeline (issue 19 item 5, issue 20 item 5): each row is
 * what a founder raising a seed round would want Today to say about one investor on Wednesday
 * 25 November 2026, and why. Stalled deals — an introduction asked for weeks ago, a "contacted"
 * with no date, a meeting whose day has passed, a next step due — are follow-ups with their own
 * words; the rest keep the rules they had.
 */
const now = new Date("2026-11-25T09:00:00Z");

function dateDaysAgo(days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}
function dateInDays(days: number): string {
  return dateDaysAgo(-days);
}

const base: InvestorForScoring = {
  name: "Jukka Virtanen",
  relationship_status: "not_contacted",
  last_contact_date: null,
  signal_activity: 60,
  signal_fit: 80,
  signal_red_flag: null,
  fit_detail: "Fits Ledgerly on fintech, Seed and Europe",
  next_step: null,
  next_step_date: null,
  meeting_date: null,
};

type Judgement = { because: string; investor: Partial<InvestorForScoring>; action: RecommendedAction; reason: string | RegExp };

const PIPELINE: Judgement[] = [
  // Introductions asked for
  {
    because: "an introduction asked for 17 days ago has stalled: nudge",
    investor: { relationship_status: "intro_requested", last_contact_date: dateDaysAgo(17) },
    action: "follow_up",
    reason: "Nudge Jukka about the introduction you asked for 17 days ago.",
  },
  {
    because: "an introduction asked for exactly 7 days ago is due a nudge today",
    investor: { name: "Aino Mäkelä", relationship_status: "intro_requested", last_contact_date: dateDaysAgo(7) },
    action: "follow_up",
    reason: "Nudge Aino about the introduction you asked for 7 days ago.",
  },
  {
    because: "an introduction asked for 3 days ago still has time",
    investor: { relationship_status: "intro_requested", last_contact_date: dateDaysAgo(3) },
    action: "wait",
    reason: /^Intro requested 3 days ago: wait for the introduction\. Nudge in 4 days\.$/,
  },
  {
    because: "an introduction with no date cannot be timed: ask for the date",
    investor: { relationship_status: "intro_requested" },
    action: "wait",
    reason: "Intro requested: wait for the introduction. Add the date you asked to be reminded.",
  },
  // Contacted with no date
  {
    because: "contacted with no date is never due otherwise: ask when",
    investor: { relationship_status: "contacted" },
    action: "follow_up",
    reason: "When did you last write? Add the date.",
  },
  {
    because: "in conversation with no date: the same question",
    investor: { relationship_status: "in_conversation" },
    action: "follow_up",
    reason: "When did you last write? Add the date.",
  },
  {
    because: "contacted 10 days ago: the ordinary follow-up",
    investor: { relationship_status: "contacted", last_contact_date: dateDaysAgo(10) },
    action: "follow_up",
    reason: "Last contact 10 days ago; the follow-up was due 3 days ago.",
  },
  {
    because: "contacted 2 days ago: wait",
    investor: { relationship_status: "contacted", last_contact_date: dateDaysAgo(2) },
    action: "wait",
    reason: "Contacted; last contact 2 days ago. Follow up in 5 days.",
  },
  // Meetings
  {
    because: "a meeting booked for a day now past: ask how it went",
    investor: { relationship_status: "meeting_scheduled", last_contact_date: dateDaysAgo(9), meeting_date: "2026-11-20" },
    action: "follow_up",
    reason: "How did the meeting on 20 Nov go? Add what happened and the next step.",
  },
  {
    because: "a meeting yesterday, booked 3 days ago: ask how it went, not when to follow up",
    investor: { relationship_status: "meeting_scheduled", last_contact_date: dateDaysAgo(3), meeting_date: dateDaysAgo(1) },
    action: "follow_up",
    reason: "How did the meeting on 24 Nov go? Add what happened and the next step.",
  },
  {
    because: "a past meeting with an investor still marked contacted, nothing logged since",
    investor: { relationship_status: "contacted", last_contact_date: dateDaysAgo(12), meeting_date: dateDaysAgo(5) },
    action: "follow_up",
    reason: "How did the meeting on 20 Nov go? Add what happened and the next step.",
  },
  {
    because: "a meeting next week: nothing to do before it",
    investor: { relationship_status: "meeting_scheduled", last_contact_date: dateDaysAgo(2), meeting_date: dateInDays(6) },
    action: "wait",
    reason: "Meeting scheduled; last contact 2 days ago. Follow up in 5 days.",
  },
  {
    because: "a meeting today has not happened yet",
    investor: { relationship_status: "meeting_scheduled", last_contact_date: dateDaysAgo(2), meeting_date: dateDaysAgo(0) },
    action: "wait",
    reason: "Meeting scheduled; last contact 2 days ago. Follow up in 5 days.",
  },
  {
    because: "a past meeting already written up (in conversation, a contact logged after it): the ordinary rule",
    investor: { relationship_status: "in_conversation", last_contact_date: dateDaysAgo(2), meeting_date: dateDaysAgo(8) },
    action: "wait",
    reason: "In conversation; last contact 2 days ago. Follow up in 5 days.",
  },
  // Next steps
  {
    because: "a next step two days late comes with its own words",
    investor: {
      relationship_status: "due_diligence",
      last_contact_date: dateDaysAgo(3),
      next_step: "Send the data room",
      next_step_date: dateDaysAgo(2),
    },
    action: "follow_up",
    reason: "Send the data room — due 2 days ago.",
  },
  {
    because: "a next step due today",
    investor: {
      relationship_status: "in_conversation",
      last_contact_date: dateDaysAgo(1),
      next_step: "Call back",
      next_step_date: dateDaysAgo(0),
    },
    action: "follow_up",
    reason: "Call back — due today.",
  },
  {
    because: "a next step due yesterday wins over a past meeting",
    investor: {
      relationship_status: "meeting_scheduled",
      last_contact_date: dateDaysAgo(9),
      meeting_date: dateDaysAgo(4),
      next_step: "Share the pipeline numbers",
      next_step_date: dateDaysAgo(1),
    },
    action: "follow_up",
    reason: "Share the pipeline numbers — due yesterday.",
  },
  {
    because: "a next step planned for next week: the founder said when, so the follow-up waits for it",
    investor: {
      relationship_status: "contacted",
      last_contact_date: dateDaysAgo(12),
      next_step: "Send the Q4 update",
      next_step_date: dateInDays(5),
    },
    action: "wait",
    reason: "Next step on 30 Nov: Send the Q4 update.",
  },
  {
    because: "a dated next step with no words still counts",
    investor: { relationship_status: "contacted", last_contact_date: dateDaysAgo(5), next_step_date: dateDaysAgo(3) },
    action: "follow_up",
    reason: "Your next step — due 3 days ago.",
  },
  {
    because: "a contact on or after a next step's day acted on it: the silence is counted from that contact (decision 053)",
    investor: {
      relationship_status: "contacted",
      last_contact_date: dateDaysAgo(1),
      next_step: "Send the deck",
      next_step_date: dateDaysAgo(3),
    },
    action: "wait",
    reason: "Contacted; last contact yesterday. Follow up in 6 days.",
  },
  {
    because: "a next step acted on stalls again once the contact that acted on it is the follow-up delay old",
    investor: {
      relationship_status: "in_conversation",
      last_contact_date: dateDaysAgo(8),
      next_step: "Send the deck",
      next_step_date: dateDaysAgo(10),
    },
    action: "follow_up",
    reason: "Last contact 8 days ago; the follow-up was due yesterday.",
  },
  // Those never chased
  {
    because: "a committed investor is never chased, even with a step due",
    investor: { relationship_status: "committed", next_step: "Send the SAFE", next_step_date: dateDaysAgo(1) },
    action: "committed",
    reason: "Committed: already in your round.",
  },
  {
    because: "a soft commitment is not chased either",
    investor: { relationship_status: "soft_committed", meeting_date: dateDaysAgo(5) },
    action: "soft_committed",
    reason: "Soft committed: a verbal yes, not signed yet.",
  },
  {
    because: "a pass is a pass, whatever the meeting date",
    investor: { relationship_status: "passed", meeting_date: dateDaysAgo(5), next_step: "Ask why", next_step_date: dateDaysAgo(1) },
    action: "dont_chase",
    reason: "They passed.",
  },
  {
    because: "a red flag keeps a stalled introduction off the follow-ups",
    investor: { relationship_status: "intro_requested", last_contact_date: dateDaysAgo(20), signal_red_flag: "Fund wound down" },
    action: "dont_chase",
    reason: "Red flag: Fund wound down",
  },
  {
    because: "an uncontacted good fit stays email first",
    investor: {},
    action: "email_first",
    reason: "Not contacted yet. Fits Ledgerly on fintech, Seed and Europe.",
  },
];

describe("stalled deals over a realistic pipeline", () => {
  it("has at least 20 labelled actions", () => {
    expect(PIPELINE.length).toBeGreaterThanOrEqual(20);
  });

  it.each(PIPELINE.map((row) => [row.because, row] as const))("%s", (_because, row) => {
    const result = scoreInvestor({ ...base, ...row.investor }, [], now);
    expect({ action: result.action, reason: result.explained.action_reason }).toEqual({
      action: row.action,
      reason: typeof row.reason === "string" ? row.reason : expect.stringMatching(row.reason),
    });
  });

  it("nudges without a name when none is known", () => {
    const { name: _name, ...nameless } = base;
    const result = scoreInvestor({ ...nameless, relationship_status: "intro_requested", last_contact_date: dateDaysAgo(9) }, [], now);
    expect(result.explained.action_reason).toBe("Nudge them about the introduction you asked for 9 days ago.");
  });
});
