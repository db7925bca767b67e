import { parse } from "csv-parse/sync";
import type { CsvError } from "csv-parse/sync";

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

/** A line break inside a quoted value moves every later row down a line in the user's editor. */
function countLineBreaks(record: string[]): number {
  let breaks = 0;
  for (const cell of record) breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  return breaks;
}

/** CSV text → records with the line each starts on; never throws for what is in the file. */
export function readCsvRecords(text: string): Records | { error: string } {
  const body = text.replace(/^\uFEFF/, "");
  const delimiter = detectDelimiter(body);
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      relax_column_count: true,
      // Every ending, even mixed in one file (a pasted block in Excel output), ends a row.
      record_delimiter: ["\r\n", "\n", "\r"],
    });
  } catch (error) {
    return { error: describeCsvError(error) };
  }
  // Blank lines are kept by the parser so every line is counted: a line number in the preview
  // is the one the founder sees in their editor.
  const lines: number[] = [];
  let next = 1;
  for (const record of records) {
    lines.push(next);
    next += 1 + countLineBreaks(record);
  }
  return { records, lines, delimiter };
}
