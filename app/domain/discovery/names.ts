import { normalizeForMatch } from "../name-match.ts";

/**
 * Investor names as deals write them, made comparable (docs/product.md#discovery): letters folded,
 * punctuation dropped, and the firm suffixes that one article writes and the next leaves out
 * ("Northzone Ventures", "Northzone", "Northzone Fund IX") dropped for the key. Pure.
 */

/** Words that only say "a firm" and trail a name; never the whole name ("Capital" alone stays). */
const SUFFIX_WORDS = new Set([
  "ventures",
  "venture",
  "capital",
  "partners",
  "partner",
  "vc",
  "llp",
  "llc",
  "lp",
  "ltd",
  "limited",
  "inc",
  "gmbh",
  "ag",
  "sa",
  "sas",
  "bv",
  "ab",
  "management",
  "investments",
  "investment",
  "holdings",
  "group",
  "advisors",
  "advisers",
  "fund",
  "funds",
  "investors",
  "vcs",
  "the",
]);
/** A fund's number after a firm word: "Fund I" to "Fund IX", "Fund 3", "Accel Partners II". */
const FUND_NUMBER = /^(?:i{1,3}|iv|v|vi{1,3}|ix|\d{1,2})$/;

/** The comparable key of an investor's name: "Point Nine Capital" and "point nine" are both "point nine". */
export function investorKey(name: string): string {
  const words = normalizeForMatch(name.slice(0, 200)).trim().split(" ").filter(Boolean);
  if (words[0] === "the" && words.length > 1) words.shift();
  // Trailing suffixes and fund numbers go, but a name is never emptied ("Capital" stays "capital").
  while (words.length > 1) {
    const last = words.at(-1) ?? "";
    const beforeLast = words.at(-2) ?? "";
    if (FUND_NUMBER.test(last) && SUFFIX_WORDS.has(beforeLast)) {
      words.pop();
      continue;
    }
    if (!SUFFIX_WORDS.has(last)) break;
    words.pop();
  }
  return words.join(" ");
}

export type AliasRow = { aliasKey: string; name: string };

/** The key an alias resolves to: "a16z" → the key of "Andreessen Horowitz"; otherwise the name's own key. */
export function resolvedKey(name: string, aliases: ReadonlyMap<string, string>): string {
  const key = investorKey(name);
  const target = aliases.get(key);
  return target === undefined ? key : investorKey(target);
}

/** The alias table as a lookup from an alias's key to the name it stands for. */
export function aliasLookup(rows: readonly AliasRow[]): Map<string, string> {
  return new Map(rows.map((row) => [row.aliasKey, row.name]));
}

export type PipelineName = { id: number; name: string; firm: string | null };

/**
 * Which pipeline investor a deal's name is: the key of their name or their firm's, directly or
 * through an alias. Returns a lookup from key to investor id; where two investors share a key
 * (two partners of one firm) the firm's key names the lower id, their own names stay theirs.
 */
export function pipelineKeys(investors: readonly PipelineName[], aliases: ReadonlyMap<string, string>): Map<string, number> {
  const byKey = new Map<string, number>();
  const sorted = [...investors].sort((a, b) => a.id - b.id);
  for (const investor of sorted) {
    const key = resolvedKey(investor.name, aliases);
    if (key) byKey.set(key, byKey.get(key) ?? investor.id);
  }
  for (const investor of sorted) {
    if (!investor.firm) continue;
    const key = resolvedKey(investor.firm, aliases);
    if (key && !byKey.has(key)) byKey.set(key, investor.id);
  }
  return byKey;
}
