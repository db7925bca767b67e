import { unavailableWords } from "./service-state.ts";

/**
 * Why a good fit under the email-first line waits, in the founder's words, from the score's own
 * parts (docs/product.md#scoring-and-actions): the news a refresh has not found yet, a part of
 * their profile that is off. Pure; imports neither the scoring nor the rubric (they import it).
 */

/** One part of a score as the reason reads it: the points it could still add, its match 0–1, its sentence. */
export type ScorePart = {
  key: string;
  lost: number;
  value: number;
  state: "match" | "partial" | "miss" | "unknown" | "any";
  detail: string;
};

/** What is known of the news: whether anything looked (a refresh, saved news), and whether a refresh can run (undefined: not known). */
export type NewsLook = { checked: boolean; refresh?: boolean };

const PROFILE_NAMES: Record<string, string> = { sector: "sector", stage: "stage", geography: "geography", check_size: "cheque" };
const NEWS_KEYS = new Set(["activity", "evidence_relevance"]);
/** Below this a profile part is off (the fit's sentence lists it after what fits, decision 029's degrees). */
const WEAK_MATCH = 0.5;
/** Points a part must be able to add before it is named: less is no reason. */
const MIN_LOST = 1;

function lowerFirst(text: string): string {
  return /^[A-Z](?=[a-z ])/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function newsClause(parts: readonly ScorePart[], look: NewsLook): string {
  if (!look.checked && parts.every((part) => part.state === "unknown")) {
    const nothing = "waits for news: nothing found yet about what they did lately";
    if (look.refresh === true) return `${nothing} (a refresh looks for it)`;
    if (look.refresh === false) return `${nothing}, and no refresh looks: ${lowerFirst(unavailableWords("search", "not_configured"))}`;
    return nothing;
  }
  // Looked: a quiet investor is the news; else what their news says of this startup.
  const activity = parts.find((part) => part.key === "activity");
  const relevance = parts.find((part) => part.key === "evidence_relevance");
  if (activity && activity.lost >= MIN_LOST) {
    if (activity.state === "unknown") return "quiet lately: the last refresh found nothing about what they did lately";
    if (activity.value < 0.15) return "quiet lately: no recent investing found";
    if (activity.value < 0.4) return "quiet lately: little recent investing in the news";
  }
  if (!relevance || relevance.lost < MIN_LOST) return "investing, but not much in the news lately";
  if (relevance.state === "unknown") return "no news yet that fits this startup";
  // The part's verdict without the model's reasons (they are on the investor's page).
  return `little news for this startup: ${lowerFirst(relevance.detail.split(":")[0]!.trim())}`;
}

/** The founder's words when nothing in particular holds them back (and the overall score's, which names no parts). */
export function plainWaitReason(about: string): string {
  return `Not strong enough to email first yet. ${about}.`;
}

/**
 * The wait reason: the fit's sentence (`about`: what fits, what is off, what is not known) with
 * what is off marked "weak on cheque: …", then the missing news, when they could still add a
 * point (a relationship not started yet is no reason: every uncontacted investor has it).
 * Nothing to name: the plain words.
 */
export function waitReason(about: string, parts: readonly ScorePart[], look: NewsLook): string {
  let text = about;
  let named = false;
  for (const part of parts) {
    const name = PROFILE_NAMES[part.key];
    if (!name || part.lost < MIN_LOST || (part.state !== "partial" && part.state !== "miss") || part.value >= WEAK_MATCH) continue;
    // Only a part the sentence lists after what fits ("Little in common: …" already says it is off).
    const said = `; ${lowerFirst(part.detail)}`;
    if (!text.includes(said)) continue;
    text = text.replace(said, `; weak on ${name}: ${lowerFirst(part.detail)}`);
    named = true;
  }
  const news = parts.filter((part) => NEWS_KEYS.has(part.key));
  if (news.length > 0 && news.reduce((sum, part) => sum + part.lost, 0) >= MIN_LOST) {
    text = `${text}; ${newsClause(news, look)}`;
    named = true;
  }
  return named ? `${text}.` : plainWaitReason(about);
}
