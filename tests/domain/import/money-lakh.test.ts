import { describe, expect, it } from "vitest";
import { parseMoneyRange } from "#app/domain/import/money.ts";

describe("Indian digit grouping", () => {
  it.each([
    ["₹1,00,000", 100_000],
    ["INR 25,00,000", 2_500_000],
    ["₹1,50,00,000", 15_000_000],
    ["Rs. 5,00,000", 500_000],
  ])("reads %s as %d rupees", (cell, amount) => {
    expect(parseMoneyRange(cell)).toMatchObject({ min: amount, max: amount, currency: "INR" });
  });
});
