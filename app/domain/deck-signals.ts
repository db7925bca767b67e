/**
 * What a deck link's views say about an investor (docs/product.md#deck-signals, decision 068), and
 * the follow-up they make due. Pure: pass the facts (db/queries/deck-signals.server.ts reads them)
 * and today's date.
 *
 * - A **view** is a visit to the investor's link by a person; a link-preview bot's visit (Slack,
 *   Outlook's scanner…) is never a view, it is counted apart as a preview.
 * - A **read** is a view of at least READ_MIN_SECONDS, or of READ_MIN_PAGES pages or more: a
 *   visit shorter than that on one page is someone who opened the link and closed it.
 * - Three follow-ups, none for an investor who passed, is not a fit or is already in the round:
 *   a read after the last contact is due today; a view (any) after the last contact with nothing
 *   logged for OPENED_NUDGE_DAYS is a nudge; a link sent UNOPENED_NUDGE_DAYS ago and never viewed
 *   asks the founder to check it arrived. A contact dated on or after the view's day clears the
 *   first two (acting clears what is due, decision 053); one after the sending restarts the third's
 *   clock.
 */

import type { RelationshipStatus } from "./vocabulary.ts";

/** A view this long (seconds, in all) is a read. */
export const READ_MIN_SECONDS = 20;
/** A view of this many pages is a read, however quick. */
export const READ_MIN_PAGES = 2;
/** Days after a view with no contact logged since: a nudge. */
export const OPENED_NUDGE_DAYS = 3;
/** Days after the link was sent with no view at all: "check it arrived". */
export const UNOPENED_NUDGE_DAYS = 5;

/** One view as the signals read it. */
export type DeckViewFacts = {
  /** ISO timestamp the view started. */
  startedAt: string;
  seconds: number;
  pages: number;
  /** The page the view spent the most seconds on (null when the viewer's script sent no page times). */
  topPage: number | null;
  /** That page's title ("Financials"), when the renderer read one. */
  topTitle: string | null;
  /** A new address group and device after the first view: possibly forwarded. */
  forwarded: boolean;
};

/** An investor's deck link and its views, as the follow-up rules and the pages read them. */
export type DeckFacts = {
  /** The investor's firm, which the follow-up names ("Ana Berg at Northzone read your deck…"). */
  firm: string | null;
  /** YYYY-MM-DD the link was sent: its sent_at, else the first contact logged on or after the day it was made; null when neither. */
  sentOn: string | null;
  /** Views by people (bots apart) on the investor's links. */
  views: number;
  /** Of them, reads (READ_MIN_SECONDS or READ_MIN_PAGES). */
  reads: number;
  totalSeconds: number;
  /** Link-preview bots' visits: never a view. */
  previews: number;
  /** Any view possibly forwarded. */
  forwarded: boolean;
  /** The newest view, and the newest read (the same view when it was one). */
  latestView: DeckViewFacts | null;
  latestRead: DeckViewFacts | null;
};

export type DeckFollowUp =
  /** Read after the last contact: follow up today. */
  | { kind: "deck_read"; read: DeckViewFacts; days: number }
  /** Opened after the last contact and nothing logged for OPENED_NUDGE_DAYS or more. */
  | { kind: "deck_unanswered"; view: DeckViewFacts; days: number }
  /** Sent `days` ago (UNOPENED_NUDGE_DAYS or more) and never opened. */
  | { kind: "deck_unopened"; sentOn: string; days: number };

/** Statuses never chased by a deck signal: out of the round, or already in it. */
const NEVER: ReadonlySet<RelationshipStatus> = new Set(["passed", "not_a_fit", "soft_committed", "committed"]);

