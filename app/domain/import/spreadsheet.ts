import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, TOO_MANY_ROWS, tooManyColumns } from "./limits.ts";
import { decodeBytes, isZip, type Records, readCsvRecords, utf8Bytes } from "./read.ts";
import { attribute, PieceTooLong, readXml, type XmlHandlers, MAX_DEPTH, TooDeep } from "./xml-stream.ts";
import { BrokenZip, entryChunks, InflateLimit, type InflateBudget, type ZipEntry, zipEntries } from "./zip.ts";

/**
 * One sheet of an .xlsx as records (the first, or the one the founder picks), read with limits
 * (decision 057): the zip's parts are inflated as streams and their real bytes counted (zip.ts),
 * the XML read with saxes a chunk at a time (xml-stream.ts), and everything held is capped before
 * it is held: shared strings (count and characters), rows, columns, a cell's length. The sheet's
 * declared dimension is never read; a row or cell reference only places a value, it allocates
 * nothing. A refusal names the limit.
 */

/**
 * What one part of a workbook (its sheet, its shared strings) may unpack to: a 20,000-row sheet of
 * 21 columns is about 15 MB as Excel writes it (shared strings), 34 MB with every string inline.
 */
export const MAX_PART_BYTES = 48 * 1024 * 1024;
/** What all the parts read from one workbook may unpack to (decision 057 on the time it costs). */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Excel's own limit for a cell: no workbook Excel wrote holds a longer one. */
export const MAX_CELL_CHARS = 32_767;
/** Shared strings held at most: a 20,000-row list has a few unique texts per row. */
export const MAX_SHARED_STRINGS = 300_000;
/** Characters of shared strings held at most: what a 10 MB CSV could hold. */
export const MAX_SHARED_CHARS = 10_000_000;
/**
 * The text of a sheet's cells, in UTF-8 bytes, held at most: what the largest CSV the import takes
 * (10 MB, `MAX_UPLOAD_BYTES` in the import page) could hold. A part may unpack to 48 MB, and its
 * texts, held as records and then parsed, would be several times what the import was measured
 * with (decision 070).
 */
export const MAX_SHEET_BYTES = 10 * 1024 * 1024;
/** Sheets listed at most (the page offers them in a select). */
export const MAX_SHEETS = 1_000;

const NOT_A_WORKBOOK = "The file is not a spreadsheet we can read. Save it as .xlsx or CSV and try again.";
const SAVE_AS_CSV = "Save the sheet as CSV, or split it.";
const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const count = (n: number) => n.toLocaleString("en-US");

/** Thrown from a handler to stop reading: its message is the refusal. */
class Refusal extends Error {}

const CELL_TOO_LONG = (where: string) =>
  `${where} holds more than ${count(MAX_CELL_CHARS)} characters, Excel's own limit for a cell, so the import does not read it. ${SAVE_AS_CSV}`;

/** A workbook's sheet as records, with the workbook's sheet names and which one this is. */
export type SheetRecords = Records & { sheets: string[]; sheet: string };

/** The inflating caps and the characters a sheet's records hold (tests pass smaller ones to be quick). */
export type UnpackLimits = { part: number; total: number; sheetBytes?: number };
const UNPACK_LIMITS: UnpackLimits = { part: MAX_PART_BYTES, total: MAX_UNPACKED_BYTES, sheetBytes: MAX_SHEET_BYTES };

type Zip = { bytes: Uint8Array; entries: Map<string, ZipEntry>; budget: InflateBudget; limits: UnpackLimits };

function findEntry(zip: Zip, path: string): ZipEntry | undefined {
  const exact = zip.entries.get(path);
  if (exact) return exact;
  const lower = path.toLowerCase();
  for (const [name, entry] of zip.entries) if (name.toLowerCase() === lower) return entry;
  return undefined;
}

async function readPart(zip: Zip, path: string, handlers: XmlHandlers): Promise<boolean> {
  const entry = findEntry(zip, path);
  if (!entry) return false;
  await readXml(entryChunks(zip.bytes, entry, zip.limits.part, zip.budget), handlers);
  return true;
}

