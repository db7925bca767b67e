/** The most investors one import takes (docs/api.md#limits): 20,000 rows of a wide list is about 8 MB. */
export const MAX_IMPORT_ROWS = 20_000;

/**
 * The most columns one import reads (docs/api.md#limits): real lists have a few dozen. Checked as
 * the file is read, before anything is built per column (the mapping, the preview's table).
 */
export const MAX_IMPORT_COLUMNS = 200;

/**
 * The most characters of one CSV cell the import reads: ten times the longest field (notes,
 * 10,000). A longer cell is cut to it as the file is read, so no field's reading, regex or preview
 * ever works on more (a 5 MB cell of short lines was half a million regex matches and killed the
 * server); the field's own limit then makes it that cell's error ("notes cut to 10,000
 * characters", a name refused: a longer one is counted as 100,000). A workbook holds at most
 * Excel's 32,767 (decision 057).
 */
export const MAX_CELL_CHARS = 100_000;

/** A header shown in the preview and its messages is cut to this many characters. */
export const MAX_HEADER_SHOWN = 80;

export const TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows; split it.`;

/** The refusal of a record wider than MAX_IMPORT_COLUMNS; `header` when it is the first non-blank line. */
export function tooManyColumns(width: number, line: number, header: boolean): string {
  const count = width.toLocaleString("en-US");
  const most = MAX_IMPORT_COLUMNS.toLocaleString("en-US");
  return header
    ? `This file has ${count} columns; the import reads at most ${most} — is the first row the header?`
    : `Line ${line} of the file has ${count} values; the import reads at most ${most} columns.`;
}
