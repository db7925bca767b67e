import { isUtf8 } from "node:buffer";
import { parse } from "csv-parse/sync";
import type { CsvError } from "csv-parse/sync";
import { MAX_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, TOO_MANY_ROWS, tooManyColumns } from "./limits.ts";

/**
 * Bytes of an uploaded file → text → records. Encodings as files come: UTF-8 with or without
 * BOM, UTF-16 LE/BE with BOM (Excel's "Unicode text"), else Windows-1252 when the bytes are not
 * UTF-8. The delimiter (comma, semicolon, tab) is detected from the header line.
 */

export type Decoded = { text: string; encoding: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252" };

export function decodeBytes(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(body), encoding: "windows-1252" };
  }
}

/**
 * A UTF-8 upload's bytes (BOM left out) when they are valid UTF-8 and no UTF-16 BOM says
 * otherwise, else undefined. csv-parse reads such bytes as they are, so the file is never held
 * as one JavaScript string (twice its size in bytes when a character is past Latin-1).
 */
export function utf8Bytes(bytes: Uint8Array): Buffer | undefined {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return undefined;
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  return isUtf8(body) ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined;
}

/** XLSX (and every OOXML file) is a zip: it starts "PK\x03\x04". */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export type Delimiter = "," | ";" | "\t";

/**
 * The delimiter that splits the first non-blank line into the most cells, counted outside
 * quotes; a comma wins ties. Reads at most the first 64 KiB.
 */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  let started = false;
  const end = Math.min(text.length, 65_536);
  for (let index = 0; index < end; index++) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) {
      if (started) break;
    } else if (!quoted && (char === "," || char === ";" || char === "\t")) {
      counts[char]++;
      started = true;
    } else if (char !== " " && char !== "\uFEFF") started = true;
  }
  if (counts[";"] > counts[","] && counts[";"] >= counts["\t"]) return ";";
  if (counts["\t"] > counts[","] && counts["\t"] > counts[";"]) return "\t";
  return ",";
}

export type Records = { records: string[][]; lines: number[]; delimiter: Delimiter };

function describeCsvError(error: unknown): string {
  const csvError = error as Partial<CsvError> & { lines?: number };
  const where = typeof csvError.lines === "number" ? ` near line ${csvError.lines}` : "";
  switch (csvError.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `The file is not valid CSV${where}: a quoted value is never closed.`;
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_CLOSING_QUOTE":
      return `The file is not valid CSV${where}: a double quote is misplaced (a value with quotes must be wrapped in quotes, with inner quotes doubled).`;
    default:
      return `The file is not valid CSV${where}.`;
  }
}

/**
 * A line break inside a quoted value moves every later row down a line in the user's editor.
 * Counted without allocating: a 5 MB cell of short lines is half a million of them.
 */
function countLineBreaks(record: string[]): number {
  let breaks = 0;
  for (const cell of record) {
    for (let at = cell.indexOf("\n"); at !== -1; at = cell.indexOf("\n", at + 1)) breaks++;
    // A lone \r ends a line too (\r\n was counted by its \n).
    for (let at = cell.indexOf("\r"); at !== -1; at = cell.indexOf("\r", at + 1)) if (cell.charCodeAt(at + 1) !== 10) breaks++;
  }
  return breaks;
}

/**
 * The record with every cell cut to MAX_CELL_CHARS (the same array when none is longer). The cut
 * is copied: a slice would keep the whole cell alive behind it.
 */
function cutCells(record: string[]): string[] {
  if (!record.some((cell) => cell.length > MAX_CELL_CHARS)) return record;
  return record.map((cell) =>
    cell.length > MAX_CELL_CHARS ? Buffer.from(cell.slice(0, MAX_CELL_CHARS), "utf16le").toString("utf16le") : cell,
  );
}

/** Thrown from inside the parser to stop it at a limit: its message is the refusal. */
class OverLimit extends Error {}

function isBlankRecord(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === "");
}

/** Cells up to the last one with a value: empty cells after it (a spreadsheet's formatting) are no columns. */
function usedWidth(record: readonly string[]): number {
  if (record.length <= MAX_IMPORT_COLUMNS) return record.length;
  let width = record.length;
  while (width > 0 && (record[width - 1] ?? "").trim() === "") width--;
  return width;
}

/**
 * CSV text (or UTF-8 bytes, from utf8Bytes) → records with the line each starts on; never throws for what is in the file.
 * Bounded as it reads: blank lines are counted but not kept, a cell is cut to MAX_CELL_CHARS, a
 * record wider than MAX_IMPORT_COLUMNS or a row past MAX_IMPORT_ROWS stops the parser with the refusal.
 */
export function readCsvRecords(text: string | Buffer): Records | { error: string } {
  const body = typeof text === "string" ? text.replace(/^\uFEFF/, "") : text;
  // The delimiter is read from the first 64 KiB (a character cut at the end does not matter).
  const delimiter = detectDelimiter(typeof body === "string" ? body : new TextDecoder().decode(body.subarray(0, 65_536)));
  // A line number in the preview is the one the founder sees in their editor: every line counts.
  const lines: number[] = [];
  let next = 1;
  let kept = 0;
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      relax_column_count: true,
      // Every ending, even mixed in one file (a pasted block in Excel output), ends a row.
      record_delimiter: ["\r\n", "\n", "\r"],
      on_record: (record: string[]) => {
        const line = next;
        next += 1 + countLineBreaks(record);
        if (isBlankRecord(record)) return null;
        const width = usedWidth(record);
        if (width > MAX_IMPORT_COLUMNS) throw new OverLimit(tooManyColumns(width, line, kept === 0));
        // The header and MAX_IMPORT_ROWS investors; one more row is a refusal.
        if (++kept > MAX_IMPORT_ROWS + 1) throw new OverLimit(TOO_MANY_ROWS);
        lines.push(line);
        return cutCells(width < record.length ? record.slice(0, width) : record);
      },
    });
  } catch (error) {
    if (error instanceof OverLimit) return { error: error.message };
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof OverLimit) return { error: cause.message };
    return { error: describeCsvError(error) };
  }
  return { records, lines, delimiter };
}

/** The refusal of records (a sheet's) wider than MAX_IMPORT_COLUMNS, if any. */
export function widthError(records: ReadonlyArray<readonly string[]>, lines: readonly number[]): string | undefined {
  let header = true;
  for (const [index, record] of records.entries()) {
    if (isBlankRecord(record)) continue;
    const width = usedWidth(record);
    if (width > MAX_IMPORT_COLUMNS) return tooManyColumns(width, lines[index] ?? index + 1, header);
    header = false;
  }
  return undefined;
}
