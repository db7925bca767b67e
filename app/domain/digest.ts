import type { RecommendedAction } from "./investor.ts";
import { orderToday } from "./today.ts";
import { type IntrosWaiting, introsWaitingSentence } from "./digest-intros.ts";
import { PART_SEPTETS_OF_SMS, gsm7Length, isGsm7, smsSegments, toGsm7 } from "./gsm7.ts";

// The alphabet and the segment count live in gsm7.ts; the digest's callers read them here too.
export { gsm7Length, isGsm7, smsSegments, toGsm7 } from "./gsm7.ts";

/**
 * The morning digest: one phone message telling the founder who to email first, how many
 * follow-ups are due and who not to chase. It must arrive readable on any handset and cost at
 * most two SMS segments, so it is GSM-7 and counted in GSM-7 septets, unless a name it shows
 * has no Latin letters (山田太郎): then it is UCS-2 with names as written, when that fits two segments.
 */

export type DigestInvestor = {
  id: number;
  name: string;
  firm: string | null;
  score: number;
  action: RecommendedAction;
  relationship_status: string;
  signal_red_flag: string | null;
  last_contact_date?: string | null;
  hook_at?: string | null;
  action_since?: string | null;
};

export type Digest = {
  text: string;
  /** SMS segments the text costs, counted the way carriers split a concatenated message. */
  segments: number;
  /** Up to three names, in Today's order, as written in the digest (before any are cut for space). */
  emailFirst: string[];
  followUps: number;
  /** Up to three names, in Today's order (newest reason first), as written in the digest (before any are cut). */
  dontChase: string[];
};

/**
 * Two concatenated segments hold 2 × 153 = 306 septets. (A round "320" would already be three
 * segments, which the founder pays for every single morning.)
 */
export const DIGEST_MAX_SEPTETS = 2 * PART_SEPTETS_OF_SMS;

const NAME_MAX = 30;
const FIRM_MAX = 24;
const REASON_MAX = 28;
const NAMES_SHOWN = 3;

/** Statuses where the founder is already talking to the investor, so chasing is a real risk. */
const IN_CONVERSATION: ReadonlySet<string> = new Set(["contacted", "in_conversation", "meeting_scheduled", "due_diligence"]);

/**
 * The digest text for one morning. `date` (YYYY-MM-DD) becomes the prefix "Pipeline 22 Nov:".
 * Names are cut before counts: when space runs short we drop firms and reasons, then names
 * (saying "+N more"), but the numbers always stay exact.
 */
export function buildDigest(
  investors: DigestInvestor[],
  options: { date?: string; repliesWaiting?: number; newInvestors?: number; deckReaders?: number } = {},
): Digest {
  // The same lists, in the same order, as Today on the dashboard (docs/product.md#scoring-and-actions, #today-and-emailed).
  const today = orderToday(investors.map((investor) => ({ ...investor, score: comparableScore(investor) })));
  return composeDigest(
    {
      tracked: investors.length,
      emailFirst: today.email_first.slice(0, NAMES_SHOWN),
      emailFirstCount: today.email_first.length,
      followUps: today.follow_up.length,
      dontChase: today.dont_chase.slice(0, NAMES_SHOWN),
      dontChaseCount: today.dont_chase.length,
      repliesWaiting: options.repliesWaiting ?? 0,
      newInvestors: options.newInvestors ?? 0,
      deckReaders: options.deckReaders ?? 0,
    },
    options,
  );
}

/** What the digest names and counts: the first rows of Today's lists, in Today's order, and the totals. */
export type DigestLists = {
  tracked: number;
  emailFirst: DigestInvestor[];
  emailFirstCount: number;
  followUps: number;
  dontChase: DigestInvestor[];
  dontChaseCount: number;
  /** Investors whose latest email has no answer yet (mail capture, decision 014); said only when some are. */
  repliesWaiting?: number;
  /** The round's progress line (app/domain/round.ts, `roundProgressLine`), said right after the heading. */
  round?: string;
  /** Investors new on Discover this week (docs/product.md#discovery); said only when some are. */
  newInvestors?: number;
  /** Whose the follow-ups due are (decision 062): each owner's name and count, most first; "(Maren 18, Jonas 12)". */
  followUpOwners?: ReadonlyArray<{ name: string; count: number }>;
  /**
   * A member's own digest (decision 059): the follow-ups due of the investors they own, said first,
   * right after the heading; the team's lists follow. Absent in the team's digest.
   */
  yours?: { followUps: DigestInvestor[]; count: number };
  introsWaiting?: IntrosWaiting; // intros asked or agreed, waiting on the connector (decision 065)
  deckReaders?: number; // investors who read the deck in the last day (decision 068): "2 read your deck."
};

