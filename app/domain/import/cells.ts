/**
 * Cells that hold lists, links and addresses, cleaned as people write them. Pure and linear.
 */

/** Spreadsheet error values: never data. */
const SPREADSHEET_ERRORS = /^#(?:VALUE!|REF!|N\/A|NAME\?|DIV\/0!|NULL!|NUM!|ERROR!?)$/i;

export function isSpreadsheetError(cell: string): boolean {
  return SPREADSHEET_ERRORS.test(cell.trim());
}

/** Placeholders that mean "nothing here". */
const EMPTY_WORDS = new Set(["-", "--", "—", "n/a", "na", "none", "null", "tbd", "?", "nan", "undefined"]);

export function isEmptyCell(cell: string): boolean {
  const text = cell.trim();
  return text === "" || EMPTY_WORDS.has(text.toLowerCase()) || isSpreadsheetError(text);
}

/** Every separator people put between items: , ; | / newlines and the Japanese ・ 、. */
export const ANY_SEPARATOR = /[,;|/\n\r・、，；]+/;
/** A cell that uses semicolons uses them alone ("AI/ML; Fintech", our own export's lists). */
const SEMICOLONS = /[;；\n\r]+/;

/**
 * A list in one cell: trimmed, empties and repeats (any case) dropped. "UK,Netherlands" is two
 * places, "Pre-seed / Seed" two stages; with a semicolon in the cell only semicolons and new lines
 * split, so "AI/ML; Fintech" is two sectors.
 */
export function splitList(cell: string, separators: RegExp = /[;；]/.test(cell) ? SEMICOLONS : ANY_SEPARATOR): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of cell.split(separators)) {
    const item = raw.replace(/\s+/g, " ").trim();
    const key = item.normalize("NFC").toLowerCase();
    if (item === "" || isEmptyCell(item) || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

/** "formcapital.com", "www.x.vc/", "https://x.vc" → an http(s) URL; undefined when not a web address. */
export function parseWebsite(cell: string): string | undefined {
  const text = cell.trim();
  if (text === "" || isSpreadsheetError(text) || /\s/.test(text) || text.length > 2_000) return undefined;
  const withScheme = /^https?:\/\//i.test(text)
    ? text
    : /^[a-z][a-z\d+.-]*:/i.test(text) && !/^[^:]+:\d/.test(text)
      ? undefined
      : `https://${text.replace(/^\/\//, "")}`;
  if (withScheme === undefined) return undefined;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    // A host needs a dot and a letter TLD: "Name" or "12" is no website.
    if (!/\.[a-z\p{L}]{2,}$/iu.test(url.hostname)) return undefined;
    return withScheme;
  } catch {
    return undefined;
  }
}

/** The site's registrable-looking domain, for identity: "https://www.Better.vc/team" → "better.vc". */
export function websiteDomain(website: string | null | undefined): string | undefined {
  if (!website) return undefined;
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\d?\./, "") || undefined;
  } catch {
    return undefined;
  }
}

/** "@handle", "twitter.com/handle", "x.com/handle" → https://x.com/handle. */
export function parseTwitter(cell: string): string | undefined {
  const text = cell.trim();
  const handle = /^@?([A-Za-z0-9_]{1,15})$/.exec(text)?.[1];
  if (handle) return `https://x.com/${handle}`;
  const url = parseWebsite(text);
  return url && /(^|\.)(twitter|x)\.com$/i.test(new URL(url).hostname) ? url : undefined;
}

/** A LinkedIn page, with or without a scheme. */
export function parseLinkedin(cell: string): string | undefined {
  const url = parseWebsite(cell);
  return url && /(^|\.)linkedin\.com$/i.test(new URL(url).hostname) ? url : undefined;
}

/** The first address in a cell ("a@x.com; b@x.com", "Name <a@x.com>", "mailto:a@x.com"). */
export function parseEmail(cell: string): string | undefined {
  const match = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/.exec(cell.slice(0, 1_000));
  return match && match[0].length <= 320 ? match[0] : undefined;
}
