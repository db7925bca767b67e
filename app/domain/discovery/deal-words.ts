import { type Stage, stagesOfWords } from "../vocabulary.ts";
import { isNameWord } from "./investor-names.ts";

/**
 * The parts of a deal other than its investors, read from a headline and a paragraph: the company
 * ("X raises …"), the amount ("$3M", "€2.5 million", "£500k"), the stage (the vocabulary's stage
 * words), sectors and a place. Pure; every pattern is a single pass without nested quantifiers.
 */

const RAISE_VERBS =
  "raises|raised|has raised|lands|landed|has landed|bags|secures|secured|has secured|closes|closed|has closed|gets|got|nabs|picks up|has picked up|announces|announced|receives|received|has received|snags|scores|grabs|collects|pulls in|banks";
const RAISE = new RegExp(String.raw`\s(?:${RAISE_VERBS})\b`, "i");

/** The company a headline names before its verb ("Berlin-based Finlo raises …" → "Finlo"), else the paragraph's. */
export function readCompany(title: string, text: string): string | null {
  const fromTitle = subjectBefore(title, "trailing");
  if (fromTitle) return fromTitle;
  const firstSentence = text.slice(0, 600);
  return subjectBefore(firstSentence, "leading");
}

function subjectBefore(text: string, side: "leading" | "trailing"): string | null {
  const match = RAISE.exec(text);
  if (!match) return null;
  const subject = text.slice(0, match.index).replace(/^[^:]{0,30}:\s/, "");
  const words = (side === "leading" ? (subject.split(",")[0] ?? "") : subject).trim().split(/\s+/);
  const run: string[] = [];
  if (side === "trailing") {
    for (let index = words.length - 1; index >= 0 && isNameWord(words[index] ?? ""); index--) run.unshift(words[index] ?? "");
  } else {
    const start = words.findIndex((word) => isNameWord(word));
    for (let index = Math.max(0, start); start >= 0 && index < words.length && isNameWord(words[index] ?? ""); index++) {
      run.push(words[index] ?? "");
    }
  }
  if (run.length === 0 || run.length > 5) return null;
  const name = run.join(" ").replace(/[,.:;]+$/, "");
  return name.length > 0 && name.length <= 120 ? name : null;
}

const SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR" };
const AMOUNT =
  /(?:([$€£¥₹])|\b(USD|EUR|GBP|CHF|SEK|NOK|DKK|PLN|KES|INR|CAD|AUD|JPY|NGN|ZAR|BRL|SGD)\s?)(\d{1,6}(?:[.,]\d{1,3})?)\s?(k|m|mn|bn|b|million|billion|thousand)?(?![\p{L}\p{N}])/iu;
const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

/** The first amount the headline, else the paragraph, states: 3_000_000 and "USD" for "$3M". */
export function readAmount(title: string, text: string): { amount: number; currency: string } | null {
  for (const part of [title, text]) {
    const match = AMOUNT.exec(part);
    if (!match) continue;
    const currency = match[1] ? (SYMBOLS[match[1]] ?? null) : (match[2]?.toUpperCase() ?? null);
    const number = Number((match[3] ?? "").replace(",", "."));
    const multiplier = MULTIPLIERS[(match[4] ?? "").toLowerCase()] ?? 1;
    if (currency && Number.isFinite(number)) return { amount: Math.round(number * multiplier), currency };
  }
  return null;
}

const STAGE_WORD = /\b(pre[- ]?seed|seed|series [a-h]|angel round)\b/i;

/** The first stage word, headline first: "Series A extension" is Series A, "Series C" is Series B+. */
export function readStage(title: string, text: string): Stage | null {
  for (const part of [title, text]) {
    const match = STAGE_WORD.exec(part);
    if (!match) continue;
    const words = (match[1] ?? "").toLowerCase();
    const stage = /^series [b-h]$/.test(words) ? "series_b_plus" : stagesOfWords(words)[0];
    if (stage) return stage;
  }
  return null;
}

/** Sector words venture news uses, each with the sector the rubric compares. */
const SECTOR_WORDS: Array<[RegExp, string]> = [
  [/\b(?:fintech|payments?|neobank|banking|lending|lenders?|credit|spend management|cap table)\b/i, "fintech"],
  [/\b(?:insurtech|insurance|insure)\b/i, "insurtech"],
  [/\b(?:health|healthcare|medical|clinical|clinics?|nurses?|patients?|care provider|fertility|dental)\b/i, "health"],
  [/\b(?:biotech|therapeutics|drug|clinical trial)\b/i, "biotech"],
  [/\b(?:climate|carbon|solar|heat pumps?|energy|utility|emissions|biodiversity|wetlands|electri\w{1,12})\b/i, "climate"],
  [/\b(?:edtech|education|teachers?|students?|tutors?|schools?|study)\b/i, "education"],
  [/\b(?:legal|law firms?|conveyancing|compliance|regtech|audits?)\b/i, "legal and compliance"],
  [/\b(?:security|cybersecurity|fraud|deepfakes?)\b/i, "security"],
  [/\b(?:AI|machine learning|LLM|artificial intelligence)\b/, "ai"],
  [/\b(?:robots?|robotics)\b/i, "robotics"],
  [/\b(?:logistics|freight|delivery|supply chain|warehouses?|hauliers?)\b/i, "logistics"],
  [/\b(?:proptech|real estate|landlords?|property|construction)\b/i, "real estate"],
  [/\b(?:food|grocery|grocers?|restaurants?|kitchen|farms?|agri\w{0,12}|agtech)\b/i, "food and agriculture"],
  [/\b(?:developer|observability|cloud|data pipelines?|devtools|no-code|software supply)\b/i, "developer tools"],
  [/\b(?:HR|payroll|hiring|employee|workforce|shifts?)\b/, "hr"],
  [/\b(?:crypto|blockchain|web3)\b/i, "crypto"],
  [/\b(?:mobility|e-scooter|motorbikes?|cars?|transport)\b/i, "mobility"],
  [/\b(?:space|satellites?|aerospace)\b/i, "space"],
];

export function readSectors(title: string, text: string): string[] {
  const both = `${title}\n${text}`;
  return SECTOR_WORDS.filter(([pattern]) => pattern.test(both)).map(([, sector]) => sector);
}

const BASED = /\b(\p{Lu}\p{L}{1,30}(?: \p{Lu}\p{L}{1,30})?)-based\b|\bbased in (\p{Lu}\p{L}{1,30}(?: \p{Lu}\p{L}{1,30})?)/u;

/** "Berlin-based Finlo", "based in Lagos": the place the item says the company is in. */
export function readGeography(title: string, text: string): string | null {
  const match = BASED.exec(`${title}\n${text}`);
  return match ? (match[1] ?? match[2] ?? null) : null;
}
