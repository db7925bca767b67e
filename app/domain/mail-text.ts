/**
 * Linear scanners for untrusted header text (docs/decisions/017-mail-under-attack.md). Each reads
 * its input once, left to right: no regular expression that can backtrack runs on a header's
 * value (`/\([^)]*\)/g` took 9 s on an 80 KB `((((…` Message-ID, since every "(" scanned to the
 * end). tests/domain/mail-regex-safety.test.ts keeps such patterns out of the mail modules.
 */

/**
 * Unicode bidi controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM): a subject
 * holding U+202E shows "‮fdp.exe" as "exe.pdf". Never part of what the founder needs to read.
 */
const BIDI_CONTROLS = new Set([0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]);

/** The text without bidi control characters. */
export function withoutBidiControls(text: string): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!BIDI_CONTROLS.has(text.charCodeAt(i))) continue;
    out += text.slice(start, i);
    start = i + 1;
  }
  return start === 0 ? text : out + text.slice(start);
}

/**
 * A string of its own: V8 may keep a short slice of a long string as a pointer into it, so a
 * 40-character subject cut from a 32 KB header block could keep the whole block alive for as long
 * as the subject lives. What the sync stores goes through this first.
 */
export function ownCopy(text: string): string {
  if (text.length === 0) return "";
  // Joining code units one by one builds a new flat string (no reference to the parent).
  const units = new Array<string>(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text[i]!;
  return units.join("");
}

/** At most `max` characters of a header field's value: each field is capped before it is parsed. */
export function capField(value: string, max: number): string {
  return value.length <= max ? value : value.slice(0, max);
}

/**
 * The text with RFC 5322 comments replaced by a space: `(…)`, nested, with `\` escapes. An
 * unclosed comment runs to the end (as a mail reader would read it). One pass, whatever the input.
 */
export function withoutComments(text: string): string {
  if (!text.includes("(")) return text;
  let out = "";
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (depth > 0) {
      if (char === "\\") i++;
      else if (char === "(") depth++;
      else if (char === ")") {
        depth--;
        if (depth === 0) start = i + 1;
      }
      continue;
    }
    if (char === "(") {
      out += `${text.slice(start, i)} `;
      depth = 1;
    }
  }
  return depth > 0 ? out : out + text.slice(start);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0b || code === 0x0c;
}

/** The text without any whitespace. */
function withoutSpaces(text: string): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isSpace(text.charCodeAt(i))) continue;
    out += text.slice(start, i);
    start = i + 1;
  }
  return start === 0 ? text : out + text.slice(start);
}

/**
 * A Message-ID as written → `<id>`, or "" when there is none: comments dropped, the first
 * `<…>` with no other bracket inside (else the first word), whitespace removed, at most `max`
 * characters inside the brackets. One pass.
 */
export function parseMessageId(value: string, max: number): string {
  const clean = withoutComments(value);
  let open = -1;
  let id: string | undefined;
  for (let i = 0; i < clean.length; i++) {
    const char = clean[i];
    if (char === "<") open = i;
    else if (char === ">" && open >= 0) {
      id = clean.slice(open + 1, i);
      break;
    }
  }
  if (id === undefined) {
    // No brackets: the first word.
    let start = 0;
    while (start < clean.length && isSpace(clean.charCodeAt(start))) start++;
    let end = start;
    while (end < clean.length && !isSpace(clean.charCodeAt(end))) end++;
    id = clean.slice(start, end);
  }
  const compact = withoutSpaces(id);
  return compact === "" ? "" : `<${compact.slice(0, max)}>`;
}