/** The digest from Today's lists as the database reads them (the first few rows and the counts), not the whole pipeline. */
export function composeDigest(lists: DigestLists, options: { date?: string } = {}): Digest {
  const heading = headingFor(options.date);
  if (lists.tracked === 0) return finish(`${heading} no investors yet.`, [], 0, []);
  const toEmail = lists.emailFirst;
  const followUps = lists.followUps;
  const notToChase = lists.dontChase;

  const counts = {
    emailFirst: lists.emailFirstCount,
    followUps,
    dontChase: lists.dontChaseCount,
    replies: lists.repliesWaiting ?? 0,
    newInvestors: lists.newInvestors ?? 0,
    owners: ownersOfFollowUps(lists.followUpOwners ?? [], followUps),
    yours: lists.yours?.count ?? null,
    intros: lists.introsWaiting,
    deckReaders: lists.deckReaders ?? 0,
  };
  const yours = lists.yours?.followUps ?? [];
  // One line of round progress (decision 031); names are cut before it, it before the budget.
  const round = lists.round ? roundSentence(lists.round) : "";
  const head = round ? `${heading} ${round}` : heading;
  const shown = [...yours.slice(0, NAMES_SHOWN), ...toEmail.slice(0, NAMES_SHOWN), ...notToChase.slice(0, NAMES_SHOWN)];

  // A name GSM-7 cannot write (山田太郎, 김민준) would read as its firm or "(name)": the message is
  // then written in UCS-2 with names as written, when that still fits two segments and names someone.
  const unwritable = shown.filter((investor) => !writesInGsm7(investor.name) && hasLetters(asWritten(investor.name)));
  if (unwritable.length > 0) {
    const lines = linesFor(toEmail, notToChase, asWritten, yours);
    const wanted = unwritable.map((investor) => displayName(investor, asWritten).text);
    for (const detail of DETAIL_LADDER) {
      const text = compose(head, lines, counts, detail);
      if (smsSegments(text) <= 2 && wanted.some((name) => text.includes(name))) {
        return finish(text, names(lines.email), followUps, names(lines.chase));
      }
    }
  }

  const lines = linesFor(toEmail, notToChase, toGsm7, yours);
  let text = "";
  for (const detail of DETAIL_LADDER) {
    text = compose(head, lines, counts, detail);
    if (gsm7Length(text) <= DIGEST_MAX_SEPTETS) break;
  }
  // The ladder's last rung is a few dozen characters; this only guards against a future edit.
  if (gsm7Length(text) > DIGEST_MAX_SEPTETS) text = `${text.slice(0, DIGEST_MAX_SEPTETS - 3)}...`;

  return finish(text, names(lines.email), followUps, names(lines.chase));
}

const names = (lines: Line[]) => lines.map((line) => line.name);

/** The lines the digest may name, with names, firms and reasons written by `write` (folded to GSM-7, or as written). */
function linesFor(toEmail: DigestInvestor[], notToChase: DigestInvestor[], write: (text: string) => string, yours: DigestInvestor[] = []) {
  const email: Line[] = toEmail.slice(0, NAMES_SHOWN).map((investor) => {
    const name = displayName(investor, write);
    const firm = truncate(write(investor.firm ?? ""), FIRM_MAX);
    // No "(Acme)" after a name that is already the firm's.
    return { name: name.text, detail: name.fromFirm || !hasWords(firm) ? null : firm };
  });
  const chase: Line[] = notToChase.slice(0, NAMES_SHOWN).map((investor) => ({
    name: displayName(investor, write).text,
    detail: chaseReason(investor, write),
  }));
  // A member's own follow-ups are named without their firm: the name is what they act on.
  const own: Line[] = yours.slice(0, NAMES_SHOWN).map((investor) => ({ name: displayName(investor, write).text, detail: null }));
  return { email, chase, own };
}