/** A relationship's target as a path in the zip, relative to the part that names it. */
function resolveTarget(from: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = from.split("/").slice(0, -1);
  for (const piece of target.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

type Relationship = { target: string; type: string };

/** A part's relationships by id (`xl/_rels/workbook.xml.rels` for `xl/workbook.xml`). */
async function relationships(zip: Zip, part: string): Promise<Map<string, Relationship>> {
  const slash = part.lastIndexOf("/");
  const path = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const found = new Map<string, Relationship>();
  await readPart(zip, path, {
    open: (name, attributes) => {
      if (name !== "Relationship" || attributes.TargetMode === "External" || found.size >= MAX_SHEETS * 2) return;
      const { Id: id, Target: target, Type: type = "" } = attributes;
      if (id !== undefined && target !== undefined) found.set(id, { target: resolveTarget(part, target), type });
    },
  });
  return found;
}

const ofType = (rels: Map<string, Relationship>, suffix: string) => [...rels.values()].find((rel) => rel.type.endsWith(suffix))?.target;

async function sheetList(zip: Zip, workbook: string): Promise<Array<{ name: string; id: string }>> {
  const sheets: Array<{ name: string; id: string }> = [];
  await readPart(zip, workbook, {
    open: (name, attributes) => {
      if (name !== "sheet") return;
      if (sheets.length >= MAX_SHEETS) throw new Refusal(`The workbook has more than ${count(MAX_SHEETS)} sheets. ${SAVE_AS_CSV}`);
      sheets.push({ name: attributes.name ?? `Sheet${sheets.length + 1}`, id: attribute(attributes, "id") ?? "" });
    },
  });
  return sheets;
}

/**
 * A text of the XML as a string of its own. saxes hands a text out as a slice of the piece of
 * XML it was reading (V8 keeps a substring of 13 characters or more as a slice of its parent), and
 * a slice keeps that whole 16 K-character piece alive: records held that way kept the sheet's
 * whole text (34 MB of XML for 20,000 rows of 21 columns, two bytes a character once one "€" is in
 * a piece), and the built server died out of heap (decision 070). The copy holds only the text.
 */
function own(text: string): string {
  return text.length >= 13 ? Buffer.from(text, "utf8").toString("utf8") : text;
}

/** The workbook's shared strings, capped in count and characters as they are read. */
async function sharedStrings(zip: Zip, path: string | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (path === undefined) return strings;
  let chars = 0;
  let current: string[] | undefined;
  let length = 0;
  let inText = false;
  let phonetic = 0;
  await readPart(zip, path, {
    open: (name) => {
      if (name === "si") {
        if (strings.length >= MAX_SHARED_STRINGS)
          throw new Refusal(
            `The workbook holds more than ${count(MAX_SHARED_STRINGS)} different texts, the most the import reads. ${SAVE_AS_CSV}`,
          );
        current = [];
        length = 0;
      } else if (name === "rPh") phonetic++;
      else if (name === "t") inText = phonetic === 0;
    },
    text: (text) => {
      if (!inText || current === undefined) return;
      length += text.length;
      chars += text.length;
      if (length > MAX_CELL_CHARS) throw new Refusal(CELL_TOO_LONG(`A text of this workbook (shared string ${count(strings.length + 1)})`));
      if (chars > MAX_SHARED_CHARS)
        throw new Refusal(
          `The workbook's texts add up to more than ${count(MAX_SHARED_CHARS)} characters, the most the import reads. ${SAVE_AS_CSV}`,
        );
      current.push(text);
    },
    close: (name) => {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic--;
      else if (name === "si" && current !== undefined) {
        strings.push(current.length === 1 ? own(current[0] as string) : current.join(""));
        current = undefined;
      }
    },
  });
  return strings;
}

/** "BC12" → 54 (0-based); undefined when the reference has no letters. */
function columnOf(reference: string | undefined): number | undefined {
  if (reference === undefined) return undefined;
  let column = 0;
  let at = 0;
  for (; at < reference.length && at < 4; at++) {
    const code = reference.charCodeAt(at) & ~32;
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return at === 0 ? undefined : column - 1;
}

/** A numeric cell as Excel shows it in General: 15 significant digits, no float noise. */
function numberText(raw: string): string {
  const value = Number(raw);
  return raw.trim() !== "" && Number.isFinite(value) ? String(Number(value.toPrecision(15))) : raw;
}

/** The sheet's rows as records, read as a stream: rows and columns capped as they come. */
async function sheetRecords(zip: Zip, path: string, strings: readonly string[], maxRows: number): Promise<Records> {
  const records: string[][] = [];
  const lines: number[] = [];
  const maxBytes = zip.limits.sheetBytes ?? MAX_SHEET_BYTES;
  // The values held in UTF-8 bytes, counted as they are held (a shared string once per cell, as a CSV would write it).
  let held = 0;
  let row = 0;
  let cells: string[] = [];
  let width = 0;
  let nextColumn = 0;
  // The cell being read.
  let column = 0;
  let type = "n";
  let reference = "";
  let parts: string[] = [];
  let length = 0;
  let collecting = false;
  let inCell = false;
  let phonetic = 0;
  const found = await readPart(zip, path, {
    open: (name, attributes) => {
      if (name === "row") {
        const number = Number(attributes.r);
        row = Number.isSafeInteger(number) && number > 0 ? number : row + 1;
        cells = [];
        width = 0;
        nextColumn = 0;
      } else if (name === "c") {
        column = columnOf(attributes.r) ?? nextColumn;
        type = attributes.t ?? "n";
        reference = attributes.r ?? `row ${row}`;
        parts = [];
        length = 0;
        inCell = true;
      } else if (name === "rPh") phonetic++;
      else if (inCell && (name === "v" || (name === "t" && type === "inlineStr"))) collecting = phonetic === 0;
    },
    text: (text) => {
      if (!collecting) return;
      length += text.length;
      if (length > MAX_CELL_CHARS) throw new Refusal(CELL_TOO_LONG(`Cell ${reference.slice(0, 12)}`));
      parts.push(text);
    },
    close: (name) => {
      if (name === "v" || name === "t") collecting = false;
      else if (name === "rPh") phonetic--;
      else if (name === "c") {
        inCell = false;
        nextColumn = column + 1;
        const raw = parts.length === 1 ? (parts[0] as string) : parts.join("");
        const value =
          type === "s"
            ? (strings[Number(raw)] ?? "")
            : type === "b"
              ? raw === "1"
                ? "TRUE"
                : "FALSE"
              : type === "n"
                ? numberText(raw)
                : raw;
        if (value === "") return;
        if (column >= MAX_IMPORT_COLUMNS) {
          if (value.trim() !== "") throw new Refusal(tooManyColumns(column + 1, row, records.length === 0));
          return;
        }
        held += Buffer.byteLength(value, "utf8");
        if (held > maxBytes)
          throw new Refusal(
            `The sheet's cells add up to more than ${MB(maxBytes)} of text, what the largest CSV the import takes could hold. Split the sheet.`,
          );
        // A shared string is its own already; any other value may be a slice of the XML.
        cells[column] = type === "s" ? value : own(value);
        width = Math.max(width, column + 1);
      } else if (name === "row") {
        if (width === 0 || cells.every((cell) => cell.trim() === "")) return;
        // The header and maxRows investors; one more row is a refusal.
        if (records.length >= maxRows + 1) throw new Refusal(TOO_MANY_ROWS);
        records.push(Array.from({ length: width }, (_, index) => cells[index] ?? ""));
        lines.push(row);
      }
    },
  });
  if (!found) throw new BrokenZip(`no part ${path}`);
  return { records, lines, delimiter: "," };
}

/** The refusal for what stopped a read, or undefined when it is no limit of ours (a broken file). */
function refusalOf(error: unknown, limits: UnpackLimits): string | undefined {
  if (error instanceof Refusal) return error.message;
  if (error instanceof PieceTooLong) return CELL_TOO_LONG(`A cell or tag of this workbook`);
  if (error instanceof TooDeep)
    return `This workbook nests its parts more than ${MAX_DEPTH} levels deep, which no spreadsheet writes. ${SAVE_AS_CSV}`;
  if (error instanceof InflateLimit)
    return error.limit === "entry"
      ? `A part of this workbook (${error.entry.slice(0, 80)}) unpacks to more than ${MB(limits.part)}, the most the import unpacks of one part. ${SAVE_AS_CSV}`
      : `This workbook unpacks to more than ${MB(limits.total)}, the most the import unpacks of one file. ${SAVE_AS_CSV}`;
  return undefined;
}

export async function readXlsxRecords(
  bytes: Uint8Array,
  maxRows: number,
  sheetName?: string,
  limits: UnpackLimits = UNPACK_LIMITS,
): Promise<SheetRecords | { error: string }> {
  try {
    const zip: Zip = { bytes, entries: zipEntries(bytes), budget: { left: limits.total }, limits };
    const root = await relationships(zip, "");
    const workbook = ofType(root, "/officeDocument") ?? "xl/workbook.xml";
    const listed = await sheetList(zip, workbook);
    const sheets = listed.map((sheet) => sheet.name);
    if (sheets.length === 0) return { error: "The spreadsheet has no sheet." };
    if (sheetName !== undefined && !sheets.includes(sheetName))
      return { error: `The workbook has no sheet called '${sheetName.slice(0, 80)}'. Its sheets: ${sheets.slice(0, 20).join(", ")}.` };
    const picked = listed.find((sheet) => sheet.name === sheetName) ?? (listed[0] as { name: string; id: string });
    const rels = await relationships(zip, workbook);
    const target = rels.get(picked.id)?.target;
    if (target === undefined) return { error: NOT_A_WORKBOOK };
    const strings = await sharedStrings(zip, ofType(rels, "/sharedStrings"));
    const records = await sheetRecords(zip, target, strings, maxRows);
    return { ...records, sheets, sheet: picked.name };
  } catch (error) {
    return { error: refusalOf(error, limits) ?? NOT_A_WORKBOOK };
  }
}

/** An upload's bytes → records: a spreadsheet when it is a zip (.xlsx), else CSV text in any of the encodings decodeBytes reads. */
export async function readUpload(
  bytes: Uint8Array,
  maxRows: number = MAX_IMPORT_ROWS,
  sheetName?: string,
): Promise<(Records & { encoding: string; sheets?: string[]; sheet?: string }) | { error: string }> {
  if (isZip(bytes)) {
    const sheet = await readXlsxRecords(bytes, maxRows, sheetName);
    return "error" in sheet ? sheet : { ...sheet, encoding: "xlsx" };
  }
  const utf8 = utf8Bytes(bytes);
  const { text, encoding } = utf8 ? { text: utf8, encoding: "utf-8" } : decodeBytes(bytes);
  const records = readCsvRecords(text);
  return "error" in records ? records : { ...records, encoding };
}
