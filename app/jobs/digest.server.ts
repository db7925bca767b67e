import { countRepliesWaiting } from "#db/queries/mail.server.ts";
import { readRound } from "#db/queries/round.server.ts";
import { countFollowUpsByOwner, countToday, readTodayList } from "#db/queries/today.server.ts";
import type { App } from "../app-context.ts";
import { composeDigest } from "../domain/digest.ts";
import { roundProgressLine } from "../domain/round.ts";
import { describeFailure, failureLogFields } from "../integrations/errors.ts";
import { senderFromConfig } from "../integrations/sms.server.ts";
import { log } from "../log.server.ts";
import { newThisWeek } from "../services/discoveries.server.ts";

export type DigestResult = { sent: boolean; channel: "sms" | "whatsapp" | null; message: string; reason?: string };

/** Today's digest text from real rows only (never demo); reads, writes nothing. */
export function todaysDigest(app: App): string {
  // Reads only what the message shows: the first three of two Today lists and the counts (replies waiting included).
  const counts = countToday(app.db, false);
  const { round, totals } = readRound(app.db);
  const date = app.now().toISOString().slice(0, 10);
  return composeDigest(
    {
      tracked: counts.tracked,
      emailFirst: readTodayList(app.db, false, "email_first", 3),
      emailFirstCount: counts.email_first,
      followUps: counts.follow_up,
      dontChase: readTodayList(app.db, false, "dont_chase", 3),
      dontChaseCount: counts.dont_chase,
      repliesWaiting: countRepliesWaiting(app.db, false),
      round: round ? roundProgressLine(round, totals, date) : undefined,
      newInvestors: newThisWeek(app, false),
      followUpOwners: countFollowUpsByOwner(app.db, false),
    },
    { date },
  ).text;
}

/**
 * Route #3 and the scheduler's morning job: build the digest and send it by SMS or WhatsApp when
 * Twilio is configured. Reads only: nothing is written to the database.
 */
export async function sendDigest(app: App): Promise<DigestResult> {
  const message = todaysDigest(app);
  const target = senderFromConfig(app.config);
  if (!target.sender) return { sent: false, channel: null, message, reason: `Twilio is not configured: ${target.reason}.` };
  try {
    await target.sender.send(target.to, message);
    return { sent: true, channel: target.channel, message };
  } catch (error) {
    // Our own sentence only: Twilio's answer may echo the credentials (docs/product.md#security).
    log.warn("digest not sent", failureLogFields(error));
    return { sent: false, channel: target.channel, message, reason: `Sending failed (${describeFailure(error)}).` };
  }
}
