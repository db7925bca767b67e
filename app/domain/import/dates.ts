/**
 * Dates as spreadsheets write them: ISO, "2026/03/15", "05/11/2026" (day-first or month-first,
 * decided once for the whole file), "05.11.2026" (always day-first), "Nov 5, 2026", "5 Nov 2026",
 * "2026年3月15日", and Excel serial numbers. Out: YYYY-MM-DD, or undefined.
 */

export type DateOrder = "day_first" | "month_first";

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const SLASHED = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})$/;

function iso(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

function fullYear(year: string): number {
  const value = Number(year);
  return year.length === 2 ? 2000 + value : value;
}

/**
 * Looks at every "a/b/yyyy" date in a column once: a first number over 12 means day-first, a
 * second over 12 month-first; with neither (or both) the file is read month-first, and the
 * preview says so.
 */
export function decideDateOrder(cells: Iterable<string>): { order: DateOrder; evidence: boolean } {
  let dayFirst = false;
  let monthFirst = false;
  for (const cell of cells) {
    const match = SLASHED.exec(cell.trim());
    if (!match) continue;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  if (dayFirst && !monthFirst) return { order: "day_first", evidence: true };
  return { order: "month_first", evidence: monthFirst && !dayFirst };
}

/** True when any cell is written a/b/yyyy, so the preview must say how such dates were read. */
export function hasSlashedDates(cells: Iterable<string>): boolean {
  for (const cell of cells) if (SLASHED.test(cell.trim())) return true;
  return false;
}

/** 1 = 1900-01-01 in Excel's count (which keeps Lotus's 1900 leap-year bug: serial 60). */
function fromExcelSerial(serial: number): string | undefined {
  if (!Number.isInteger(serial) || serial < 20_000 || serial > 120_000) return undefined;
  const epoch = Date.UTC(1899, 11, 30);
  return new Date(epoch + serial * 86_400_000).toISOString().slice(0, 10);
}

export function parseDate(cell: string, order: DateOrder = "month_first"): string | undefined {
  const text = cell.normalize("NFKC").trim();
  if (text === "" || text.length > 40) return undefined;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/.exec(text);
  if (match) return iso(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{4})年(\d{1,2})月(\d{1,2})日$/.exec(text);
  if (match) return iso(Number(match[1]), Number(match[2]), Number(match[3]));
  match = SLASHED.exec(text);
  if (match) {
    const [a, b] = [Number(match[1]), Number(match[2])];
    const year = fullYear(match[3] ?? "");
    return order === "day_first" ? iso(year, b, a) : iso(year, a, b);
  }
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (match) return iso(Number(match[3]), Number(match[2]), Number(match[1]));
  // "Nov 5, 2026", "November 5 2026"
  match = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(text);
  if (match) {
    const month = MONTHS[(match[1] ?? "").toLowerCase().slice(0, (match[1] ?? "").toLowerCase().startsWith("sept") ? 4 : 3)];
    return month ? iso(Number(match[3]), month, Number(match[2])) : undefined;
  }
  // "5 Nov 2026", "5-Nov-2026"
  match = /^(\d{1,2})[\s-]([a-z]{3,9})\.?[\s-,]+(\d{4})$/i.exec(text);
  if (match) {
    const month = MONTHS[(match[2] ?? "").toLowerCase().slice(0, 3)];
    return month ? iso(Number(match[3]), month, Number(match[1])) : undefined;
  }
  if (/^\d{5,6}(\.0+)?$/.test(text)) return fromExcelSerial(Number(text));
  return undefined;
}
