import { INTRO_NUDGE_DAYS, type IntroSource, type IntroState, type PathTier, daysBetween, firstName } from "./intros.ts";
import type { RelationshipStatus } from "./vocabulary.ts";

/**
 * Warm paths where the founder looks (docs/product.md#where-the-founder-looks, decision 065): the
 * one path in hand for an investor, as Today, the ranking, the follow-ups, the chat and the digest
 * read it. Pure: no database, no clock (pass the day).
 */

/** The path in hand for an investor (bestPathSql in db/queries/warm-paths.server.ts picks it, in PATH_ORDER). */
export type WarmPath = {
  path_id: number;
  /** The connector's name; null for a member's own mail with the investor (a direct path). */
  person: string | null;
  /** The member through whom: who knows the person, or whose own mail it is. */
  member: string | null;
  source: IntroSource;
  tier: PathTier | null;
  evidence: string;
  state: IntroState;
  /** YYYY-MM-DD when it was last asked for. */
  asked_on: string | null;
};

/**
 * Which path is in hand when an investor has several: an intro under way (asked or agreed) before
 * one made (introduced), before one still to ask; then the strongest (strong, moderate, the
 * sheet's or a member's word, weak); then the oldest. Declined paths are never in hand.
 */
export const LIVE_PATH_STATES: readonly IntroState[] = ["asked", "agreed", "introduced", "to_ask"];

/**
 * Whose paths drive the advice: investors not contacted yet, and those whose intro the founder
 * already calls requested. Once contacted, the conversation's own rules take over.
 */
const PATH_STATUSES: ReadonlySet<RelationshipStatus> = new Set(["not_contacted", "researching", "intro_requested"]);

export function pathsMatter(status: RelationshipStatus): boolean {
  return PATH_STATUSES.has(status);
}

/** A path's strength as the founder reads it: mail's measured tier, else "word" (the sheet's or a member's). */
export type PathStrength = PathTier | "word";

export function pathStrength(path: Pick<WarmPath, "tier">): PathStrength {
  return path.tier ?? "word";
}

/** Strongest first: the sheet's or a member's word is believed as said, between moderate and weak mail. */
export const PATH_STRENGTH_ORDER: readonly PathStrength[] = ["strong", "moderate", "word", "weak"];

/**
 * Points a path adds to the relationship part of the score of an investor not yet contacted
 * (docs/product.md#scoring-and-actions): on top of "not contacted" (8 of 20), a strong path is
 * worth nearly what a first contact is (10), a sheet's word as much as moderate mail (the founder
 * wrote it down because she trusts it), a weak path a little. 8 + 6 = 14 stays under a conversation (15).
 */
export const PATH_CREDIT: Record<PathStrength, number> = { strong: 6, moderate: 4, word: 4, weak: 2 };

/**
 * Today's tie-break "a warm path" (EMAIL_FIRST_ORDER's `warm`), graded: a stronger path before a
 * weaker one, any path before mail alone (a member wrote with them but no path was measured), mail
 * before nothing. Today's SQL computes the same number (warmSql in db/queries/warm-paths.server.ts).
 */
export const WARM_RANK: Record<PathStrength | "mail", number> = { strong: 5, moderate: 4, word: 4, weak: 3, mail: 1 };

export function warmRank(path: Pick<WarmPath, "tier"> | null | undefined, hasMail: boolean): number {
  if (path) return WARM_RANK[pathStrength(path)];
  return hasMail ? WARM_RANK.mail : 0;
}

/** States that credit the ranking: any but declined. */
function credits(path: WarmPath | null | undefined): path is WarmPath {
  return path != null && path.state !== "declined";
}

/** The relationship points a path adds for an investor not yet contacted; 0 with none. */
export function pathCredit(path: WarmPath | null | undefined): number {
  return credits(path) ? PATH_CREDIT[pathStrength(path)] : 0;
}

const STRENGTH_WORDS: Record<PathStrength, string> = {
  strong: "a strong path",
  moderate: "a moderate path",
  word: "a path",
  weak: "a weak path",
};

