import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "#app/domain/csv-write.ts";
import { undoFormulaGuard } from "#app/domain/import/rows.ts";

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet reads it: unquoted, inner quotes undoubled. */
function unquote(cell: string): string {
  return cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
}

describe("csvCell", () => {
  it("guards a list whose first item a spreadsheet would run as a formula", () => {
    const cell = unquote(csvCell(["@SUM(1+1)*cmd|' /C calc'!A0", "fintech"]));
    expect(cell).toBe("'@SUM(1+1)*cmd|' /C calc'!A0; fintech");
    expect(unquote(csvCell(['=HYPERLINK("http://evil")']))).toBe('\'=HYPERLINK("http://evil")');
    expect(unquote(csvCell(["-2+3"]))).toBe("'-2+3");
  });

  it("guards every cell, whatever it holds, and the import takes the guard off again", () => {
    const value = fc.oneof(
      fc.string(),
      fc.array(fc.string(), { maxLength: 4 }),
      fc.constantFrom("=1+1", "+1", "-1", "@A1", "\t=1", "\r=1", ["=1", "x"], ["+cmd"]),
    );
    fc.assert(
      fc.property(value, (raw) => {
        const cell = unquote(csvCell(raw));
        expect(cell).not.toMatch(FORMULA_START);
        const text = Array.isArray(raw) ? raw.join("; ") : raw;
        if (FORMULA_START.test(text)) expect(undoFormulaGuard(cell)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it("leaves numbers and plain text as they are", () => {
    expect(csvLine(["Ada", 250_000, ["seed", "series_a"], null, 0])).toBe("Ada,250000,seed; series_a,,0");
  });
});
