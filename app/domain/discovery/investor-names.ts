import { investorKey } from "./names.ts";

/**
 * Investor names read out of funding news by the sentence shapes venture-news sites use ("led by
 * X", "co-led by X and Y", "with participation from X, Y and Z", "X led the round", "backed by",
 * "investors include", "joined by"). Pure and linear: each sentence is scanned once for its
 * triggers (a regex of literal alternatives, no nested quantifiers), and each trigger's clause is
 * split and read token by token. The caller caps the text (rules.ts).
 */

export type Role = "lead" | "participant";
export type NamedInvestor = { name: string; role: Role };

/** Names follow the trigger: "led by X and Y". Alternatives are literal words, longest first. */
const FORWARD_LEAD = "co-led by|co-lead by|led by|spearheaded by|headed by";
const FORWARD_PARTICIPANT = [
  "with participation from|saw participation from|participation from|participation of",
  "joined (?:in|on) (?:the|this) round by|joined by|backed by|supported by",
  "(?:other )?investors in the round (?:include[sd]?|are)|(?:other )?investors (?:include[sd]?|including|are)",
  "(?:other )?backers (?:include[sd]?|including|are)|(?:other )?participants (?:include[sd]?|including)",
  "also in the round:|round (?:also )?included|also included|and included|included|which include[sd]?|counts|as did|alongside",
  "(?:funding|round|investment|financing|extension|capital|backing|support|money|pre-seed|seed|series [a-h]) from",
].join("|");
/** Names come before the trigger: "X led the round", "X and Y also participated". */
const BACKWARD_LEAD =
  "co-led the (?:round|investment|financing)|led the (?:round|investment|extension|financing)|which led(?: the (?:round|investment))?|co-led|led";
const BACKWARD_PARTICIPANT =
  "(?:also )?(?:participated|took part|invested|joined(?: the round)?|followed on|returned|put money in|chipped in)";

const TRIGGER = new RegExp(
  String.raw`\b(?:(${FORWARD_LEAD})|(${FORWARD_PARTICIPANT})|(${BACKWARD_LEAD})|(${BACKWARD_PARTICIPANT}))(?![\p{L}\p{N}-])`,
  "giu",
);
/** "previously backed by X", "earlier joined by": another round, not this one. */
const EARLIER = /\b(?:previously|earlier|already|once|formerly)\s+$/i;

type Trigger = { start: number; end: number; role: Role; forward: boolean };

/** Every investor the text names, with the strongest role it gives each (a lead stays a lead). */
export function readInvestorNames(sentences: string[], exclude: readonly string[]): NamedInvestor[] {
  const found = new Map<string, NamedInvestor>();
  const excluded = new Set(exclude.map(investorKey));
  const add = (name: string, role: Role) => {
    const key = investorKey(name);
    if (key === "" || excluded.has(key) || STOP_NAMES.has(key)) return;
    const known = found.get(key);
    const strongest: Role = known?.role === "lead" || role === "lead" ? "lead" : "participant";
    // The longer spelling wins: "Abstract Ventures" over the headline's "Abstract".
    const spelling = known && known.name.length > name.length ? known.name : name;
    found.set(key, { name: spelling, role: strongest });
  };
  for (const sentence of sentences) {
    for (const { name, role } of namesInSentence(sentence)) add(name, role);
  }
  return [...found.values()];
}

function namesInSentence(sentence: string): NamedInvestor[] {
  const triggers: Trigger[] = [];
  for (const match of sentence.matchAll(TRIGGER)) {
    const start = match.index;
    if (EARLIER.test(sentence.slice(Math.max(0, start - 16), start))) continue;
    const role: Role = match[1] || match[3] ? "lead" : "participant";
    triggers.push({ start, end: start + match[0].length, role, forward: Boolean(match[1] || match[2]) });
  }
  const names: NamedInvestor[] = [];
  triggers.forEach((trigger, index) => {
    const previousEnd = triggers[index - 1]?.end ?? 0;
    const nextStart = triggers[index + 1]?.start ?? sentence.length;
    if (trigger.forward) {
      for (const name of forwardList(sentence.slice(trigger.end, nextStart))) names.push({ name, role: trigger.role });
      return;
    }
    for (const name of backwardList(clauseBefore(sentence.slice(previousEnd, trigger.start)))) {
      names.push({ name, role: trigger.role });
    }
    // "X led the round, and Y participated", "Y joined existing investor Z": the names after it.
    for (const name of forwardList(sentence.slice(trigger.end, nextStart))) names.push({ name, role: "participant" });
  });
  return names;
}

