/**
 * Warm intros (docs/product.md#warm-intros, decision 065): the people who can introduce the team to
 * an investor, the paths they make, and an introduction asked for and followed. Pure: no I/O.
 *
 * A path says who (a person, or a member for the team's own direct mail with the investor), through
 * whom (the member who knows the person), where the app learned it (the founder's sheet, a member
 * by hand, the mail headers) and, for mail, how strong it is, with the evidence in words.
 */

/** Where the app learned a path. A sheet's or a member's word is believed as said; mail is measured. */
export const INTRO_SOURCES = ["import", "manual", "mail"] as const;
export type IntroSource = (typeof INTRO_SOURCES)[number];

/** How well a path's person knows the investor, measured from mail (docs/product.md#warm-intros). */
export const PATH_TIERS = ["strong", "moderate", "weak"] as const;
export type PathTier = (typeof PATH_TIERS)[number];

/**
 * An introduction's own state, moved by a member: to ask → asked (a date) → agreed → introduced, or
 * declined. Any state may follow any other (a founder corrects a slip); the date asked stays with
 * the path until it is asked again.
 */
export const INTRO_STATES = ["to_ask", "asked", "agreed", "introduced", "declined"] as const;
export type IntroState = (typeof INTRO_STATES)[number];

export const INTRO_STATE_LABELS: Record<IntroState, string> = {
  to_ask: "To ask",
  asked: "Asked",
  agreed: "Agreed",
  introduced: "Introduced",
  declined: "Declined",
};

/** Asked and no answer for this many days: a follow-up due to the connector. */
export const INTRO_NUDGE_DAYS = 5;

/** States in which the intro is waiting on the connector (the digest counts these). */
export const INTRO_WAITING_STATES: ReadonlySet<IntroState> = new Set(["asked", "agreed"]);

/** What the mail said about a pair: the evidence a mail path is shown with. */
export type MailEvidence = {
  /** The investor-side address the person shared threads with. */
  address: string;
  threads: number;
  /** Messages each side wrote on threads the other was on. */
  personWrote: number;
  otherWrote: number;
  /** YYYY-MM-DD of the newest message between them. */
  lastAt: string;
};

/** A path as pages and the API read it. */
export type IntroPath = {
  id: number;
  investor_id: number;
  /** The connector; null when the path is a member's own mail with the investor (direct). */
  person: { id: number; name: string; organisation: string | null; emails: string[] } | null;
  /** Through whom: the member who knows the person, or whose own mail it is. */
  member: { id: number; name: string } | null;
  source: IntroSource;
  tier: PathTier | null;
  /** Why the app believes it, in words ("Lena and jan@northzone.com were on 3 threads, last 12 Oct, both wrote"). */
  evidence: string;
  state: IntroState;
  /** YYYY-MM-DD when it was last asked for; null when never. */
  asked_on: string | null;
  state_at: string | null;
  state_by: string | null;
};

/** A person's name as it is kept: NFKC, no control or format characters, spaces collapsed, at most 120 characters. */
export function cleanPersonName(raw: string): string {
  return cleanIntroText(raw.normalize("NFKC"), 120);
}

/**
 * A person-provided text kept beside a path (a name, the sheet's words): no control or format
 * characters (bidi overrides, zero-width marks: what is shown reads as what is kept), spaces
 * collapsed, at most `max` UTF-16 units and never half an emoji (a cut surrogate pair is dropped).
 */
export function cleanIntroText(raw: string, max: number): string {
  const text = raw
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max).trimEnd();
}

/** The key two spellings of one person share: case and accents ignored. */
export function personNameKey(name: string): string {
  return cleanPersonName(name)
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
}

/** "Ask Erik for an intro to Kristin Lund (Fjord Climate)": a person's first name, as founders write to them. */
export function firstName(name: string): string {
  return cleanPersonName(name).split(" ")[0] ?? name;
}

/** Whether an intro asked on `askedOn` with no answer is due a nudge at `today` (both YYYY-MM-DD). */
export function introNudgeDue(state: IntroState, askedOn: string | null, today: string): boolean {
  if (state !== "asked" || askedOn === null) return false;
  return daysBetween(askedOn, today) >= INTRO_NUDGE_DAYS;
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
