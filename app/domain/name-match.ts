import { fold } from "./palette-search.ts";

/**
 * Which of a group's investors a page names (for grouped searches). Whole words only, so
 * "Ann Lee" is not found in "Joann Leeds" and "Investor 1" not in "Investor 10"; where one name
 * contains another ("Ann Lee" in "Ann Lee Smith"), a mention counts for the longer name only.
 */
export function normalizeForMatch(text: string): string {
  return ` ${fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

export function investorsNamedIn(text: string, investors: ReadonlyArray<{ id: number; name: string }>): number[] {
  const haystack = normalizeForMatch(text);
  const claimed: Array<[number, number]> = [];
  const named: number[] = [];
  const byLength = [...investors]
    .map((investor) => ({ id: investor.id, needle: normalizeForMatch(investor.name) }))
    .filter((entry) => entry.needle.trim() !== "")
    .sort((a, b) => b.needle.length - a.needle.length || a.id - b.id);
  for (const { id, needle } of byLength) {
    let from = 0;
    for (;;) {
      const at = haystack.indexOf(needle, from);
      if (at === -1) break;
      const end = at + needle.length;
      if (!claimed.some(([start, stop]) => at >= start && end <= stop)) {
        claimed.push([at, end]);
        named.push(id);
        break;
      }
      from = at + 1;
    }
  }
  return named.sort((a, b) => a - b);
}

/** The query text for a name: quotes removed so the query and the matching agree. */
export function queryName(name: string): string {
  return name.replaceAll('"', "").replace(/\s+/g, " ").trim();
}