/** "a strong path through Erik", "a path through Erik (your sheet)", "a strong path: Lena's own mail with them". */
export function pathWords(path: WarmPath): string {
  const strength = STRENGTH_WORDS[pathStrength(path)];
  if (path.person === null) return `${strength}: ${path.member ? `${firstName(path.member)}'s` : "your"} own mail with them`;
  const said = path.tier === null ? (path.source === "import" ? " (your sheet)" : " (a member's word)") : "";
  return `${strength} through ${firstName(path.person)}${said}`;
}

/**
 * The evidence line under Today's row: how strong, who knows whom, and why the app believes it
 * ("Strong path · Lena knows Erik · Erik and kristin@fjord.vc were on 3 threads, last 12 Oct, both wrote").
 */
export function pathEvidenceLine(path: WarmPath): string {
  const strength = path.tier
    ? `${path.tier[0]!.toUpperCase()}${path.tier.slice(1)} path`
    : path.source === "import"
      ? "From your sheet"
      : "A member's word";
  const knows = path.person && path.member ? `${firstName(path.member)} knows ${firstName(path.person)}` : null;
  const evidence = path.evidence.replace(/\s+/g, " ").trim();
  return [strength, knows, evidence || null].filter((part): part is string => part !== null).join(" · ");
}

/** Whether Today's email-first row is an ask: a connector to ask, and nothing asked yet. */
export function isAsk(path: WarmPath | null | undefined): path is WarmPath & { person: string } {
  return path != null && path.person !== null && path.state === "to_ask";
}

/** "Ask Erik for an intro to Kristin Lund (Fjord Climate)": the firm when it is not the name. */
export function askLine(path: WarmPath & { person: string }, investor: { name: string; firm?: string | null }): string {
  const firm = investor.firm && investor.firm !== investor.name ? ` (${investor.firm})` : "";
  return `Ask ${firstName(path.person)} for an intro to ${investor.name}${firm}`;
}

/** An intro asked and not yet made: asked, or agreed and not yet introduced. Only a connector's. */
export function introWaiting(path: WarmPath | null | undefined): path is WarmPath & { person: string } {
  return path != null && path.person !== null && (path.state === "asked" || path.state === "agreed");
}

/** Days since the intro was asked, on `today` (YYYY-MM-DD); null when never asked. */
export function daysAsked(path: Pick<WarmPath, "asked_on">, today: string): number | null {
  return path.asked_on === null ? null : Math.max(0, daysBetween(path.asked_on, today));
}

/**
 * The nudge (decision 065): an intro asked and unanswered for INTRO_NUDGE_DAYS is a follow-up due
 * to the connector. Agreed, introduced and declined are answers: never nudged.
 */
export function nudgeDue(path: WarmPath | null | undefined, today: string): { person: string; days: number } | null {
  if (!introWaiting(path) || path.state !== "asked") return null;
  const days = daysAsked(path, today);
  return days !== null && days >= INTRO_NUDGE_DAYS ? { person: path.person, days } : null;
}

function agoText(days: number): string {
  if (days <= 0) return "today";
  return days === 1 ? "yesterday" : `${days} days ago`;
}

/** "Nudge Erik about the intro to Kristin Lund you asked for 6 days ago." */
export function nudgeText(due: { person: string; days: number }, investorName: string | null | undefined): string {
  return `Nudge ${firstName(due.person)} about the intro to ${investorName?.trim() || "them"} you asked for ${agoText(due.days)}.`;
}

/**
 * Why an investor waits on a connector: "Asked Erik for the intro 2 days ago: wait for the answer.
 * Nudge in 3 days." or "Erik agreed to introduce you: wait for the introduction."
 */
export function waitingText(path: WarmPath & { person: string }, today: string): string {
  const who = firstName(path.person);
  if (path.state === "agreed") return `${who} agreed to introduce you: wait for the introduction.`;
  const days = daysAsked(path, today) ?? 0;
  const left = INTRO_NUDGE_DAYS - days;
  return `Asked ${who} for the intro ${agoText(days)}: wait for the answer. Nudge in ${left} ${left === 1 ? "day" : "days"}.`;
}

/** The day of `now` as the app's clock says it (UTC), YYYY-MM-DD. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}
