import { beforeAll, describe, expect, it } from "vitest";
import { parseInvestorRecordsSteps, runSteps } from "#app/domain/import/parse.ts";
import { readUpload } from "#app/domain/import/spreadsheet.ts";
import { parseMoneyRange } from "#app/domain/import/money.ts";
import { countryHint, resolvePlace } from "#app/domain/places.ts";
import { loadTowns } from "#app/services/towns.server.ts";
import { FOUNDER_SHEETS } from "#tests/helpers/founder-sheets.ts";

/**
 * Issue 34's measure, money and places: on the three founders' own sheets, with the guesses alone,
 * at least 95 % of the cheques are read as money and at least 95 % of the towns are placed in
 * their own country (Valencia in a Spanish list is Spain's, Londres is London).
 */

beforeAll(async () => {
  await loadTowns();
});

describe.each(FOUNDER_SHEETS)("$file", (sheet) => {
  it("reads at least 95 % of the cheques, in at least 6 currencies, and places at least 95 % of the towns (20 or more) in their own country", async () => {
    const records = await readUpload(sheet.bytes);
    if ("error" in records) throw new Error(records.error);
    const parsed = runSteps(parseInvestorRecordsSteps(records));
    const columns = parsed.mapping?.columns ?? [];
    const chequeColumn = columns.findIndex((column) => column.target === "check_range");
    const townColumn = columns.findIndex((column) => column.target === "based_in");
    expect(chequeColumn, "a cheque column").toBeGreaterThanOrEqual(0);
    expect(townColumn, "a based-in column").toBeGreaterThanOrEqual(0);
    const byName = new Map(parsed.rows.map((row) => [row.profile.name, row]));

    let cheques = 0;
    let chequesRead = 0;
    const currencies = new Set<string>();
    const towns = new Set<string>();
    let townsResolved = 0;
    for (const record of records.records.slice(1)) {
      const row = byName.get(record[0]?.trim() ?? "");
      expect(row, record[0]).toBeDefined();
      if ((record[chequeColumn] ?? "").trim() !== "") {
        cheques++;
        if (row?.profile.check_min !== undefined || row?.profile.check_max !== undefined) {
          chequesRead++;
          currencies.add(row?.check_currency ?? "USD");
        }
      }
      const town = (record[townColumn] ?? "").trim();
      if (town !== "") {
        towns.add(town);
        const based = row?.profile.based_in;
        expect(sheet.towns[town], `${town} is listed in the test`).toBeDefined();
        if (based && resolvePlace(based)?.code === sheet.towns[town]) townsResolved++;
      }
    }
    expect(chequesRead / cheques).toBeGreaterThanOrEqual(0.95);
    expect(currencies.size).toBeGreaterThanOrEqual(6);
    expect(towns.size).toBeGreaterThanOrEqual(20);
    expect(townsResolved / (records.records.length - 1)).toBeGreaterThanOrEqual(0.95);
  });
});

describe("what the Spanish tracker taught (found by importing it)", () => {
  it.each([
    ["500.000 €", 500_000, "EUR"],
    ["1.500.000 €", 1_500_000, "EUR"],
    ["COP 2.000M", 2_000_000_000, "COP"],
    ["1,5 M€", 1_500_000, "EUR"],
    ["250,000", 250_000, undefined],
  ])("reads %j as %d %s (a dot before three digits groups thousands)", (cell, amount, currency) => {
    const range = parseMoneyRange(cell);
    expect([range?.min, range?.max, range?.currency]).toEqual([amount, amount, currency]);
  });

  it("places a town several countries have in the file's own country, and hubs as Spanish and Portuguese write them", () => {
    const hint = countryHint(["Madrid", "Barcelona", "Sevilla", "Bilbao", "Lima", "Miami"]);
    expect(hint).toBe("ES");
    expect(resolvePlace("Valencia")?.code).toBe("VE");
    expect(resolvePlace("Valencia", hint)?.name).toBe("Valencia, Spain");
    expect(resolvePlace("Granada")?.code).toBe("GD");
    expect(resolvePlace("Granada", hint)?.name).toBe("Granada, Spain");
    expect(countryHint(["Austin", "Boston", "Tokyo", "Osaka"])).toBeUndefined();
    for (const [written, name] of [
      ["Londres", "London"],
      ["Lisboa", "Lisbon"],
      ["Oporto", "Porto"],
      ["Ciudad de México", "Mexico City"],
      ["Múnich", "Munich"],
    ])
      expect(resolvePlace(written as string)?.name).toBe(name);
  });
});
