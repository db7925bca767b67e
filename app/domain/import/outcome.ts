import { csvLine } from "../csv-write.ts";
import type { RejectedRow } from "./rows.ts";

/**
 * What the founder reads after an import, and the file of the rows it refused: each refused row
 * as it was in the file, after its line and the reason, so it can be fixed and imported again.
 * Pure; linear in the file's rows.
 */

export type RefusedRow = RejectedRow & { cells: string[] };

/** The header row (the first that is not blank) and each refused row's cells, found by line. */
export function refusedWithCells(
  file: { records: string[][]; lines: number[] },
  rejected: readonly RejectedRow[],
): { header: string[]; refused: RefusedRow[] } {
  const headerAt = file.records.findIndex((record) => record.some((cell) => cell.trim() !== ""));
  const wanted = new Set(rejected.map((row) => row.line));
  const cellsAt = new Map<number, string[]>();
  file.lines.forEach((line, index) => {
    if (wanted.has(line)) cellsAt.set(line, file.records[index] ?? []);
  });
  return {
    header: headerAt < 0 ? [] : (file.records[headerAt] ?? []),
    refused: rejected.map((row) => ({ ...row, cells: cellsAt.get(row.line) ?? [] })),
  };
}

/** `line,reason,<the file's columns>`, one line per refused row, every one of them. */
export function refusedRowsCsv(header: readonly string[], refused: readonly RefusedRow[]): string {
  const lines = [csvLine(["line", "reason", ...header])];
  for (const row of refused) lines.push(csvLine([row.line, row.reasons.join("; "), ...row.cells]));
  return `${lines.join("\r\n")}\r\n`;
}
