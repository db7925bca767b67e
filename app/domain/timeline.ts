import { z } from "zod";
import { deckViewEventText } from "./deck-signals.ts";
import { type ActivityEntry, type ActivityKind, SYSTEM_ACTOR_NAMES, type SystemActor, activitySentence, withArticle } from "./people.ts";

/**
 * The activity in words (decision 061): the investor page's timeline, merged with the contact
 * history, and Today's "Since you last looked". Pure: rows, names and `now` come in, lines go out.
 */

/** An activity row as the readers here need it (db/queries/activity.server.ts reads them). */
export type ActivityRecord = {
  id: number;
  at: string;
  actorMemberId: number | null;
  actorSystem: string | null;
  investorId: number | null;
  subject: string;
  kind: ActivityKind;
  detail: Record<string, unknown>;
};

/** A contact history row: what the timeline shows beside the activity. */
export type ContactRecord = { id: number; date: string | null; channel: string | null; note: string; createdAt: string };

/** A visit to the investor's deck link (decision 068): a read, a glance, or a preview bot's, said apart. */
export type DeckViewRecord = {
  id: number;
  startedAt: string;
  seconds: number;
  pages: number;
  topPage: number | null;
  topTitle: string | null;
  bot: string | null;
  forwarded: boolean;
};

/** One line of a timeline or of "Since you last looked". */
export type TimelineLine = {
  key: string;
  at: string;
  /** "2 h ago", computed on the server with the request's clock. */
  ago: string;
  text: string;
  investorId: number | null;
};

/** The most lines the investor page's timeline shows (the newest). */
export const TIMELINE_LINES = 30;

/** The most lines "Since you last looked" shows on Today. */
export const SINCE_LOOKED_LINES = 5;

/** Who an activity row is by, in words: a member's name, a named system actor, or a member since gone. */
export function actorOf(row: Pick<ActivityRecord, "actorMemberId" | "actorSystem">, names: ReadonlyMap<number, string>): string {
  if (row.actorMemberId !== null) return names.get(row.actorMemberId) ?? "A former member";
  return SYSTEM_ACTOR_NAMES[row.actorSystem as SystemActor] ?? "The app";
}

/** An activity row as one sentence: "Jonas moved Fjord Climate to Due diligence". */
export function rowSentence(row: ActivityRecord, names: ReadonlyMap<number, string>): string {
  const entry: ActivityEntry = { kind: row.kind, detail: row.detail };
  // What a refresh found reads as the issue says it: "Refresh found: led a €4M seed in Oslo".
  if (row.kind === "refresh_found" && row.actorSystem === "refresh") return `Refresh found: ${String(row.detail.summary ?? "news")}`;
  return activitySentence(entry, actorOf(row, names), row.subject, { member: (id) => names.get(id) });
}

/** How long ago `at` was, as a person says it: "just now", "5 min ago", "2 h ago", "yesterday", "3 days ago", else the date. */
export function relativeTime(at: string, now: Date): string {
  const ms = now.getTime() - Date.parse(at);
  if (!Number.isFinite(ms)) return "";
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return "yesterday";
  if (days < 14) return `${days} days ago`;
  return at.slice(0, 10);
}

function contactText(contact: ContactRecord): string {
  const what = contact.channel ? withArticle(contact.channel).replace(/^a/, "A") : "A contact";
  const when = contact.date ? ` on ${contact.date}` : "";
  const note = contact.note.replace(/\s+/g, " ").trim();
  return `${what}${when}${note ? `: ${note.length > 120 ? `${note.slice(0, 119)}…` : note}` : ""}`;
}

/**
 * One press, one line: a contact logged with a date moves the last contact date in the same
 * change ("Emailed" records both), and a line saying so beside "Jonas logged an email…" says it
 * twice. The last-contact row is dropped when the same actor's contact of that date, for the same
 * investor, was recorded at the same instant; a last contact set on its own still shows.
 */
export function withoutEchoes<Row extends ActivityRecord>(rows: readonly Row[]): Row[] {
  const said = new Set<string>();
  const key = (row: ActivityRecord, date: unknown) =>
    `${row.at}\u0000${row.actorMemberId ?? row.actorSystem}\u0000${row.investorId}\u0000${String(date ?? "")}`;
  for (const row of rows) if (row.kind === "contact" && row.detail.date) said.add(key(row, row.detail.date));
  return rows.filter((row) => {
    if (row.kind !== "last_contact") return true;
    const to = row.detail.to as { lastContactDate?: unknown } | undefined;
    return !said.has(key(row, to?.lastContactDate));
  });
}

