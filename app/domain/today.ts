import { type FollowUpFacts, followUpDue, followUpReason } from "./follow-ups.ts";
import type { RecommendedAction } from "./investor.ts";
import { daysAgoText } from "./scoring.ts";

/**
 * "Today" (docs/product.md#pages): the three lists that answer the founder's morning questions, each in
 * the docs/product.md#scoring-and-actions order. The dashboard reads them with SQL (db/queries/today.server.ts) and the digest
 * and the chat order their rows with the same comparators, so all three say the same thing in the
 * same order. Pure: no database, no clock.
 */

export const TODAY_ACTIONS = ["email_first", "follow_up", "dont_chase"] as const;
export type TodayAction = (typeof TODAY_ACTIONS)[number];

/** How many rows of each list the dashboard shows before "show all". */
export const TODAY_SHOWN = 5;

export type TodayInvestor = {
  id: number;
  score: number;
  action: RecommendedAction;
  last_contact_date?: string | null;
  /** A follow-up's next step date: the founder's own steps come before the computed follow-ups. */
  next_step_date?: string | null;
  /** When the hook's news was published (else found): the freshest hook breaks score ties. */
  hook_at?: string | null;
  /** When the current action was first given: "don't chase" lists the newest reasons first. */
  action_since?: string | null;
};

/** Ascending text order with nulls last (ISO dates and times sort as text). */
function textAsc(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Descending text order with nulls last. */
function textDesc(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  return a > b ? -1 : a < b ? 1 : 0;
}

/** Email first: best score, then the freshest hook, then the oldest record. */
export function byEmailFirstOrder(a: TodayInvestor, b: TodayInvestor): number {
  return b.score - a.score || textDesc(a.hook_at, b.hook_at) || a.id - b.id;
}

/**
 * Follow-ups: the founder's own next steps first, the longest overdue first (a follow-up with a
 * next step date has it due: a later one holds the follow-up back); then most days overdue. Every
 * other row here has passed the same follow-up delay, so the oldest last contact is the most
 * overdue; then the better score.
 */
export function byFollowUpOrder(a: TodayInvestor, b: TodayInvestor): number {
  return (
    textAsc(a.next_step_date, b.next_step_date) || textAsc(a.last_contact_date, b.last_contact_date) || b.score - a.score || a.id - b.id
  );
}

/** Don't chase: the newest reason first (a fresh red flag matters more than an old pass), then the more tempting. */
export function byDontChaseOrder(a: TodayInvestor, b: TodayInvestor): number {
  return textDesc(a.action_since, b.action_since) || b.score - a.score || a.id - b.id;
}

export const TODAY_ORDER: Record<TodayAction, (a: TodayInvestor, b: TodayInvestor) => number> = {
  email_first: byEmailFirstOrder,
  follow_up: byFollowUpOrder,
  dont_chase: byDontChaseOrder,
};

export type TodayLists<T> = Record<TodayAction, T[]>;

/** The three lists from any rows, whole and in order (the digest and the chat use this). */
export function orderToday<T extends TodayInvestor>(rows: readonly T[]): TodayLists<T> {
  const lists: TodayLists<T> = { email_first: [], follow_up: [], dont_chase: [] };
  for (const row of rows) {
    if (row.action === "email_first" || row.action === "follow_up" || row.action === "dont_chase") lists[row.action].push(row);
  }
  for (const action of TODAY_ACTIONS) lists[action].sort(TODAY_ORDER[action]);
  return lists;
}

/**
 * A follow-up's line on Today, counted from today (the stored reason may be a day old):
 * "16 days overdue · last contact 23 days ago", or the stalled deal's own words ("How did the
 * meeting on 20 Nov go? …", "Send the data room — due 2 days ago.").
 */
export function overdueText(investor: FollowUpFacts, now: Date, followUpAfterDays: number): string {
  const due = followUpDue(investor, now, followUpAfterDays);
  if (due === null) return "Follow-up due";
  if (due.kind !== "overdue") return followUpReason(due, investor, now);
  const last = `last contact ${daysAgoText(due.since)}`;
  if (due.overdue === 0) return `Due today · ${last}`;
  return `${due.overdue} ${due.overdue === 1 ? "day" : "days"} overdue · ${last}`;
}
