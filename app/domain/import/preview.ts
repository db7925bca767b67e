import { FIELD_LABELS, IMPORT_FIELDS } from "./fields.ts";
import { MAX_HEADER_SHOWN } from "./limits.ts";
import type { ParsedImport } from "./parse.ts";
import type { ImportPlan } from "./plan.ts";

/**
 * What the preview page shows, in words, from a parsed file and its plan. Pure; bounded: lists
 * show their first PREVIEW_ROWS entries and the counts are whole.
 */

export const PREVIEW_ROWS = 50;

export type ChangedColumns = { columns: string[] };

const CHANGE_WORDS: Record<string, [string, string]> = {
  relationshipStatus: ["changes status", "change status"],
  lastContactDate: ["gets a new last contact", "get a new last contact"],
  personalNotes: ["gets new notes", "get new notes"],
  checkMin: ["gets a new cheque range", "get a new cheque range"],
  stages: ["gets new stages", "get new stages"],
  sectors: ["gets new sectors", "get new sectors"],
  geographies: ["gets new geographies", "get new geographies"],
  email: ["gets a new email", "get a new email"],
  website: ["gets a new website", "get a new website"],
  // The Owner column matched to a member (decision 062).
  ownerMemberId: ["gets a new owner", "get a new owner"],
};

/** A saved column in the founder's words: "owner", not "owner member id" (a founder's walkthrough read the latter). */
const COLUMN_WORDS: Record<string, string> = {
  relationshipStatus: "status",
  lastContactDate: "last contact",
  personalNotes: "notes",
  checkMin: "cheque range",
  checkMax: "cheque range",
  checkCurrency: "cheque range",
  ownerMemberId: "owner",
  linkedinUrl: "LinkedIn",
  basedIn: "based in",
  passReason: "why they passed",
  passNote: "pass note",
};

export function columnWords(column: string): string {
  return COLUMN_WORDS[column] ?? column.replace(/([A-Z])/g, " $1").toLowerCase();
}

/** A row's changed columns as one phrase: "status, owner, cheque range" (a cheque's three columns said once). */
export function changedColumnsText(columns: readonly string[]): string {
  return [...new Set(columns.map(columnWords))].join(", ");
}

/** "3 change status, 2 get a new last contact, 1 gets new notes" for the updates that change something. */
/** Counts a changed row's columns (a cheque's three columns are one change). */
export function tallyChanges(counts: Map<string, number>, columns: string[]): void {
  const keys = new Set(columns.map((column) => (column === "checkMax" || column === "checkCurrency" ? "checkMin" : column)));
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
}

export function describeChanges(changed: ChangedColumns[]): string {
  const counts = new Map<string, number>();
  for (const row of changed) tallyChanges(counts, row.columns);
  return describeChangeCounts(counts);
}

/** "2 change status, 1 gets new notes": how many rows change each column, in words. */
export function describeChangeCounts(counts: Map<string, number>): string {
  const parts: string[] = [];
  for (const [key, [one, many]] of Object.entries(CHANGE_WORDS)) {
    const count = counts.get(key);
    if (count) parts.push(`${count} ${count === 1 ? one : many}`);
  }
  const other = [...counts.keys()].filter((key) => !(key in CHANGE_WORDS));
  if (other.length > 0) parts.push(`other changes: ${changedColumnsText(other)}`);
  return parts.join(", ");
}

export function fieldOptions(): Array<{ value: string; label: string }> {
  return [{ value: "ignore", label: "Not imported" }, ...IMPORT_FIELDS.map((field) => ({ value: field, label: FIELD_LABELS[field] }))];
}

/** A header as the page shows it: an over-long one (a pasted paragraph) is cut. */
export function shownHeader(header: string): string {
  return header.length > MAX_HEADER_SHOWN ? `${header.slice(0, MAX_HEADER_SHOWN)}…` : header;
}

/** The mapping table: every column with its field and a sample value. */
export function previewColumns(parsed: ParsedImport, sampleRecord: string[] | undefined) {
  return (parsed.mapping?.columns ?? []).map((column, index) => {
    const sample = (sampleRecord?.[index] ?? "").replace(/\s+/g, " ").trim();
    return {
      index,
      header: shownHeader(column.header) || `(column ${index + 1}, no name)`,
      target: column.target,
      guessed: column.guessed,
      sample: sample.length > 40 ? `${sample.slice(0, 40)}…` : sample,
    };
  });
}

/** How the file was read, in one sentence. */
export function describeReading(
  encoding: string,
  delimiter: string,
  parsed: ParsedImport,
  workbook?: { sheets: string[]; sheet: string },
): string[] {
  const lines: string[] = [];
  const names: Record<string, string> = {
    "utf-8": "UTF-8",
    "utf-16le": "UTF-16",
    "utf-16be": "UTF-16 (big-endian)",
    "windows-1252": "Windows-1252",
    xlsx: "an Excel workbook (first sheet)",
  };
  const separators: Record<string, string> = { ",": "commas", ";": "semicolons", "\t": "tabs" };
  const several = workbook && workbook.sheets.length > 1;
  lines.push(
    encoding === "xlsx"
      ? several
        ? `Read as an Excel workbook, sheet “${workbook.sheet}” (${workbook.sheets.indexOf(workbook.sheet) + 1} of ${workbook.sheets.length}): choose another below.`
        : `Read as ${names.xlsx}.`
      : `Read as ${names[encoding] ?? encoding} text, values separated by ${separators[delimiter] ?? delimiter}.`,
  );
  if (parsed.dateOrder) {
    const order =
      parsed.dateOrder.order === "day_first" ? "day/month/year (05/11/2026 is 5 November)" : "month/day/year (05/11/2026 is May 11)";
    lines.push(
      `Dates written with slashes are read as ${order}${parsed.dateOrder.evidence ? ", as the file's other dates show" : ": nothing in the file tells, so check them"}.`,
    );
  }
  return lines;
}

export function skippedSummary(plan: ImportPlan) {
  const rows = [...plan.create, ...plan.update].filter((row) => row.skipped.length > 0).sort((a, b) => a.line - b.line);
  return {
    count: rows.length,
    rows: rows
      .slice(0, PREVIEW_ROWS)
      .map((row) => ({ line: row.line, name: row.profile.name, cells: row.skipped.map((cell) => `${cell.column}: ${cell.reason}`) })),
  };
}