const contactKey = (date: unknown, channel: unknown, note: unknown) => `${date ?? ""}\u0000${channel ?? ""}\u0000${note ?? ""}`;

/**
 * An investor's timeline: its activity and its contact history in one list, newest first, at most
 * `limit` lines. A contact logged in the app is in both (its activity entry says who logged it):
 * it shows once, as the activity's sentence; contacts from an import or from before the team show
 * as they are. The deck's visits are lines of their own ("Read the deck: 6 min over 12 pages…").
 */
export function investorTimeline(
  rows: readonly ActivityRecord[],
  contacts: readonly ContactRecord[],
  names: ReadonlyMap<number, string>,
  now: Date,
  limit = TIMELINE_LINES,
  views: readonly DeckViewRecord[] = [],
): TimelineLine[] {
  const logged = new Map<string, number>();
  for (const row of rows) {
    if (row.kind !== "contact") continue;
    const key = contactKey(row.detail.date, row.detail.channel, row.detail.note);
    logged.set(key, (logged.get(key) ?? 0) + 1);
  }
  const lines: TimelineLine[] = withoutEchoes(rows).map((row) => ({
    key: `a${row.id}`,
    at: row.at,
    ago: relativeTime(row.at, now),
    text: rowSentence(row, names),
    investorId: row.investorId,
  }));
  for (const contact of contacts) {
    const key = contactKey(contact.date, contact.channel, contact.note);
    const seen = logged.get(key) ?? 0;
    if (seen > 0) {
      logged.set(key, seen - 1);
      continue;
    }
    lines.push({
      key: `c${contact.id}`,
      at: contact.createdAt,
      ago: relativeTime(contact.createdAt, now),
      text: contactText(contact),
      investorId: null,
    });
  }
  for (const view of views) {
    lines.push({
      key: `v${view.id}`,
      at: view.startedAt,
      ago: relativeTime(view.startedAt, now),
      text: deckViewEventText(view),
      investorId: null,
    });
  }
  // Newest first; at the same instant the activity, then the contacts, then the deck's visits, each the newest (highest id) first.
  const order = (line: TimelineLine) => (line.key.startsWith("a") ? 0 : line.key.startsWith("c") ? 1 : 2);
  const id = (line: TimelineLine) => Number(line.key.slice(1));
  return lines
    .sort((a, b) => (a.at !== b.at ? (a.at < b.at ? 1 : -1) : order(a) !== order(b) ? order(a) - order(b) : id(b) - id(a)))
    .slice(0, limit);
}

/**
 * "Since you last looked": the others' rows (newest first, as read) as lines, each linking to its
 * investor while it is still there (`present`: a deleted or merged-away investor's line is words only).
 */
export function sinceLookedLines(
  rows: readonly ActivityRecord[],
  names: ReadonlyMap<number, string>,
  now: Date,
  present: (investorId: number) => boolean = () => true,
): TimelineLine[] {
  return withoutEchoes(rows)
    .slice(0, SINCE_LOOKED_LINES)
    .map((row) => ({
      key: `a${row.id}`,
      at: row.at,
      ago: relativeTime(row.at, now),
      text: rowSentence(row, names),
      investorId: row.investorId !== null && present(row.investorId) ? row.investorId : null,
    }));
}

/** The most rows one `GET /api/activity` or `GET /api/investors/:id/activity` answers. */
export const ACTIVITY_PAGE_MAX = 200;

const count = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "a whole number")
    .transform(Number)
    .pipe(z.number().int().min(0).max(max))
    .optional()
    .transform((value) => value ?? fallback);

/** `GET /api/activity`'s query: `after` (an id, 0 for the start) and `limit` (1–200, 50 when absent). */
export const activityQuerySchema = z.strictObject({
  after: count(Number.MAX_SAFE_INTEGER, 0),
  limit: count(ACTIVITY_PAGE_MAX, 50).pipe(z.number().min(1)),
});

/** `GET /api/investors/:id/activity`'s query: `before` (an id: the next page, older) and `limit`. */
export const investorActivityQuerySchema = z.strictObject({
  before: count(Number.MAX_SAFE_INTEGER, 0),
  limit: count(ACTIVITY_PAGE_MAX, 50).pipe(z.number().min(1)),
});
