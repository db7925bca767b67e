import { decodeBytes, isZip, type Records, readCsvRecords } from "./read.ts";

/**
 * The first sheet of an .xlsx as records, through SheetJS (@e965/xlsx: the current SheetJS
 * release as published on npm; the `xlsx` package there is stuck at 0.18.5 with known
 * advisories). Loaded on the first spreadsheet, so a server that never sees one never pays for it.
 * `maxRows` bounds the rows read, so a huge sheet cannot fill memory.
 */
export async function readXlsxRecords(bytes: Uint8Array, maxRows: number): Promise<Records | { error: string }> {
  const XLSX = await import("@e965/xlsx");
  let sheetRows: unknown[][];
  try {
    const book = XLSX.read(bytes, {
      type: "array",
      dense: true,
      sheetRows: maxRows + 1,
      cellDates: false,
      cellHTML: false,
      cellFormula: false,
    });
    const first = book.SheetNames[0];
    const sheet = first === undefined ? undefined : book.Sheets[first];
    if (!sheet) return { error: "The spreadsheet has no sheet." };
    sheetRows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: true });
  } catch {
    return { error: "The file is not a spreadsheet we can read. Save it as .xlsx or CSV and try again." };
  }
  const records = sheetRows.map((row) => row.map((cell) => (cell === null || cell === undefined ? "" : String(cell))));
  return { records, lines: records.map((_, index) => index + 1), delimiter: "," };
}

/** An upload's bytes → records: a spreadsheet when it is a zip (.xlsx), else CSV text in any of the encodings decodeBytes reads. */
export async function readUpload(bytes: Uint8Array, maxRows: number): Promise<(Records & { encoding: string }) | { error: string }> {
  if (isZip(bytes)) {
    const sheet = await readXlsxRecords(bytes, maxRows);
    return "error" in sheet ? sheet : { ...sheet, encoding: "xlsx" };
  }
  const { text, encoding } = decodeBytes(bytes);
  const records = readCsvRecords(text);
  return "error" in records ? records : { ...records, encoding };
}
