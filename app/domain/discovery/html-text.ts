/**
 * A feed item's HTML description as plain text, in one pass: tags dropped (script and style with
 * their content), the common entities decoded, white space folded. Linear and capped: the input
 * is cut to MAX_HTML_CHARS before it is read, the output to `max` characters. Pure.
 */

export const MAX_HTML_CHARS = 64_000;

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  euro: "€",
  pound: "£",
};

export function htmlToText(html: string, max: number): string {
  const source = html.slice(0, MAX_HTML_CHARS);
  const lower = source.toLowerCase();
  let out = "";
  let index = 0;
  while (index < source.length && out.length < max * 2) {
    const char = source[index];
    if (char === "<") {
      const close = source.indexOf(">", index + 1);
      if (close < 0) break;
      const tag = lower.slice(index + 1, Math.min(close, index + 12));
      const skipTo = tag.startsWith("script") ? "</script" : tag.startsWith("style") ? "</style" : null;
      if (skipTo) {
        const end = lower.indexOf(skipTo, close);
        if (end < 0) break;
        index = source.indexOf(">", end);
        if (index < 0) break;
        index++;
      } else index = close + 1;
      // Block tags and line breaks separate words.
      out += " ";
      continue;
    }
    if (char === "&") {
      // Only the next few characters: an unbounded search per "&" would be quadratic.
      const semi = source.slice(index + 1, index + 11).indexOf(";") + index + 1;
      if (semi > index) {
        const decoded = decodeEntity(source.slice(index + 1, semi));
        if (decoded !== undefined) {
          out += decoded;
          index = semi + 1;
          continue;
        }
      }
    }
    out += char;
    index++;
  }
  const folded = out.replace(/\s+/g, " ").trim();
  return folded.length > max ? `${folded.slice(0, max - 1).trimEnd()}…` : folded;
}

function decodeEntity(name: string): string | undefined {
  if (name.startsWith("#x") || name.startsWith("#X")) return codePoint(Number.parseInt(name.slice(2), 16));
  if (name.startsWith("#")) return codePoint(Number.parseInt(name.slice(1), 10));
  return NAMED[name.toLowerCase()];
}

function codePoint(value: number): string | undefined {
  if (!Number.isInteger(value) || value <= 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return undefined;
  return String.fromCodePoint(value);
}
