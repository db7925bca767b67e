import { createHash } from "node:crypto";
import type { MailDirection } from "./mail-today.ts";

/**
 * The demo's synthetic mail contacts (docs/decisions/014-mail-capture.md, "Today and logging"): a
 * few replies waiting on the founder and a few emails to log, so `/demo` shows both sections. No
 * mailbox is ever read for demo rows. Pure: the same investors and `now` give the same messages.
 */

export type DemoMailInvestor = {
  name: string;
  firm: string | null;
  email: string | null;
  relationship_status: string;
  /** YYYY-MM-DD */
  last_contact_date: string | null;
};

export type DemoMail = {
  /** Position in the `investors` array given to buildDemoMail. */
  index: number;
  message_id: string;
  direction: MailDirection;
  /** ISO-8601 UTC. */
  sent_at: string;
  subject: string;
  /** Already in the contact history (the message the last contact entry records). */
  logged: boolean;
};

const DAY_MS = 86_400_000;
const TALKING = new Set(["contacted", "in_conversation", "meeting_scheduled", "due_diligence"]);
const REPLIES = 3;
const NEW_INTROS = 2;

const OPENERS = ["Our seed round: 20 minutes next week?", "Deck and metrics, as promised", "Following up on our call"];
const INTROS = ["Intro: a seed round you may like", "Quick question about your thesis"];

function at(day: string, time: string): string {
  return new Date(`${day}T${time}Z`).toISOString();
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function messageId(parts: (string | number)[]): string {
  return `<demo-${createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 16)}@mail.example.com>`;
}

/**
 * Pass the demo set as buildDemoInvestors returns it (ordered by name). Three investors in a
 * conversation, last contacted at least two days ago, answered the founder's last email and wait
 * for a reply (the reply not yet logged); two uncontacted investors were emailed in the last two
 * days; one more conversation has an older email never logged, dated before its last contact (logging
 * it adds the entry and leaves the last contact where it is).
 */
export function buildDemoMail(investors: readonly DemoMailInvestor[], now: Date): DemoMail[] {
  const nowMs = now.getTime();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const mail: DemoMail[] = [];
  const add = (index: number, direction: MailDirection, sentAt: string, subject: string, logged: boolean) =>
    mail.push({
      index,
      direction,
      sent_at: sentAt,
      subject,
      logged,
      message_id: messageId([investors[index]?.name ?? "", direction, sentAt, subject]),
    });

  const daysAgo = (date: string) => Math.round((today - Date.parse(`${date}T00:00:00Z`)) / DAY_MS);
  const talking = investors
    .map((investor, index) => ({ investor, index }))
    .filter(({ investor }) => investor.email && TALKING.has(investor.relationship_status) && investor.last_contact_date);
  const replying = talking.filter(({ investor }) => daysAgo(investor.last_contact_date!) >= 2).slice(0, REPLIES);
  replying.forEach(({ investor, index }, k) => {
    const last = investor.last_contact_date!;
    const subject = OPENERS[k % OPENERS.length]!;
    add(index, "sent", at(last, "09:15:00"), subject, true);
    const gap = Math.min(1 + (k % 3), daysAgo(last) - 1);
    add(index, "received", at(dayOf(Date.parse(`${last}T00:00:00Z`) + gap * DAY_MS), "14:40:00"), `Re: ${subject}`, false);
  });

  const older = talking.find(({ index }) => !replying.some((r) => r.index === index));
  if (older) {
    const last = Date.parse(`${older.investor.last_contact_date!}T00:00:00Z`);
    add(older.index, "sent", at(dayOf(last - 5 * DAY_MS), "16:05:00"), "Notes from our first call", false);
  }

  investors
    .map((investor, index) => ({ investor, index }))
    .filter(({ investor }) => investor.email && investor.relationship_status === "not_contacted")
    .slice(0, NEW_INTROS)
    .forEach(({ index }, k) => {
      // Yesterday and the day before, never later than now.
      const sent = Math.min(nowMs - 60_000, today - (k + 1) * DAY_MS + 10.5 * 3_600_000);
      add(index, "sent", new Date(sent).toISOString(), INTROS[k % INTROS.length]!, false);
    });
  return mail;
}
