import { describe, expect, it } from "vitest";
import { CURRENCIES, moneyProblem, moneyUnitOfHeader, parseMoneyRange, parseOneAmount } from "#app/domain/import/money.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";

/**
 * Money in any currency a founder raises in (issue 34, decision 054): a founder's sheet had
 * "NOK 5m", "NOK 500k-1m", "SEK 10M", "DKK 3-10m" and a committed "NOK 2m", each read as
 * "not an amount" before.
 */
describe("amounts in any ISO 4217 currency, as people write them", () => {
  it.each([
    ["NOK 5m", { min: 5_000_000, max: 5_000_000, currency: "NOK" }],
    ["NOK 500k-1m", { min: 500_000, max: 1_000_000, currency: "NOK" }],
    ["SEK 10M", { min: 10_000_000, max: 10_000_000, currency: "SEK" }],
    ["DKK 3-10m", { min: 3_000_000, max: 10_000_000, currency: "DKK" }],
    ["5m NOK", { min: 5_000_000, max: 5_000_000, currency: "NOK" }],
    ["NOK5m", { min: 5_000_000, max: 5_000_000, currency: "NOK" }],
    ["nok 2m", { min: 2_000_000, max: 2_000_000, currency: "NOK" }],
    ["PLN 1-4m", { min: 1_000_000, max: 4_000_000, currency: "PLN" }],
    ["BRL 2M", { min: 2_000_000, max: 2_000_000, currency: "BRL" }],
    ["KES 50m", { min: 50_000_000, max: 50_000_000, currency: "KES" }],
    ["€300k", { min: 300_000, max: 300_000, currency: "EUR" }],
    ["CHF 500k-2m", { min: 500_000, max: 2_000_000, currency: "CHF" }],
    ["up to 2M", { max: 2_000_000 }],
    ["up to NOK 2M", { max: 2_000_000, currency: "NOK" }],
    ["$50k to $1M", { min: 50_000, max: 1_000_000, currency: "USD" }],
    ["NOK 500k to 1m", { min: 500_000, max: 1_000_000, currency: "NOK" }],
    ["R$ 1M", { min: 1_000_000, max: 1_000_000, currency: "BRL" }],
    ["2 mln zł".replace(" mln", "m"), { min: 2_000_000, max: 2_000_000, currency: "PLN" }],
    ["Nkr 5m", { min: 5_000_000, max: 5_000_000, currency: "NOK" }],
  ])("reads %j", (cell, range) => {
    expect(parseMoneyRange(cell)).toEqual(range);
  });

  it("reads a committed 'NOK 2m' as one amount in kroner", () => {
    expect(parseOneAmount("NOK 2m")).toEqual({ amount: 2_000_000, currency: "NOK" });
  });

  it("reads 'kr' as the krone the column's header or the investor's country names, and asks when nothing does", () => {
    expect(parseMoneyRange("kr 5m", { scale: 1, currency: "NOK" })).toEqual({ min: 5_000_000, max: 5_000_000, currency: "NOK" });
    expect(parseMoneyRange("kr 5m", moneyUnitOfHeader("Ticket (NOK)"))).toEqual({ min: 5_000_000, max: 5_000_000, currency: "NOK" });
    expect(parseMoneyRange("kr 5m", { scale: 1, local: ["NOK"] })).toEqual({ min: 5_000_000, max: 5_000_000, currency: "NOK" });
    expect(parseMoneyRange("5-10m kr", { scale: 1, local: ["DKK"] })).toEqual({ min: 5_000_000, max: 10_000_000, currency: "DKK" });
    // The column's own currency wins over the country's.
    expect(parseMoneyRange("kr 5m", { scale: 1, currency: "SEK", local: ["NOK"] })?.currency).toBe("SEK");
    // Nothing says whose krone: not read as some other country's, and the reason says what to write.
    expect(parseMoneyRange("kr 5m")).toBeUndefined();
    expect(moneyProblem("kr 5m")).toMatch(/SEK, NOK, DKK, ISK/);
    expect(moneyProblem("lots")).toBeUndefined();
  });

  it("keeps '$' as US dollars unless the column names another dollar, whatever the country", () => {
    expect(parseMoneyRange("$500k", { scale: 1, local: ["CAD"] })?.currency).toBe("USD");
    expect(parseMoneyRange("$500k", { scale: 1, currency: "CAD" })?.currency).toBe("CAD");
  });

  it("does not take an English word for a code unless it is written in capitals", () => {
    expect(parseMoneyRange("all 5m")).toBeUndefined();
    expect(parseMoneyRange("ALL 5m")).toEqual({ min: 5_000_000, max: 5_000_000, currency: "ALL" });
    expect(parseMoneyRange("5 lacs", { scale: 1 })).toEqual({ min: 500_000, max: 500_000 });
  });

  it("refuses two currencies in one range and codes that are no currency", () => {
    expect(parseMoneyRange("NOK 1m - SEK 2m")).toBeUndefined();
    expect(parseMoneyRange("XAU 5m")).toBeUndefined();
    expect(parseMoneyRange("ABC 5m")).toBeUndefined();
  });

  it("knows every active ISO 4217 currency, and no fund or metal code", () => {
    expect(CURRENCIES.length).toBeGreaterThan(150);
    for (const code of ["NOK", "SEK", "DKK", "ISK", "PLN", "CZK", "HUF", "BRL", "MXN", "KES", "NGN", "ZAR", "XOF", "AED", "TWD", "VND"]) {
      expect(CURRENCIES).toContain(code);
      expect(parseMoneyRange(`${code} 5m`)?.currency).toBe(code);
    }
    for (const code of ["XAU", "XTS", "XXX", "XDR", "USN", "CHE", "BOV"]) expect(CURRENCIES).not.toContain(code);
  });

  it("strips at most a few signs and refuses what is left of a hostile cell", () => {
    expect(parseMoneyRange(`${"NOK ".repeat(49)}5m`)).toBeUndefined();
    expect(parseMoneyRange("kr".repeat(100))).toBeUndefined();
    // Past the cell cap (200 characters) nothing is read.
    expect(parseMoneyRange(`NOK ${"9".repeat(250)}`)).toBeUndefined();
  });
});

