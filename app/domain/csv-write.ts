/**
 * Writes CSV (RFC 4180). Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * are prefixed with a single quote, since names, notes and list items (sectors…) come from
 * people and web pages. Every cell is guarded but a number, which cannot be a formula.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = Array.isArray(value) ? value.join("; ") : String(value);
  if (typeof value !== "number" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(",");
}
