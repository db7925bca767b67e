import { describe, expect, it } from "vitest";
import { MAX_CELL_CHARS, MAX_HEADER_SHOWN, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "#app/domain/import/limits.ts";
import { previewColumns } from "#app/domain/import/preview.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { readCsvRecords, widthError } from "#app/domain/import/read.ts";

const row = (width: number, cell: (index: number) => string) => Array.from({ length: width }, (_, index) => cell(index)).join(",");

describe("the import's column cap", () => {
  it("reads a header of exactly MAX_IMPORT_COLUMNS columns", () => {
    const parsed = parseInvestorCsv(`${row(MAX_IMPORT_COLUMNS, (i) => (i === 0 ? "Name" : `c${i}`))}\nAda,x`);
    expect(parsed.error).toBeUndefined();
    expect(parsed.mapping?.columns).toHaveLength(MAX_IMPORT_COLUMNS);
    expect(parsed.rows.map((r) => r.profile.name)).toEqual(["Ada"]);
  });

  it("refuses a header one column wider, saying how wide and asking about the header", () => {
    const parsed = parseInvestorCsv(`${row(MAX_IMPORT_COLUMNS + 1, (i) => `c${i}`)}\nAda`);
    expect(parsed.error).toBe("This file has 201 columns; the import reads at most 200 — is the first row the header?");
  });

  it("refuses a data row wider than the cap by its line", () => {
    const result = readCsvRecords(`Name\n\nAda\n${row(10_000, (i) => `v${i}`)}`);
    expect(result).toEqual({ error: "Line 4 of the file has 10,000 values; the import reads at most 200 columns." });
  });

  it("does not count empty cells after the last value as columns", () => {
    const result = readCsvRecords(`Name,Firm${",".repeat(5_000)}\nAda,Acme`);
    if ("error" in result) throw new Error(result.error);
    expect(result.records[0]).toEqual(["Name", "Firm"]);
  });

  it("keeps the line numbers of the founder's editor while dropping blank lines", () => {
    const result = readCsvRecords('Name,Notes\n\n"Ada","two\nlines"\n,\nBo,x');
    if ("error" in result) throw new Error(result.error);
    expect(result.records).toEqual([
      ["Name", "Notes"],
      ["Ada", "two\nlines"],
      ["Bo", "x"],
    ]);
    expect(result.lines).toEqual([1, 3, 6]);
  });

  it("stops reading at one row past MAX_IMPORT_ROWS", () => {
    const result = readCsvRecords(`Name\n${"a\n".repeat(MAX_IMPORT_ROWS + 1)}`);
    expect(result).toEqual({ error: "The file has more than 20,000 rows; split it." });
    const blank = readCsvRecords(`Name\n${"\n".repeat(1_000_000)}Ada`);
    if ("error" in blank) throw new Error(blank.error);
    expect(blank.lines).toEqual([1, 1_000_002]);
  });

  it("checks a sheet's rows the same way", () => {
    expect(widthError([[], Array.from({ length: 300 }, () => "h")], [1, 2])).toBe(
      "This file has 300 columns; the import reads at most 200 — is the first row the header?",
    );
    expect(widthError([["Name", ...Array.from({ length: 300 }, () => "")]], [1])).toBeUndefined();
  });
});

describe("an over-long header cell", () => {
  it("is cut to MAX_HEADER_SHOWN characters in the preview's table and messages", () => {
    const long = "h".repeat(1_000_000);
    const parsed = parseInvestorCsv(`${long},Who\nx,Ada`);
    const text = parsed.warnings.join("\n");
    expect(text).toContain(`${"h".repeat(MAX_HEADER_SHOWN)}…`);
    expect(text.length).toBeLessThan(1_000);
    const columns = previewColumns(parsed, ["x", "Ada"]);
    expect(columns.map((column) => column.header.length)).toEqual([MAX_HEADER_SHOWN + 1, 3]);
  });
});

describe("a name longer than the new-investor form takes", () => {
  it("refuses the row with the reason, as the form refuses past 200 characters; 200 is kept whole", () => {
    const parsed = parseInvestorCsv(`Name\n${"(".repeat(100_000)}\n${"a".repeat(200)}`);
    expect(parsed.rows.map((row) => row.profile.name)).toEqual(["a".repeat(200)]);
    expect(parsed.rejected).toEqual([
      { line: 2, name: `${"(".repeat(60)}…`, reasons: ["name is 100,000 characters; at most 200 (the new-investor form's limit)"] },
    ]);
  });
});

describe("a cell longer than any field reads", () => {
  it("is cut to MAX_CELL_CHARS as the file is read, its line breaks still counted for the lines after it", () => {
    const notes = `first\r\n${"a line\n".repeat(20_000)}lone\rend`;
    const read = readCsvRecords(`Name,Notes\nAnn,"${notes}"\nBen,short\n`);
    if ("error" in read) throw new Error(read.error);
    expect(read.records[1]?.[1]).toBe(notes.slice(0, MAX_CELL_CHARS));
    // Ann's cell spans 1 + 20,000 + 1 + 1 lines: Ben is on line 3 + 20,002.
    expect(read.lines).toEqual([1, 2, 20_005]);
  });

  it("is that cell's error: notes are cut to their field's limit, an over-long name refuses its row", () => {
    const parsed = parseInvestorCsv(`Name,Notes\nAnn,"${"x".repeat(200_000)}"\n"${"N".repeat(200_000)}",short\n`);
    expect(parsed.rows[0]?.skipped).toEqual([{ column: "Notes", reason: "notes cut to 10,000 characters" }]);
    expect(parsed.rejected[0]?.reasons[0]).toMatch(/^name is 100,000 characters; at most 200/);
  });
});