/** The clause a backward trigger belongs to: after the last ";" or "while". */
function clauseBefore(text: string): string {
  const cut = Math.max(text.lastIndexOf(";"), text.lastIndexOf(" while "), text.lastIndexOf(":"));
  const clause = cut >= 0 ? text.slice(cut + 1) : text;
  // "Angels from Snowflake and Databricks joined": people from companies, not investors.
  return /\b(?:angels|executives|operators|employees|alumni|founders)\s{1,5}(?:from|of|at)\b/i.test(clause) ? "" : clause;
}

/** "X, Y and Z" read from the start; stops at the first piece that is not a name. */
function forwardList(text: string): string[] {
  const names: string[] = [];
  for (const piece of listPieces(text)) {
    if (isRelativeClause(piece)) continue;
    const read = readPiece(piece, "leading");
    if (read === "skip") continue;
    if (read === "stop") break;
    names.push(read);
    if (read.length < piece.trim().replace(/[.]$/, "").length && !endsWithName(piece, read)) break;
  }
  return names;
}

/** "Existing investors X, Y and Z" read from the end, back to the first piece that is not a name. */
function backwardList(text: string): string[] {
  const names: string[] = [];
  const pieces = listPieces(text);
  for (let index = pieces.length - 1; index >= 0; index--) {
    const piece = pieces[index] ?? "";
    if (isRelativeClause(piece)) continue;
    const read = readPiece(piece, "trailing");
    if (read === "skip") continue;
    if (read === "stop") break;
    names.push(read);
    if (!startsWithName(piece, read)) break;
  }
  return names.reverse();
}

function listPieces(text: string): string[] {
  return text.split(/,|\band\b|\bas well as\b/i);
}

function isRelativeClause(piece: string): boolean {
  return /^\s*(?:which|who|whose|that)\b/i.test(piece);
}

const HONORIFICS = new Set(["dr", "dr.", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "prof", "prof.", "sir"]);
/** Words before a name that say who, not which: "existing investors X", "angel investor Y". */
const QUALIFIERS = new Set([
  "and",
  "by",
  "from",
  "its",
  "the",
  "their",
  "other",
  "existing",
  "new",
  "previous",
  "earlier",
  "returning",
  "individual",
  "angel",
  "angels",
  "investor",
  "investors",
  "backer",
  "backers",
  "shareholders",
  "shareholder",
  "including",
  "include",
  "such",
  "as",
  "like",
  "also",
  "former",
  "well",
  "both",
  "several",
  "various",
  "fund",
  "funds",
  "firm",
  "firms",
  "a",
  "an",
  "notable",
  "strategic",
  "with",
]);
/** A role between a description and a person: "Stripe executive Claire Hughes Johnson". */
const DESCRIPTORS = new Set([
  "executive",
  "player",
  "founder",
  "co-founder",
  "cofounder",
  "ceo",
  "cto",
  "coo",
  "cfo",
  "partner",
  "investor",
  "angel",
  "star",
  "chief",
  "president",
  "chair",
  "chairman",
  "director",
]);
/** Case matters: "Founder Collective" and "Founders Fund" are firms, "founder Jane" is not. */
const COMPANY_ROLES = new Set(["CEO", "CTO", "COO", "CFO", "founder", "co-founder", "cofounder", "founders", "co-founders"]);
const CONNECTORS = new Set(["&", "of", "de", "du", "la", "von", "van", "der", "y", "del", "da"]);
const MAX_NAME_TOKENS = 6;

