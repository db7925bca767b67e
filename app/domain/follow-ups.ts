import { type DeckFacts, type DeckFollowUp, deckFollowUp, deckFollowUpText } from "./deck-signals.ts";
import type { RelationshipStatus } from "./vocabulary.ts";
import { type WarmPath, dayOf, nudgeDue, nudgeText, pathsMatter } from "./warm-path.ts";

/**
 * Which follow-up is due for an investor, if any (docs/product.md#scoring-and-actions, decision
 * 030): the founder's own next step once its date comes, until a contact on or after that day acts
 * on it (decision 053), then the deals that stall without one —
 * a meeting whose day has passed, an introduction asked for a week ago and more, a conversation
 * with no date to count from, a last contact older than the follow-up delay. The scoring rules
 * give the action and its reason from it, Today its line, the drafts their email. Pure: pass `now`.
 */
export type FollowUpFacts = {
  /** The investor's name: the nudge names them ("Nudge Jukka…"). */
  name?: string | null;
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
  next_step?: string | null;
  next_step_date?: string | null;
  meeting_date?: string | null;
  /** The warm path in hand (app/domain/warm-path.ts): an intro asked 5 days ago is a nudge due to the connector. */
  intro?: WarmPath | null;
  /** Their deck link and its views (app/domain/deck-signals.ts): a read is a follow-up due. */
  deck?: DeckFacts | null;
};

export type FollowUp =
  /** The deck read after the last contact, opened and unanswered, or sent and never opened (decision 068). */
  | DeckFollowUp
  /** The founder's next step, due today (`late` 0) or overdue. */
  | { kind: "next_step"; step: string | null; date: string; late: number }
  /** An intro asked of a connector `days` ago and unanswered (decision 065): nudge the connector. */
  | { kind: "intro_nudge"; person: string; days: number }
  /** A meeting whose day has passed with nothing recorded since. */
  | { kind: "meeting"; date: string }
  /** An introduction asked for `days` ago (the last contact date), at least the follow-up delay. */
  | { kind: "intro"; date: string; days: number }
  /** Contacted or in conversation with no date to count from. */
  | { kind: "no_date" }
  /** The last contact is the follow-up delay old or older. */
  | { kind: "overdue"; date: string; since: number; overdue: number };

const DAY_MS = 86_400_000;

/** Statuses never followed up: in the round, or out of it. */
const CLOSED: ReadonlySet<RelationshipStatus> = new Set(["committed", "soft_committed", "passed", "not_a_fit"]);
/** Statuses with a conversation under way (the same set as the scoring rules'). */
const IN_PROCESS: ReadonlySet<RelationshipStatus> = new Set(["contacted", "in_conversation", "meeting_scheduled", "due_diligence"]);
/** Asked "when did you last write?" when undated: a meeting or diligence has its own dates. */
const ASK_FOR_DATE: ReadonlySet<RelationshipStatus> = new Set(["contacted", "in_conversation"]);

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Whole calendar days (UTC) from a YYYY-MM-DD date to `now`: negative for a date to come. */
function daysFrom(date: string, now: Date): number {
  const then = Date.parse(`${date}T00:00:00Z`);
  return Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - then) / DAY_MS);
}

/** "2026-11-20" → "20 Nov" (with the year when it is not this year's). */
export function shortDate(date: string, now: Date): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const base = `${day} ${SHORT_MONTHS[month - 1] ?? ""}`.trim();
  return year === now.getUTCFullYear() ? base : `${base} ${year}`;
}

function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || "them";
}

/**
 * Words that name no step ("follow up", "f/u", "chase", "ping", "next steps", "TBD"): a tracker's
 * filler, never quoted back to the founder or to an investor as if it were a plan (decision 053).
 */
const EMPTY_STEP =
  /^(?:(?:to\s+)?(?:follow(?:[\s-]*ups?)?|f\s*\/\s*u|fu|fup|chase|chasing|ping|nudge|check[\s-]*in|touch\s+base|reach\s+out|next\s+steps?|tbd|tbc|todo|to\s+do|n\/a|na|none|-+|\?+)(?:\s+(?:up|again|them|him|her|later|soon))*)$/i;

