import { describe, expect, it } from "vitest";
import { moneyUnitOfHeader, parseMoneyRange } from "#app/domain/import/money.ts";

describe("parseMoneyRange", () => {
  it.each([
    ["$500K-$2M", { min: 500_000, max: 2_000_000, currency: "USD" }],
    ["$250K - $2M", { min: 250_000, max: 2_000_000, currency: "USD" }],
    ["$50k to $1M", { min: 50_000, max: 1_000_000, currency: "USD" }],
    ["€250k", { min: 250_000, max: 250_000, currency: "EUR" }],
    ["50-250k", { min: 50_000, max: 250_000 }],
    ["1.5m", { min: 1_500_000, max: 1_500_000 }],
    ["up to $500k", { max: 500_000, currency: "USD" }],
    ["$1M+", { min: 1_000_000, currency: "USD" }],
    ["£1M", { min: 1_000_000, max: 1_000_000, currency: "GBP" }],
    ["CHF 200k – 1m", { min: 200_000, max: 1_000_000, currency: "CHF" }],
    ["¥30M", { min: 30_000_000, max: 30_000_000, currency: "JPY" }],
    ["₹50L".replace("L", " lakh"), { min: 5_000_000, max: 5_000_000, currency: "INR" }],
    ["C$100k-C$500k", { min: 100_000, max: 500_000, currency: "CAD" }],
    ["A$250k", { min: 250_000, max: 250_000, currency: "AUD" }],
    ["S$1m", { min: 1_000_000, max: 1_000_000, currency: "SGD" }],
    ["500k SEK", { min: 500_000, max: 500_000, currency: "SEK" }],
    ["$1KK - 5M", { min: 1_000_000, max: 5_000_000, currency: "USD" }],
    ["$1M - $5M\n\n", { min: 1_000_000, max: 5_000_000, currency: "USD" }],
    ["250,000", { min: 250_000, max: 250_000 }],
    ["1,5M €", { min: 1_500_000, max: 1_500_000, currency: "EUR" }],
    ["$150K - $50K", { min: 50_000, max: 150_000, currency: "USD" }],
    ["$ $500K - $700K", { min: 500_000, max: 700_000, currency: "USD" }],
    ["$10K and 50K", { min: 10_000, max: 50_000, currency: "USD" }],
    ["INR 20-25 lacs", { min: 2_000_000, max: 2_500_000, currency: "INR" }],
  ])("reads %j", (cell, range) => {
    expect(parseMoneyRange(cell)).toEqual(range);
  });

  it.each(["lots", "#VALUE!", "$", "-5", "up to 2M-1M", "€1M-$2M", "99999999999999999999", "x".repeat(300)])("refuses %j", (cell) => {
    expect(parseMoneyRange(cell)).toBeUndefined();
  });

  it("scales by the header's unit and takes its currency", () => {
    const unit = moneyUnitOfHeader("出資可能額（万円）");
    expect(unit).toEqual({ scale: 10_000, currency: "JPY" });
    expect(parseMoneyRange("3000", unit)).toEqual({ min: 30_000_000, max: 30_000_000, currency: "JPY" });
    expect(moneyUnitOfHeader("Cheque (k)")).toEqual({ scale: 1_000 });
    expect(moneyUnitOfHeader("Ticket in $M")).toEqual({ scale: 1_000_000, currency: "USD" });
    expect(moneyUnitOfHeader("Check size")).toEqual({ scale: 1 });
    expect(parseMoneyRange("0.5-2", moneyUnitOfHeader("Ticket in $M"))).toEqual({ min: 500_000, max: 2_000_000, currency: "USD" });
  });

  it("lets a cell's own multiplier and currency win over the header's", () => {
    expect(parseMoneyRange("250k", { scale: 1_000 })).toEqual({ min: 250_000, max: 250_000 });
    expect(parseMoneyRange("500-2M", { scale: 1_000, currency: "EUR" })).toEqual({ min: 500_000, max: 2_000_000, currency: "EUR" });
    expect(parseMoneyRange("$1M", { scale: 10_000, currency: "JPY" })).toEqual({ min: 1_000_000, max: 1_000_000, currency: "USD" });
  });
});