type Line = { name: string; detail: string | null };

const ROUND_MAX = 90;

/** "Round: $650k committed + $300k soft of $1.5M (63%); closes 15 Jan, 51 days." in GSM-7, capped. */
function roundSentence(line: string): string {
  // Signs GSM-7 lacks become their codes ("€300k" would read "EUR300k", "₹650k" lose its sign).
  const written = line.replace(/ · /g, "; ").replace(/€/g, "EUR ").replace(/₹/g, "INR ");
  return sentence(`Round: ${truncate(toGsm7(written), ROUND_MAX)}`);
}

/** How much of each list to write; tried richest first until the message fits. */
type Detail = { emailNames: number; emailFirms: boolean; chaseNames: number; chaseReasons: boolean; owners: boolean; ownNames: number };

const DETAIL_LADDER: Detail[] = [
  { ownNames: 3, emailNames: 3, emailFirms: true, chaseNames: 3, chaseReasons: true, owners: true },
  { ownNames: 3, emailNames: 3, emailFirms: true, chaseNames: 2, chaseReasons: true, owners: true },
  { ownNames: 3, emailNames: 3, emailFirms: true, chaseNames: 2, chaseReasons: false, owners: true },
  { ownNames: 3, emailNames: 3, emailFirms: false, chaseNames: 2, chaseReasons: true, owners: false },
  { ownNames: 3, emailNames: 3, emailFirms: false, chaseNames: 2, chaseReasons: false, owners: false },
  // A member's own digest gives up the team's names before their own.
  { ownNames: 3, emailNames: 1, emailFirms: false, chaseNames: 0, chaseReasons: false, owners: false },
  { ownNames: 2, emailNames: 0, emailFirms: false, chaseNames: 0, chaseReasons: false, owners: false },
  // With names capped at 30 characters the rungs above fit (about 250 at worst); the last one is
  // the floor should those caps ever grow.
  { ownNames: 0, emailNames: 0, emailFirms: false, chaseNames: 0, chaseReasons: false, owners: false },
];

/**
 * The follow-ups' owners by first name, at most three, and those nobody owns, so the numbers add
 * up: "Maren 18, Jonas 12, 3 unowned" (GSM-7), or "".
 */
function ownersOfFollowUps(owners: ReadonlyArray<{ name: string; count: number }>, total: number): string {
  if (owners.length === 0) return "";
  const named = owners.slice(0, 3).map((owner) => `${truncate(toGsm7(owner.name.trim().split(/\s+/)[0] ?? ""), 20)} ${owner.count}`);
  const others = owners.slice(3).reduce((sum, owner) => sum + owner.count, 0);
  const unowned = total - owners.reduce((sum, owner) => sum + owner.count, 0);
  if (others > 0) named.push(`${others} others'`);
  if (unowned > 0) named.push(`${unowned} unowned`);
  return named.join(", ");
}

function compose(
  heading: string,
  lines: { email: Line[]; chase: Line[]; own: Line[] },
  counts: {
    emailFirst: number;
    followUps: number;
    dontChase: number;
    replies: number;
    newInvestors: number;
    owners: string;
    yours: number | null;
    intros?: IntrosWaiting;
    deckReaders?: number;
  },
  detail: Detail,
): string {
  const emailLines = lines.email;
  const chaseLines = lines.chase;
  const parts = [heading];
  // A member's own digest says theirs first (decision 059): what they act on today.
  if (counts.yours !== null) {
    parts.push(
      counts.yours === 0
        ? "Your follow-ups: none due."
        : sentence(`Your follow-ups: ${nameList(lines.own, counts.yours, detail.ownNames, false)}`),
    );
  }
  parts.push(
    counts.emailFirst === 0
      ? "Email first: nobody today."
      : sentence(`Email first: ${nameList(emailLines, counts.emailFirst, detail.emailNames, detail.emailFirms)}`),
  );
  // The most valuable follow-up of all comes first among them, as on Today.
  if (counts.replies > 0) parts.push(`Replies waiting on you: ${counts.replies}.`);
  const whose = detail.owners && counts.owners ? ` (${counts.owners})` : "";
  parts.push(counts.followUps === 0 ? "No follow-ups due." : `Follow-ups due: ${counts.followUps}${whose}.`);
  // Who read the deck is among the follow-ups due (a read makes one): a count, never names, so it always fits.
  if (counts.deckReaders) parts.push(`${counts.deckReaders} read your deck.`);
  if (counts.intros?.count) parts.push(introsWaitingSentence(counts.intros, toGsm7, detail.owners));
  if (counts.dontChase > 0) {
    parts.push(sentence(`Don't chase: ${nameList(chaseLines, counts.dontChase, detail.chaseNames, detail.chaseReasons)}`));
  }
  if (counts.newInvestors > 0) parts.push(`New on Discover: ${counts.newInvestors}.`);
  return parts.join(" ");
}

