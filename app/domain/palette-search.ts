/**
 * The palette's filter. cmdk's built-in filter re-scores every item on each keystroke and
 * freezes at a few thousand items, so the palette indexes the feed once and ranks here.
 */

/** The longest query the search page reads (/search): a name and a firm fit well inside it. */
export const MAX_SEARCH_QUERY_CHARS = 200;

export type PaletteItem = { id: number; name: string; firm: string | null; score: number; action: string; href: string };
export type IndexedItem = PaletteItem & { haystack: string; nameKey: string };

/**
 * Latin letters that are not a base letter plus an accent, so Unicode decomposition leaves them
 * whole: "Łukasz" would never be found by "lukasz". Lowercase keys (the text is lowercased first).
 */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ł: "l",
  ø: "o",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ŋ: "n",
  ĸ: "k",
  ſ: "s",
  ƒ: "f",
  ȷ: "j",
  ɨ: "i",
  ʉ: "u",
  ɫ: "l",
  ƚ: "l",
  ɵ: "o",
  ǥ: "g",
  ƀ: "b",
  ɇ: "e",
  ƶ: "z",
  ȼ: "c",
  ɍ: "r",
  ɏ: "y",
  ꝁ: "k",
};
const UNDECOMPOSED_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSED).join("")}]`, "gu");

/**
 * Lowercase, accents removed, in both directions: "Zoë Ångström" is found by "zoe ang",
 * "Łukasz" by "lukasz", and the query "Łukasz" finds a "Lukasz". NFKD also unfolds ligatures
 * and compatibility forms ("ĳ" → "ij", "ǆ" → "dž" → "dz"); lowercasing runs again after it
 * because a compatibility form can decompose to a capital ("ℌ" → "H"), and "İ" lowercases to
 * "i" plus a combining dot, which the second pass removes.
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(UNDECOMPOSED_PATTERN, (letter) => UNDECOMPOSED[letter] ?? letter);
}

export function indexItems(items: PaletteItem[]): IndexedItem[] {
  return items.map((item) => {
    const nameKey = fold(item.name);
    return { ...item, nameKey, haystack: `${nameKey} ${fold(item.firm ?? "")}` };
  });
}

/**
 * Best matches first: every word of the query must appear; a name that starts with the query
 * beats a word that starts with it, which beats a match inside a word; then the higher score.
 */
export function searchItems(index: IndexedItem[], query: string, limit = 20): PaletteItem[] {
  const folded = fold(query.trim());
  if (folded === "") return index.slice(0, limit);
  const words = folded.split(/\s+/);
  const ranked: Array<{ item: IndexedItem; rank: number }> = [];
  for (const item of index) {
    let rank = 0;
    let matched = true;
    for (const word of words) {
      const at = item.haystack.indexOf(word);
      if (at === -1) {
        matched = false;
        break;
      }
      rank += at === 0 ? 3 : item.haystack[at - 1] === " " ? 2 : 1;
    }
    if (!matched) continue;
    if (item.nameKey.startsWith(folded)) rank += 10;
    ranked.push({ item, rank });
  }
  ranked.sort((a, b) => b.rank - a.rank || b.item.score - a.item.score || a.item.id - b.item.id);
  return ranked.slice(0, limit).map(({ item }) => item);
}
