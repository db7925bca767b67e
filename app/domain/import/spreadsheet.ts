import { MAX_IMPORT_ROWS, TOO_MANY_ROWS } from "./limits.ts";
import { decodeBytes, isZip, type Records, readCsvRecords, widthError } from "./read.ts";

/**
 * One sheet of an .xlsx as records (the first, or the one the founder picks), through SheetJS (@e965/xlsx: the current SheetJS
 * release as published on npm; the `xlsx` package there is stuck at 0.18.5 with known
 * advisories). Loaded on the first spreadsheet, so a server that never sees one never pays for it.
 */

/** What the parts of one workbook may unpack to: a 10 MB upload of real rows stays far under it. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

const NOT_A_WORKBOOK = "The file is not a spreadsheet we can read. Save it as .xlsx or CSV and try again.";

/**
 * The unpacked size a zip declares, summed from its central directory; undefined when the
 * directory cannot be read (or is ZIP64). A zip bomb is refused before anything is inflated.
 */
export function declaredUnpackedBytes(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (entries === 0xffff || at === 0xffffffff) return undefined;
  let total = 0;
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) return undefined;
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

/** A workbook's sheet as records, with the workbook's sheet names and which one this is. */
export type SheetRecords = Records & { sheets: string[]; sheet: string };

export async function readXlsxRecords(bytes: Uint8Array, maxRows: number, sheetName?: string): Promise<SheetRecords | { error: string }> {
  const unpacked = declaredUnpackedBytes(bytes);
  if (unpacked === undefined) return { error: NOT_A_WORKBOOK };
  if (unpacked > MAX_UNPACKED_BYTES) return { error: "The workbook unpacks to more than 200 MB. Save the sheet as CSV, or split it." };
  const XLSX = await import("@e965/xlsx");
  let sheetRows: unknown[][];
  let sheets: string[];
  let picked: string;
  try {
    // Names only first: the rows of one sheet are then read, bounded by sheetRows.
    sheets = XLSX.read(bytes, { type: "array", bookSheets: true }).SheetNames;
    if (sheets.length === 0) return { error: "The spreadsheet has no sheet." };
    if (sheetName !== undefined && !sheets.includes(sheetName))
      return { error: `The workbook has no sheet called '${sheetName.slice(0, 80)}'. Its sheets: ${sheets.slice(0, 20).join(", ")}.` };
    picked = sheetName ?? (sheets[0] as string);
    // sheetRows bounds what is read; the sheet's full range then tells whether rows were cut.
    const book = XLSX.read(bytes, {
      type: "array",
      dense: true,
      sheets: picked,
      sheetRows: maxRows + 1,
      cellHTML: false,
      cellFormula: false,
    });
    const sheet = book.Sheets[picked];
    if (!sheet) return { error: "The spreadsheet has no sheet." };
    const full = sheet["!fullref"];
    if (typeof full === "string" && XLSX.utils.decode_range(full).e.r + 1 > maxRows + 1) return { error: TOO_MANY_ROWS };
    sheetRows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: true });
  } catch {
    return { error: NOT_A_WORKBOOK };
  }
  const records = sheetRows.map((row) => row.map((cell) => (cell === null || cell === undefined ? "" : String(cell))));
  const lines = records.map((_, index) => index + 1);
  const tooWide = widthError(records, lines);
  if (tooWide !== undefined) return { error: tooWide };
  return { records, lines, delimiter: ",", sheets, sheet: picked };
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
  const { text, encoding } = decodeBytes(bytes);
  const records = readCsvRecords(text);
  return "error" in records ? records : { ...records, encoding };
}
