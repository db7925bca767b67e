import { countDeckReadersSince } from "#db/queries/deck-signals.server.ts";
import { countRepliesWaiting } from "#db/queries/mail.server.ts";
import { readRound } from "#db/queries/round.server.ts";
import { countFollowUpsByOwner, countToday, readTodayList } from "#db/queries/today.server.ts";
import { membersWithPhones } from "#db/queries/members.server.ts";
import { introsWaiting } from "#db/queries/warm-paths.server.ts";
import type { App } from "../app-context.ts";
import { composeDigest } from "../domain/digest.ts";
import { normalisePhone } from "../domain/member-details.ts";
import { roundProgressLine } from "../domain/round.ts";
import { TODAY_SHOWN } from "../domain/today.ts";
import { describeFailure, failureLogFields } from "../integrations/errors.ts";
import { senderFromConfig } from "../integrations/sms.server.ts";
import { log } from "../log.server.ts";
import { newThisWeek } from "../services/discoveries.server.ts";

/** The digest counts the deck's readers of the last day: each morning's message says the night's reads. */
const DECK_READS_SINCE_MS = 86_400_000;

/**
 * What route #3 answers: the team's digest as before (`sent`, `channel`, `message`, `reason`) and,
 * when members have a phone on /settings/you, one line per member (their own digest, their name
 * only: never their number) saying whether it went.
 */
export type DigestResult = {
  sent: boolean;
  channel: "sms" | "whatsapp" | null;
  message: string;
  reason?: string;
  members?: Array<{ member: string; sent: boolean; reason?: string }>;
};

/**
 * Today's digest text from real rows only (never demo); reads, writes nothing. With a member, theirs
 * (decision 059): the follow-ups due of the investors they own come first, then the team's lists.
 */
export function todaysDigest(app: App, member?: { id: number }): string {
  // Reads only what the message shows: the first three of two Today lists (Today's own first five, read
  // once per version for the page and this line: decision 066) and the counts (replies waiting included).
  const counts = countToday(app.db, false);
  const { round, totals } = readRound(app.db);
  const date = app.now().toISOString().slice(0, 10);
  const yours = member
    ? { followUps: readTodayList(app.db, false, "follow_up", 3, member.id), count: countToday(app.db, false, member.id).follow_up }
    : undefined;
  return composeDigest(
    {
      tracked: counts.tracked,
      emailFirst: readTodayList(app.db, false, "email_first", TODAY_SHOWN).slice(0, 3),
      emailFirstCount: counts.email_first,
      followUps: counts.follow_up,
      dontChase: readTodayList(app.db, false, "dont_chase", TODAY_SHOWN).slice(0, 3),
      dontChaseCount: counts.dont_chase,
      repliesWaiting: countRepliesWaiting(app.db, false),
      round: round ? roundProgressLine(round, totals, date) : undefined,
      newInvestors: newThisWeek(app, false),
      followUpOwners: countFollowUpsByOwner(app.db, false),
      yours,
      // A member's digest counts the intros waiting on their investors' connectors; the team's, all of them.
      introsWaiting: introsWaiting(app.db, false, member?.id ?? null),
      deckReaders: countDeckReadersSince(app.db, false, new Date(app.now().getTime() - DECK_READS_SINCE_MS).toISOString()),
    },
    { date },
  ).text;
}

/**
 * Route #3 and the scheduler's morning job: build the digest and send it by SMS or WhatsApp when
 * Twilio is configured — the team's to DIGEST_TO, and each member with a phone their own (one
 * message of at most two segments each; a member whose phone is DIGEST_TO gets theirs instead of
 * the team's, never both). Reads only: nothing is written to the database.
 */
export async function sendDigest(app: App): Promise<DigestResult> {
  const message = todaysDigest(app);
  const phones = membersWithPhones(app.db);
  const target = senderFromConfig(app.config, { recipientRequired: phones.length === 0 });
  if (!target.sender) return { sent: false, channel: null, message, reason: `Twilio is not configured: ${target.reason}.` };
  const sender = target.sender;
  const send = async (to: string, body: string): Promise<{ sent: boolean; reason?: string }> => {
    try {
      await sender.send(target.address(to), body);
      return { sent: true };
    } catch (error) {
      // Our own sentence only: Twilio's answer may echo the credentials (docs/product.md#security).
      log.warn("digest not sent", failureLogFields(error));
      return { sent: false, reason: `Sending failed (${describeFailure(error)}).` };
    }
  };
  const members: NonNullable<DigestResult["members"]> = [];
  for (const member of phones) members.push({ member: member.name, ...(await send(member.phone, todaysDigest(app, member))) });
  const teamTo = target.to && !phones.some((member) => samePhone(member.phone, target.to!)) ? target.to : null;
  const team = teamTo
    ? await send(teamTo, message)
    : { sent: false, reason: target.to ? "DIGEST_TO is a member's phone: they got their own digest." : "DIGEST_TO is not set." };
  return {
    sent: team.sent,
    channel: target.channel,
    message,
    ...(team.reason ? { reason: team.reason } : {}),
    ...(members.length > 0 ? { members } : {}),
  };
}

function samePhone(a: string, b: string): boolean {
  const bare = (phone: string) => normalisePhone(phone.replace(/^whatsapp:/i, ""));
  return bare(a) === bare(b);
}
