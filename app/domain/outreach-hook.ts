/**
 * The signal hook (one line from the news) as a sentence in the founder's voice, for the first
 * email (app/domain/outreach.ts). Pure, small rules: never embellished.
 */

/** Past-tense verbs that do not end in -ed, for hooks such as "Led a $4M seed in X on 3 Nov". */
const IRREGULAR_PAST = new Set([
  "led",
  "co-led",
  "wrote",
  "spoke",
  "made",
  "took",
  "won",
  "began",
  "gave",
  "became",
  "put",
  "sent",
  "brought",
  "bought",
  "sold",
  "grew",
  "held",
  "left",
  "met",
  "ran",
  "set",
  "told",
  "built",
  "spent",
  "got",
  "found",
  "shared",
  "said",
  "did",
  "chose",
  "drew",
  "kept",
  "paid",
  "read",
  "taught",
  "went",
  "hit",
  "cut",
]);
/** Words ending in -ed that are not verbs. */
const NOT_VERBS = new Set(["seed", "red", "need", "feed", "speed", "breed", "bed", "shed", "bred", "hundred", "sacred"]);
/** Auxiliaries, in the form that follows "you". */
const AUXILIARIES: Record<string, string> = { has: "have", have: "have", is: "are", are: "are", was: "were", were: "were" };
const ADVERBS = new Set(["recently", "just", "also", "quietly", "publicly", "again", "newly", "officially"]);
const GENERIC_SUBJECTS = [
  "the firm",
  "the fund",
  "the investor",
  "the partner",
  "the team",
  "this firm",
  "this fund",
  "this investor",
  "they",
  "he",
  "she",
  "you",
];

function isVerb(word: string): boolean {
  const lower = word.toLowerCase();
  if (NOT_VERBS.has(lower)) return false;
  return IRREGULAR_PAST.has(lower) || lower in AUXILIARIES || /^[a-z][a-z-]{2,}ed$/.test(lower);
}

/** The index of the verb when `words` start with one (after adverbs such as "Recently"), else -1. */
function verbIndex(words: string[]): number {
  let index = 0;
  while (index < words.length - 1 && ADVERBS.has(words[index]!.toLowerCase())) index++;
  return index < words.length - 1 && isVerb(words[index]!) ? index : -1;
}

/** Citation marks a model may leave in a hook: "[1]", "[evidence 12]", "(source: 12)", "(#12)". */
function stripCitations(text: string): string {
  return text
    .replace(/\s*\[(?:#?\s*\d+|e\d+|(?:evidence|source|ref|id)\b[^\]]*)\]/gi, "")
    .replace(/\s*\((?:#\s*\d+|(?:evidence|source|ref|see)\b[^)]*)\)/gi, "");
}

/**
 * The signal hook (one line from the news) as a sentence in the founder's voice:
 * "Led a $4M seed in Lumen Grid on 3 Nov" → "I saw that you led a $4M seed in Lumen Grid on 3 Nov."
 * "The firm closed a $50M fund." → "I saw that you closed a $50M fund."
 * A hook that does not start with what the investor did keeps its words:
 * "Sequoia backs Lumen (Reuters)" → "I came across this recent news: Sequoia backs Lumen (Reuters)."
 * Only the hook's own words are used (no facts added); a hook cut short ("…") is left out.
 */
export function hookSentence(hook: string | null | undefined, investor: { name?: string; firm?: string | null } = {}): string | null {
  if (!hook) return null;
  let text = hook.replace(/\s+/g, " ").trim();
  if (/^["“'‘].*["”'’]$/.test(text)) text = text.slice(1, -1).trim();
  text = stripCitations(text).trim();
  if (text.endsWith("…") || text.endsWith("...")) return null;
  text = text.replace(/[\s.;:,!?]+$/, "");
  if (!text) return null;

  const subjects = [...GENERIC_SUBJECTS, investor.name, investor.firm, investor.firm ? `the ${investor.firm}` : undefined]
    .filter((subject): subject is string => Boolean(subject?.trim()))
    .map((subject) => subject.trim().toLowerCase())
    .sort((a, b) => b.length - a.length);
  let predicate: string | null = null;
  for (const subject of subjects) {
    if (!text.toLowerCase().startsWith(`${subject} `)) continue;
    const rest = text.slice(subject.length + 1);
    if (verbIndex(rest.split(" ")) >= 0) {
      predicate = rest;
      break;
    }
  }
  if (!predicate && verbIndex(text.split(" ")) >= 0) predicate = text;
  if (!predicate) return `I came across this recent news: ${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

  const words = predicate.split(" ");
  const verbAt = verbIndex(words);
  for (let index = 0; index <= verbAt; index++) {
    const word = words[index]!;
    const lower = word.toLowerCase();
    // "LED" or "AI" stay as written; "Led" and "Recently" are the start of a sentence.
    if (word !== word.toUpperCase() || word.length === 1) words[index] = lower;
    if (index === verbAt && lower in AUXILIARIES) words[index] = AUXILIARIES[lower]!;
  }
  // The firm's own things become the reader's: "opened applications for its next cohort".
  return `I saw that you ${words.join(" ").replace(/\bits\b/g, "your")}.`;
}