/** A next step's words when they name something to do, else null ("follow up" names nothing). */
export function stepWords(text: string | null | undefined): string | null {
  const words =
    text
      ?.replace(/\s+/g, " ")
      .trim()
      .replace(/[.!?]+$/, "") ?? "";
  return words === "" || EMPTY_STEP.test(words) ? null : words;
}

/** A next step dated after today: the founder said when, so nothing computed is due before it. */
export function plannedStep(facts: FollowUpFacts, now: Date): { step: string | null; date: string } | null {
  const date = facts.next_step_date;
  if (!date || CLOSED.has(facts.relationship_status) || daysFrom(date, now) >= 0) return null;
  return { step: stepWords(facts.next_step), date };
}

/** A next step dated `date` is acted on when a contact is dated that day or later. */
export function actedOn(date: string, lastContact: string | null | undefined): boolean {
  return lastContact != null && lastContact >= date;
}

export function followUpDue(facts: FollowUpFacts, now: Date, followUpAfterDays: number): FollowUp | null {
  const status = facts.relationship_status;
  if (CLOSED.has(status)) return null;
  const last = facts.last_contact_date;
  const deck = deckFollowUp(facts.deck, status, last, dayOf(now));
  // A read is the freshest reason to write: it comes before the founder's own step (decision 068).
  if (deck?.kind === "deck_read") return deck;
  if (facts.next_step_date) {
    const late = daysFrom(facts.next_step_date, now);
    if (late < 0) return null;
    // A contact on or after the step's day acted on it (decision 053): the silence rules count from that contact.
    if (!actedOn(facts.next_step_date, last))
      return { kind: "next_step", step: stepWords(facts.next_step), date: facts.next_step_date, late };
  }
  // An intro asked of a connector and unanswered for 5 days: the nudge goes to them (decision 065).
  const nudge = pathsMatter(status) ? nudgeDue(facts.intro, dayOf(now)) : null;
  if (nudge) return { kind: "intro_nudge", ...nudge };
  const meeting = facts.meeting_date;
  // Past, and nothing since: no contact dated after it, or one on its day while the status still says "scheduled".
  if (meeting && daysFrom(meeting, now) > 0 && (last === null || last < meeting || (status === "meeting_scheduled" && last === meeting))) {
    return { kind: "meeting", date: meeting };
  }
  // The deck's nudges hold for any open status: a link was sent, whatever the status says.
  if (deck) return deck;
  if (status === "intro_requested" && last) {
    const days = daysFrom(last, now);
    return days >= followUpAfterDays ? { kind: "intro", date: last, days } : null;
  }
  if (!IN_PROCESS.has(status)) return null;
  if (last === null) return ASK_FOR_DATE.has(status) ? { kind: "no_date" } : null;
  const since = daysFrom(last, now);
  const overdue = since - followUpAfterDays;
  return overdue >= 0 ? { kind: "overdue", date: last, since, overdue } : null;
}

function agoText(days: number): string {
  if (days <= 0) return "today";
  return days === 1 ? "yesterday" : `${days} days ago`;
}

/** The follow-up's reason, in the founder's words (Today's line and the action's reason). */
export function followUpReason(due: FollowUp, facts: Pick<FollowUpFacts, "name" | "deck">, now: Date): string {
  switch (due.kind) {
    case "deck_read":
    case "deck_unanswered":
    case "deck_unopened":
      return deckFollowUpText(due, facts);
    case "next_step":
      return `${due.step ?? "Your next step"} — due ${agoText(due.late)}.`;
    case "intro_nudge":
      return nudgeText(due, facts.name);
    case "meeting":
      return `How did the meeting on ${shortDate(due.date, now)} go? Add what happened and the next step.`;
    case "intro":
      return `Nudge ${firstName(facts.name)} about the introduction you asked for ${agoText(due.days)}.`;
    case "no_date":
      return "When did you last write? Add the date.";
    case "overdue":
      return `Last contact ${agoText(due.since)}; ${due.overdue === 0 ? "the follow-up is due today" : `the follow-up was due ${agoText(due.overdue)}`}.`;
  }
}

/** The wait while a planned next step is ahead: "Next step on 30 Nov: Send the Q4 update." */
export function plannedReason(planned: { step: string | null; date: string }, now: Date): string {
  const step = planned.step ? planned.step.replace(/[.!?]+$/, "") : "your next step";
  return `Next step on ${shortDate(planned.date, now)}: ${step}.`;
}
