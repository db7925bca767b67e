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
  name?: string;
  /** The profile fit 0–100 (signal_fit): the first tie-break after the score. */
  fit?: number | null;
  /** A warm path, graded (warmRank in app/domain/warm-path.ts): the strongest live intro path, else mail with them, else 0. */
  warm?: number | null;
  /** How close their cheque is to the one asked for, 0–100 (fit_cheque). */
  cheque?: number | null;
};

/**
 * Email first's order, declared once: the score, then the fit degree, fresh news, a warm path,
 * cheque closeness, the name, the oldest record (docs/product.md#scoring-and-actions). The
 * comparator below and Today's SQL (db/queries/today.server.ts) both read this list, and
 * tieBreakText says which key put a row ahead of one with the same score (none for the name or
 * the record: those are arbitrary to a founder).
 */
export const EMAIL_FIRST_ORDER = [
  { key: "score", desc: true, ahead: "" },
  { key: "fit", desc: true, ahead: "a closer fit" },
  { key: "hook_at", desc: true, ahead: "fresher news" },
  { key: "warm", desc: true, ahead: "a warm path" },
  { key: "cheque", desc: true, ahead: "a cheque closer to your ask" },
  // The name and the record's age order the list but tell a founder nothing: no note for them.
  { key: "name", desc: false, ahead: "" },
  { key: "id", desc: false, ahead: "" },
] as const satisfies ReadonlyArray<{ key: keyof TodayInvestor; desc: boolean; ahead: string }>;

/**
 * The name as the order reads it: case and accents ignored ("Simsan" before "SIX Fintech", "d.ventures"
 * before "MARC Group", "Émile" beside "Emile"). Today's SQL calls this same function as `name_key()`
 * (registered on every connection by db/database.server.ts), so the two orders cannot drift.
 */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
}

type OrderKey = (typeof EMAIL_FIRST_ORDER)[number]["key"];

function orderValue(row: TodayInvestor, key: OrderKey): string | number | null {
  const value = row[key] ?? null;
  return key === "name" && typeof value === "string" ? nameKey(value) : value;
}

/**
 * Text by code point, as SQLite's default collation compares UTF-8 bytes. JavaScript's `<` compares
 * UTF-16 units, which put a character past U+FFFF ("𝐀") before one in U+E000–U+FFFF ("Ｚ").
 */
function compareText(x: string, y: string): number {
  for (let i = 0; i < x.length && i < y.length; ) {
    const a = x.codePointAt(i)!;
    const b = y.codePointAt(i)!;
    if (a !== b) return a < b ? -1 : 1;
    i += a > 0xffff ? 2 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

/** One key's order: nulls last either way; numbers by value, text by code point (as SQLite's default collation). */
function compareKey(a: TodayInvestor, b: TodayInvestor, key: OrderKey, desc: boolean): number {
  const x = orderValue(a, key);
  const y = orderValue(b, key);
  if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
  const order = typeof x === "string" && typeof y === "string" ? compareText(x, y) : x < y ? -1 : x > y ? 1 : 0;
  return desc ? -order : order;
}

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

/** Email first, in EMAIL_FIRST_ORDER. */
export function byEmailFirstOrder(a: TodayInvestor, b: TodayInvestor): number {
  for (const { key, desc } of EMAIL_FIRST_ORDER) {
    const order = compareKey(a, b, key, desc);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * Why `ahead` comes before `behind` when both show the same score ("Same score as Copper Seed;
 * ahead on a cheque closer to your ask"), else null: also null when only the name or the record
 * tells them apart (11 of 19 notes on a real list said "ahead on name order", which says nothing).
 */
export function tieBreakText(ahead: TodayInvestor, behind: TodayInvestor): string | null {
  if (ahead.score !== behind.score) return null;
  for (const { key, desc, ahead: words } of EMAIL_FIRST_ORDER) {
    if (key === "score") continue;
    if (compareKey(ahead, behind, key, desc) !== 0) return words ? `ahead on ${words}` : null;
  }
  return null;
}

/**
 * Follow-ups: the founder's own next steps first, the longest overdue first (a follow-up with a
 * next step date has it due: a later one holds the follow-up back); then most days overdue. Every
 * other row here has passed the same follow-up delay, so the oldest last contact is the most
 * overdue; then the better score; then the name.
 */
export function byFollowUpOrder(a: TodayInvestor, b: TodayInvestor): number {
  return (
    textAsc(a.next_step_date, b.next_step_date) ||
    textAsc(a.last_contact_date, b.last_contact_date) ||
    b.score - a.score ||
    compareKey(a, b, "name", false) ||
    a.id - b.id
  );
}

/**
 * Don't chase: the newest reason first, by day (a fresh red flag matters more than an old pass; an
 * import sets the rows of one file a few milliseconds apart, which is not newer to a founder), then
 * the more tempting, then the name.
 */
export function byDontChaseOrder(a: TodayInvestor, b: TodayInvestor): number {
  return (
    textDesc(a.action_since?.slice(0, 10), b.action_since?.slice(0, 10)) ||
    b.score - a.score ||
    compareKey(a, b, "name", false) ||
    a.id - b.id
  );
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
