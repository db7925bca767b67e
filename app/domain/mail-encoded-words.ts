/** RFC 2047 encoded words in header values (docs/decisions/014-mail-capture.md, "Parsing"). */

// Bounded runs: a charset name is short, and RFC 2047 keeps a word to 75 characters (some mailers write longer).
const ENCODED_WORD = /=\?([^?\s]{1,64})\?([BbQq])\?([^?\s]{0,4096})\?=/g;

/**
 * Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?ISO-8859-1?Q?…?=`, …) in any charset the
 * runtime's TextDecoder knows (UTF-8, ISO-8859-x, Windows-125x, KOI8-R, ISO-2022-JP, Shift_JIS,
 * GB18030, Big5, EUC-KR…). Whitespace between adjacent encoded words is dropped, and adjacent
 * words in one charset are decoded together (a character split across two words survives). A
 * word in an unknown charset, or malformed, is left as written.
 */
export function decodeEncodedWords(text: string): string {
  if (!text.includes("=?")) return text;
  type Piece = { kind: "text"; text: string } | { kind: "word"; charset: string; bytes: Uint8Array; source: string };
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(ENCODED_WORD)) {
    const start = match.index ?? 0;
    if (start > last) pieces.push({ kind: "text", text: text.slice(last, start) });
    const charset = (match[1] ?? "").split("*")[0]!.toLowerCase();
    const bytes = (match[2] ?? "").toUpperCase() === "B" ? base64Bytes(match[3] ?? "") : qBytes(match[3] ?? "");
    if (bytes) pieces.push({ kind: "word", charset, bytes, source: match[0] });
    else pieces.push({ kind: "text", text: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push({ kind: "text", text: text.slice(last) });

  let out = "";
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.kind === "text") {
      // Whitespace alone between two encoded words is not part of the text.
      const between = i > 0 && i < pieces.length - 1 && pieces[i - 1]!.kind === "word" && pieces[i + 1]!.kind === "word";
      if (!(between && /^[ \t\r\n]*$/.test(piece.text))) out += piece.text;
      continue;
    }
    const run: Uint8Array[] = [piece.bytes];
    const sources = [piece.source];
    // Gather the following words in the same charset (skipping whitespace-only text between).
    while (i + 2 < pieces.length) {
      const gap = pieces[i + 1]!;
      const next = pieces[i + 2]!;
      if (gap.kind !== "text" || !/^[ \t\r\n]*$/.test(gap.text) || next.kind !== "word" || next.charset !== piece.charset) break;
      run.push(next.bytes);
      sources.push(next.source);
      i += 2;
    }
    out += decodeBytes(piece.charset, concat(run)) ?? sources.join("");
  }
  return out;
}

function decodeBytes(charset: string, bytes: Uint8Array): string | undefined {
  const label = charset === "utf8" ? "utf-8" : charset === "cp1252" ? "windows-1252" : charset;
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return undefined;
  }
}

function base64Bytes(text: string): Uint8Array | undefined {
  const clean = text.replace(/[^A-Za-z0-9+/]/g, "");
  const padded = clean.length % 4 === 1 ? clean.slice(0, -1) : clean;
  try {
    const binary = atob(padded + "=".repeat((4 - (padded.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function qBytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "_") bytes.push(0x20);
    else if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const code = char.charCodeAt(0);
      bytes.push(code < 0x100 ? code : 0x3f);
    }
  }
  return Uint8Array.from(bytes);
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
