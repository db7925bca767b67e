import { csvLine } from "../csv-write.ts";
import type { RejectedRow } from "./rows.ts";

/**
 * What the founder reads after an import, and the file of the rows it refused: each refused row
 * as it was in the file, after its line and the reason, so it can be fixed and imported again.
 * Pure; linear in the file's rows.
 */

export type RefusedRow = RejectedRow & { cells: string[] };

/**
 * Each refused row with its cells as the file had them, found by line in `cellsAt` (the parse's
 * `refusedCells`, or records read again for rows the plan refused after the parse let them go).
 */
export function refusedWithCells(
  header: string[],
  rejected: readonly RejectedRow[],
  cellsAt: ReadonlyMap<number, string[]>,
): { header: string[]; refused: RefusedRow[] } {
  return { header, refused: rejected.map((row) => ({ ...row, cells: cellsAt.get(row.line) ?? [] })) };
}

/** The records of the wanted lines, by line (a file read again for the rows the plan refused). */
export function recordsAtLines(file: { records: string[][]; lines: number[] }, wanted: ReadonlySet<number>): Map<number, string[]> {
  const cellsAt = new Map<number, string[]>();
  file.lines.forEach((line, index) => {
    if (wanted.has(line)) cellsAt.set(line, file.records[index] ?? []);
  });
  return cellsAt;
}

/** `line,reason,<the file's columns>`, one line per refused row, every one of them. */
export function refusedRowsCsv(header: readonly string[], refused: readonly RefusedRow[]): string {
  const lines = [csvLine(["line", "reason", ...header])];
  for (const row of refused) lines.push(csvLine([row.line, row.reasons.join("; "), ...row.cells]));
  return `${lines.join("\r\n")}\r\n`;
}
