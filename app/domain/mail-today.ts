import type { InvestorEdit, RelationshipStatus } from "./investor.ts";
import { daysSince } from "./scoring.ts";

/**
 * Mail capture on Today and the investor page (docs/decisions/014-mail-capture.md, "Today and
 * logging"). A mail contact is a message the sync found to or from an investor's address; it never
 * writes the investor's own columns by itself. "Log" turns it into a contact entry through the
 * investor edit, as the one-click "Emailed" does. Pure: no database, no clock.
 */

export const MAIL_DIRECTIONS = ["sent", "received"] as const;
export type MailDirection = (typeof MAIL_DIRECTIONS)[number];

/** How many rows each mail section of Today shows (the count says how many there are). */
export const MAIL_SHOWN = 5;

/** The most mail contacts one "Log all" records: a first sync of a long mailbox is logged a step at a time. */
export const LOG_ALL_LIMIT = 500;

/** The note a logged message's contact entry carries when it has no subject. */
export const NO_SUBJECT = "(no subject)";

/** The longest note a contact entry takes (the investor edit's own limit). */
const NOTE_MAX = 2_000;

/** A contact entry's note for a message: its subject, trimmed, or "(no subject)". */
export function mailNote(subject: string | null | undefined): string {
  const text = (subject ?? "").replace(/\s+/g, " ").trim();
  if (text === "") return NO_SUBJECT;
  return text.length > NOTE_MAX ? `${text.slice(0, NOTE_MAX - 1)}…` : text;
}

/**
 * Logging one message as an investor edit: a contact entry `{date, channel: "email", note:
 * subject}` (which moves the last contact forward to that date, never back) and an uncontacted or
 * researching investor becoming "contacted", as "Emailed" does.
 */
export function mailLogEdit(status: RelationshipStatus, sentAt: string, subject: string | null | undefined): InvestorEdit {
  return {
    add_contact: { date: sentAt.slice(0, 10), channel: "email", note: mailNote(subject) },
    ...(status === "not_contacted" || status === "researching" ? { relationship_status: "contacted" as const } : {}),
  };
}

/** Statuses whose replies are not waiting on the founder: the investor said no, or is not a fit. */
export const CLOSED_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["passed", "not_a_fit"]);

export type MailContactForReplies = {
  id: number;
  investor_id: number;
  direction: MailDirection;
  /** ISO-8601 UTC. */
  sent_at: string;
  /** The receiving server vouched for the From (decision 017); absent counts as verified. */
  verified?: boolean;
};

export type InvestorForReplies = {
  id: number;
  relationship_status: RelationshipStatus;
  last_contact_date: string | null;
};

/**
 * "Replies waiting on you", whole and in order, computed in plain TypeScript (Today reads the same
 * with SQL, db/queries/mail.server.ts; a property test holds them equal). Per investor: the latest
 * received message, when no verified message was sent to that investor after it and no contact was
 * recorded on a later day (a reply logged by hand counts as an answer). An unverified "sent"
 * message (a From that only claims to be the founder's) answers nothing. Investors who passed or
 * are not a fit are left out. Longest waiting first, then the investor id; of two messages
 * received at the same second, the one saved last.
 */
export function repliesWaiting(
  investors: readonly InvestorForReplies[],
  contacts: readonly MailContactForReplies[],
): { investor_id: number; mail_id: number; received_at: string }[] {
  const latestReceived = new Map<number, MailContactForReplies>();
  const latestSent = new Map<number, string>();
  for (const contact of contacts) {
    if (contact.direction === "received") {
      const seen = latestReceived.get(contact.investor_id);
      if (!seen || contact.sent_at > seen.sent_at || (contact.sent_at === seen.sent_at && contact.id > seen.id))
        latestReceived.set(contact.investor_id, contact);
    } else if (contact.verified !== false) {
      const seen = latestSent.get(contact.investor_id);
      if (seen === undefined || contact.sent_at > seen) latestSent.set(contact.investor_id, contact.sent_at);
    }
  }
  const waiting: { investor_id: number; mail_id: number; received_at: string }[] = [];
  for (const investor of investors) {
    const received = latestReceived.get(investor.id);
    if (!received || CLOSED_STATUSES.has(investor.relationship_status)) continue;
    const sent = latestSent.get(investor.id);
    if (sent !== undefined && sent > received.sent_at) continue;
    if (investor.last_contact_date !== null && investor.last_contact_date > received.sent_at.slice(0, 10)) continue;
    waiting.push({ investor_id: investor.id, mail_id: received.id, received_at: received.sent_at });
  }
  return waiting.sort((a, b) => (a.received_at < b.received_at ? -1 : a.received_at > b.received_at ? 1 : a.investor_id - b.investor_id));
}

/** "waiting since today" / "waiting 1 day" / "waiting 3 days", counted in whole UTC days. */
export function waitingText(receivedAt: string, now: Date): string {
  const days = Math.max(0, daysSince(receivedAt.slice(0, 10), now));
  if (days === 0) return "waiting since today";
  return `waiting ${days} ${days === 1 ? "day" : "days"}`;
}

/** "Logged 1 email" / "Logged 3 emails" (the confirmation after a "Log"). */
export function loggedText(count: number): string {
  if (count === 0) return "Nothing to log: those emails were already logged.";
  return `Logged ${count} ${count === 1 ? "email" : "emails"}.`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "20 Nov" (UTC), with the year when it is not the year of `now`: "20 Nov 2025". */
export function mailDate(sentAt: string, now: Date): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(sentAt);
  if (!match) return sentAt;
  const text = `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? ""}`;
  return Number(match[1]) === now.getUTCFullYear() ? text : `${text} ${match[1]}`;
}

/** "Sent 20 Nov" / "Received 20 Nov". */
export function mailWhen(direction: MailDirection, sentAt: string, now: Date): string {
  return `${direction === "sent" ? "Sent" : "Received"} ${mailDate(sentAt, now)}`;
}