describe("a founder's Nordic sheet, imported", () => {
  const lines = [
    "Investor,Fund,HQ,Ticket,Status,Committed,Commitment currency",
    "Sara Lindqvist,Fjord Ventures,Norway,NOK 5m,Contacted,,",
    "Mikkel Dahl,Øresund Capital,Denmark,DKK 3-10m,Soft committed,,",
    "Ingrid Berg,Nord Seed,Norway,NOK 500k-1m,Committed,NOK 2m,",
    "Lars Holm,Vasa Partners,Sweden,SEK 10M,In conversation,,",
    "Kari Nes,Bergen Angels,Norway,kr 500k,Committed,kr 1m,",
    "Elin Ek,Malmö Fund,Sweden,kr 2-4m,Contacted,,",
    "Jo Stene,Fjord Two,Nordics,kr 1m,Contacted,,",
    "Anna Roth,Alpen VC,Switzerland,CHF 500k-2m,Contacted,250k,chf",
    "Ada Moss,Paris Seed,France,€300k,Contacted,,",
    "Bo Wilde,Bay Fund,United States,$50k to $1M,Contacted,,",
  ];

  it("reads every cheque and commitment, the krone by the investor's country, and says why when no country tells", () => {
    const parsed = parseInvestorCsv(`${lines.join("\n")}\n`);
    expect(parsed.rejected).toEqual([]);
    const byName = new Map(parsed.rows.map((row) => [row.profile.name, row]));
    const cheque = (name: string) => {
      const row = byName.get(name);
      return [row?.profile.check_min, row?.profile.check_max, row?.check_currency];
    };
    expect(cheque("Sara Lindqvist")).toEqual([5_000_000, 5_000_000, "NOK"]);
    expect(cheque("Mikkel Dahl")).toEqual([3_000_000, 10_000_000, "DKK"]);
    expect(cheque("Ingrid Berg")).toEqual([500_000, 1_000_000, "NOK"]);
    expect(byName.get("Ingrid Berg")).toMatchObject({ amount: 2_000_000, amount_currency: "NOK" });
    expect(cheque("Lars Holm")).toEqual([10_000_000, 10_000_000, "SEK"]);
    expect(cheque("Kari Nes")).toEqual([500_000, 500_000, "NOK"]);
    expect(byName.get("Kari Nes")).toMatchObject({ amount: 1_000_000, amount_currency: "NOK" });
    expect(cheque("Elin Ek")).toEqual([2_000_000, 4_000_000, "SEK"]);
    expect(cheque("Anna Roth")).toEqual([500_000, 2_000_000, "CHF"]);
    expect(byName.get("Anna Roth")).toMatchObject({ amount: 250_000, amount_currency: "CHF" });
    expect(cheque("Ada Moss")).toEqual([300_000, 300_000, "EUR"]);
    expect(cheque("Bo Wilde")).toEqual([50_000, 1_000_000, "USD"]);
    // "Nordics" is no country: whose krone is not known, and the preview says what to write.
    const jo = byName.get("Jo Stene");
    expect(jo?.profile.check_min).toBeUndefined();
    expect(jo?.skipped).toEqual([
      {
        column: "Ticket",
        reason: "'kr 1m' is not an amount: the sign could be SEK, NOK, DKK, ISK: write the code (NOK 5m) or name it in the column's header",
      },
    ]);
  });
});
