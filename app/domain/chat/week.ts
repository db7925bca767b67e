import { shortDate } from "../follow-ups.ts";
import type { ChatInvestor, ChatWeek } from "./schema.ts";
import { normalize } from "./question.ts";

/**
 * "What's due this week?": the founder's own dates for the coming 7 days (today and the 6 after it):
 * next steps (`next_step_date`) and meetings (`meeting_date`). An overdue step is already a
 * follow-up due (app/domain/follow-ups.ts); an investor out of the round (passed, not a fit) has
 * nothing due whatever date was left on it. Pure: pass today.
 */

const DAY_MS = 86_400_000;
export const WEEK_DAYS = 7;
const OUT_OF_ROUND: ReadonlySet<string> = new Set(["passed", "not_a_fit"]);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The window from `today` (YYYY-MM-DD) to the 6th day after it, both included. */
export function weekFrom(today: string): { from: string; to: string } {
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + (WEEK_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from: today, to };
}

function inWindow(date: string | null | undefined, window: { from: string; to: string }): date is string {
  return typeof date === "string" && ISO_DATE.test(date) && date >= window.from && date <= window.to;
}

const byDate = (pick: (investor: ChatInvestor) => string | null | undefined) => (a: ChatInvestor, b: ChatInvestor) =>
  (pick(a) ?? "").localeCompare(pick(b) ?? "") || b.score - a.score || a.id - b.id;

/** The investors with a next step, and those with a meeting, dated within the window: soonest first. */
export function datedThisWeek(investors: readonly ChatInvestor[], window: { from: string; to: string }) {
  const open = investors.filter((investor) => !OUT_OF_ROUND.has(investor.relationship_status));
  return {
    steps: open.filter((investor) => inWindow(investor.next_step_date, window)).sort(byDate((investor) => investor.next_step_date)),
    meetings: open.filter((investor) => inWindow(investor.meeting_date, window)).sort(byDate((investor) => investor.meeting_date)),
  };
}

export function summarizeWeek(investors: readonly ChatInvestor[], today: string): ChatWeek {
  const window = weekFrom(today);
  const { steps, meetings } = datedThisWeek(investors, window);
  return { ...window, next_steps: steps.length, meetings: meetings.length };
}

/** Whether a question asks about the coming days ("this week", "coming up", "next 7 days"). */
export function asksAboutWeek(message: string): boolean {
  return / (?:week|weeks|upcoming|coming up|next (?:7|seven) days|coming days) /.test(` ${normalize(message.slice(0, 500))} `);
}

/**
 * The week's sentences for the rule answer: the next steps, then the meetings, dated in the next 7
 * days among the listed investors, soonest first; the counts are the whole side's (`week`).
 */
export function weekSentences(
  listed: readonly ChatInvestor[],
  week: ChatWeek,
  cite: (investors: readonly ChatInvestor[]) => readonly ChatInvestor[],
  name: (investor: ChatInvestor) => string,
  clause: (text: string | null) => string,
  max: number,
): string[] {
  const now = new Date(`${week.from}T00:00:00Z`);
  const day = (date: string | null | undefined) => shortDate(date ?? week.from, now);
  const { steps, meetings } = datedThisWeek(listed, week);
  const more = (total: number, shown: number) => (total > shown ? `, and ${total - shown} more` : "");
  if (week.next_steps + week.meetings === 0) {
    return [`No next step or meeting is dated in the next 7 days (${day(week.from)} to ${day(week.to)}).`];
  }
  const sentences: string[] = [];
  const shownSteps = cite(steps.slice(0, max));
  if (shownSteps.length > 0) {
    const items = shownSteps.map(
      (investor) => `${name(investor)} — ${clause(investor.next_step ?? null) || "next step"}, ${day(investor.next_step_date)}`,
    );
    sentences.push(`Next steps in the next 7 days: ${items.join("; ")}${more(week.next_steps, shownSteps.length)}.`);
  }
  const shownMeetings = cite(meetings.slice(0, max));
  if (shownMeetings.length > 0) {
    const items = shownMeetings.map((investor) => `${name(investor)}, ${day(investor.meeting_date)}`);
    sentences.push(`Meetings in the next 7 days: ${items.join("; ")}${more(week.meetings, shownMeetings.length)}.`);
  }
  return sentences;
}