/** Is this view a read (docs/product.md#deck-signals)? */
export function isRead(view: { seconds: number; pages: number }): boolean {
  return view.seconds >= READ_MIN_SECONDS || view.pages >= READ_MIN_PAGES;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A contact dated on or after the view's day acted on it (contacts are dated by the day). */
function answered(view: DeckViewFacts, lastContact: string | null): boolean {
  return lastContact !== null && lastContact >= view.startedAt.slice(0, 10);
}

/**
 * The follow-up the deck makes due for an investor at `today` (YYYY-MM-DD), or null. The read
 * comes first (the freshest reason to write), then the unanswered view, then the unopened link.
 */
export function deckFollowUp(
  deck: DeckFacts | null | undefined,
  status: RelationshipStatus,
  lastContact: string | null,
  today: string,
): DeckFollowUp | null {
  if (!deck || NEVER.has(status)) return null;
  const { latestRead, latestView } = deck;
  if (latestRead && !answered(latestRead, lastContact)) {
    return { kind: "deck_read", read: latestRead, days: Math.max(0, daysBetween(latestRead.startedAt.slice(0, 10), today)) };
  }
  if (latestView && !answered(latestView, lastContact)) {
    const days = daysBetween(latestView.startedAt.slice(0, 10), today);
    return days >= OPENED_NUDGE_DAYS ? { kind: "deck_unanswered", view: latestView, days } : null;
  }
  if (deck.views === 0 && deck.sentOn) {
    // A contact after the sending (the founder asked whether it arrived) restarts the clock.
    const from = lastContact && lastContact > deck.sentOn ? lastContact : deck.sentOn;
    const days = daysBetween(from, today);
    if (days >= UNOPENED_NUDGE_DAYS) return { kind: "deck_unopened", sentOn: deck.sentOn, days: daysBetween(deck.sentOn, today) };
  }
  return null;
}

/** "6 min", "45 s", "1 h 5 min": how long a view lasted. */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/** "Financials", else "page 7"; null when the view recorded no page times. */
export function longestPageText(view: Pick<DeckViewFacts, "topPage" | "topTitle">): string | null {
  if (view.topTitle) return view.topTitle;
  return view.topPage === null ? null : `page ${view.topPage}`;
}

function agoText(days: number): string {
  if (days <= 0) return "today";
  return days === 1 ? "yesterday" : `${days} days ago`;
}

/** "Ana Berg at Northzone", "Ana Berg". */
function who(name: string | null | undefined, firm: string | null | undefined): string {
  const person = name?.trim() || "They";
  const at = firm?.trim();
  return at && at !== person ? `${person} at ${at}` : person;
}

/** The follow-up's reason, in the founder's words (Today's line, the digest, the drafts). */
export function deckFollowUpText(due: DeckFollowUp, investor: { name?: string | null; deck?: { firm: string | null } | null }): string {
  const name = who(investor.name, investor.deck?.firm);
  switch (due.kind) {
    case "deck_read": {
      const longest = longestPageText(due.read);
      const how = `${durationText(due.read.seconds)}${longest ? `, longest on ${longest}` : ""}`;
      const forwarded = due.read.forwarded ? " (possibly forwarded: a new device in a new place)" : "";
      return `${name} read your deck ${agoText(due.days)}${forwarded}: ${how} — follow up today.`;
    }
    case "deck_unanswered":
      return `${name} opened your deck ${agoText(due.days)} and nothing since — send a short nudge.`;
    case "deck_unopened":
      return `You sent ${name} your deck ${agoText(due.days)}, not opened yet — check it arrived.`;
  }
}

/**
 * A view as the investor's timeline lists it: "Read the deck: 6 min over 12 pages, longest on
 * Financials", "Opened the deck: 8 s on 1 page", a preview bot's visit "not a read".
 */
export function deckViewEventText(view: {
  seconds: number;
  pages: number;
  topPage: number | null;
  topTitle: string | null;
  bot: string | null;
  forwarded: boolean;
}): string {
  if (view.bot) return `Link preview by ${view.bot}: not a read.`;
  const pages = `${view.pages} ${view.pages === 1 ? "page" : "pages"}`;
  const longest = longestPageText(view);
  const head = isRead(view)
    ? `Read the deck: ${durationText(view.seconds)} over ${pages}${longest && view.pages > 1 ? `, longest on ${longest}` : ""}`
    : `Opened the deck: ${durationText(view.seconds)} on ${pages}, not a read`;
  return `${head}${view.forwarded ? " (possibly forwarded)" : ""}.`;
}