/** One list piece's name: its leading run of name words (forward) or its trailing run (backward). */
function readPiece(piece: string, side: "leading" | "trailing"): string | "skip" | "stop" {
  const tokens = piece
    .trim()
    .replace(/[.;:!?]+$/, "")
    .split(/\s+/)
    .filter((token) => token !== "");
  let start = 0;
  while (
    start < tokens.length &&
    (QUALIFIERS.has((tokens[start] ?? "").toLowerCase()) || HONORIFICS.has((tokens[start] ?? "").toLowerCase()))
  ) {
    start++;
  }
  if (start >= tokens.length) return "skip";
  // "led by CEO Dana Okafor": the company's own people lead it, they do not invest in it.
  if (COMPANY_ROLES.has(tokens[start] ?? "")) return "stop";
  const words = tokens.slice(start);
  const run = side === "leading" ? leadingRun(words) : trailingRun(words);
  if (run.length === 0 || run.length > MAX_NAME_TOKENS) return "stop";
  return run.join(" ");
}

function leadingRun(words: string[]): string[] {
  let run: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? "";
    const lower = word.toLowerCase();
    if (DESCRIPTORS.has(lower) && run.length > 0) {
      run = [];
      continue;
    }
    if (HONORIFICS.has(lower)) continue;
    if (isNameWord(word)) run.push(word);
    else if (CONNECTORS.has(lower) && run.length > 0 && isNameWord(words[index + 1] ?? "")) run.push(word);
    else break;
  }
  return run;
}

function trailingRun(words: string[]): string[] {
  const run: string[] = [];
  for (let index = words.length - 1; index >= 0; index--) {
    const word = words[index] ?? "";
    const lower = word.toLowerCase();
    if (isNameWord(word) && !HONORIFICS.has(lower)) run.unshift(word);
    else if (CONNECTORS.has(lower) && run.length > 0 && isNameWord(words[index - 1] ?? "")) run.unshift(word);
    else break;
  }
  return run;
}

function startsWithName(piece: string, name: string): boolean {
  const rest = piece.trim().split(/\s+/);
  let index = 0;
  while (index < rest.length && QUALIFIERS.has((rest[index] ?? "").toLowerCase())) index++;
  return (
    rest
      .slice(index)
      .join(" ")
      .replace(/[.;:!?]+$/, "") === name
  );
}

function endsWithName(piece: string, name: string): boolean {
  return piece
    .trim()
    .replace(/[.;:!?]+$/, "")
    .endsWith(name);
}

/** "Northzone", "HC/FT", "468", "Factor[e]", "a16z", "byFounders", "100X.VC". */
const NAME_WORD = /^(?:[\p{Lu}\p{N}][\p{L}\p{N}&./'’\-[\]+]*|\p{Ll}+[\p{Lu}\p{N}][\p{L}\p{N}.-]*)$/u;
/** Possessives and place words that look like names but describe: "Vela's", "Paris-based". */
const NOT_NAME_WORD = /(?:'s|’s|-based|-backed|-born|-led)$/i;

export function isNameWord(word: string): boolean {
  return word.length <= 40 && NAME_WORD.test(word) && !NOT_NAME_WORD.test(word);
}

/** Capitalised words that begin sentences or name rounds, never investors. */
const STOP_NAMES = new Set(
  [
    "the",
    "it",
    "its",
    "this",
    "that",
    "they",
    "we",
    "our",
    "he",
    "she",
    "existing",
    "new",
    "investors",
    "angels",
    "other",
    "also",
    "series",
    "seed",
    "pre seed",
    "founded",
    "company",
    "the company",
    "startup",
    "the startup",
    "round",
    "the round",
    "ceo",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "today",
  ].map((word) => word),
);

const ABBREVIATIONS = new Set(["dr", "mr", "mrs", "ms", "prof", "inc", "ltd", "co", "corp", "st", "jr", "sr", "vs", "no", "mt"]);

/** Sentences, split after . ! ? before a capital, but not after "Dr." or an initial ("J. Smith"). */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char !== "." && char !== "!" && char !== "?") continue;
    const next = text[index + 1];
    if (next !== " " && next !== "\n" && next !== undefined) continue;
    if (char === ".") {
      let wordStart = index;
      while (wordStart > start && index - wordStart < 6 && /\p{L}/u.test(text[wordStart - 1] ?? "")) wordStart--;
      const word = text.slice(wordStart, index);
      if (ABBREVIATIONS.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word)) continue;
    }
    sentences.push(text.slice(start, index + 1).trim());
    start = index + 1;
  }
  const rest = text.slice(start).trim();
  if (rest !== "") sentences.push(rest);
  return sentences.filter((sentence) => sentence !== "");
}
