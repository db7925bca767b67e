import { describe, expect, it } from "vitest";
import { moneyUnitOfHeader, parseOneAmount } from "#app/domain/import/money.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";

const csv = (...lines: string[]) => lines.join("\n");

describe("parseOneAmount: one amount, never a range", () => {
  it.each([
    ["$250k", { amount: 250_000, currency: "USD" }],
    ["€1.5M", { amount: 1_500_000, currency: "EUR" }],
    ["250,000", { amount: 250_000 }],
  ])("reads %j as one amount", (cell, amount) => {
    expect(parseOneAmount(cell)).toEqual(amount);
  });

  it("scales by the header's unit", () => {
    expect(parseOneAmount("3000", moneyUnitOfHeader("出資額（万円）"))).toEqual({ amount: 30_000_000, currency: "JPY" });
  });

  it.each(["$250K – $2M", "250k-500k", "$1M to $2M", "up to $500k", "$1M+"])("reads %j as a range, not its top", (cell) => {
    expect(parseOneAmount(cell)).toEqual({ range: true });
  });

  it("reads a cell that is no amount as nothing", () => {
    expect(parseOneAmount("lots")).toBeUndefined();
  });
});

describe("a range in an amount column", () => {
  it("leaves the amount empty, says why in the preview, keeps the range in the notes and imports the rest of the row", () => {
    const parsed = parseInvestorCsv(
      csv(
        "Name,Status,committed_amount,Check Size Range,Notes",
        "Ada,Committed,$250K – $2M,$250K - $2M,Met twice",
        "Bo,Soft committed,250k-500k,,",
        "Cy,Contacted,$1M to $2M,,",
        "Di,Committed,$300k,,",
      ),
    );
    expect(parsed.rejected).toEqual([]);
    const [ada, bo, cy, di] = parsed.rows;
    expect(ada).toMatchObject({ relationship_status: "committed", personal_notes: "Met twice\nAmount: $250K – $2M" });
    expect(ada?.amount).toBeUndefined();
    expect(ada?.given).not.toContain("amount");
    expect(ada?.skipped).toEqual([
      { column: "committed_amount", reason: "'$250K – $2M' is a range; write the amount committed (the range is kept in the notes)" },
    ]);
    // The cheque size is a range by nature: it stays one.
    expect(ada?.profile).toMatchObject({ check_min: 250_000, check_max: 2_000_000 });
    expect(bo?.amount).toBeUndefined();
    expect(bo?.skipped[0]?.reason).toBe("'250k-500k' is a range; write the amount committed (the range is kept in the notes)");
    expect(cy?.amount).toBeUndefined();
    expect(cy?.skipped[0]?.reason).toBe("'$1M to $2M' is a range; write the one amount you expect (the range is kept in the notes)");
    expect(di).toMatchObject({ amount: 300_000, amount_currency: "USD", skipped: [] });
  });
});