/** A cut name already ends in "...", and "...." looks like a typo. */
function sentence(text: string): string {
  return text.endsWith("...") ? text : `${text}.`;
}

/** "Ada (Analytical), Grace +4 more", or just "6 investors" when no name fits. */
function nameList(lines: Line[], total: number, shown: number, withDetail: boolean): string {
  const written = lines.slice(0, shown).map((line) => (withDetail && line.detail ? `${line.name} (${line.detail})` : line.name));
  if (written.length === 0) return total === 1 ? "1 investor" : `${total} investors`;
  const rest = total - written.length;
  return rest > 0 ? `${written.join(", ")} +${rest} more` : written.join(", ");
}

function finish(text: string, emailFirst: string[], followUps: number, dontChase: string[]): Digest {
  return { text, segments: smsSegments(text), emailFirst, followUps, dontChase };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function headingFor(date: string | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  const day = match ? Number(match[3]) : 0;
  // A malformed date is not worth failing the morning message over.
  return month && day >= 1 && day <= 31 ? `Pipeline ${day} ${month}:` : "Pipeline digest:";
}

function hasRedFlag(investor: DigestInvestor): boolean {
  return (investor.signal_red_flag ?? "").trim() !== "";
}

function chaseReason(investor: DigestInvestor, write: (text: string) => string): string | null {
  const flag = hasRedFlag(investor) ? truncate(write(investor.signal_red_flag ?? ""), REASON_MAX) : "";
  if (hasWords(flag)) return flag;
  return IN_CONVERSATION.has(investor.relationship_status) ? investor.relationship_status.replaceAll("_", " ") : null;
}

/** A score the scorer could not compute (NaN) ranks last instead of scrambling the sort. */
function comparableScore(investor: DigestInvestor): number {
  return Number.isNaN(investor.score) ? Number.NEGATIVE_INFINITY : investor.score;
}

/**
 * A name that keeps no letters once written (all CJK folded to GSM-7, say, or "李小龍 2" leaving
 * only "2"; an emoji) would mean nothing on a phone screen: the firm stands in, then "(name)".
 */
function displayName(investor: DigestInvestor, write: (text: string) => string): { text: string; fromFirm: boolean } {
  const name = truncate(write(investor.name), NAME_MAX);
  if (hasLetters(name)) return { text: name, fromFirm: false };
  const firm = truncate(write(investor.firm ?? ""), NAME_MAX);
  return hasWords(firm) ? { text: firm, fromFirm: true } : { text: "(name)", fromFirm: false };
}

/** Text left with only punctuation ("-" from "—") says nothing worth its characters. */
function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

function hasLetters(text: string): boolean {
  return /\p{L}/u.test(text);
}

/** Whether GSM-7 writes the name as it is ("Ψ" is GSM-7: it never asks for UCS-2), or keeps a letter folded. */
function writesInGsm7(name: string): boolean {
  return isGsm7(asWritten(name)) || /[A-Za-z]/.test(toGsm7(name));
}

/**
 * Text as written, for a digest sent in UCS-2: control and format characters dropped (a joined
 * emoji falls apart, which is still readable), every run of whitespace made one space.
 */
export function asWritten(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
}

/** Cut at a word when one ends late enough, so "Alexandra Ocasio-Cortez..." not "Alexandra Oc...". */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 3).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space >= max / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}
