import { describe, expect, it } from "vitest";
import { parseInvestorRecordsSteps, runSteps } from "#app/domain/import/parse.ts";
import { readUpload } from "#app/domain/import/spreadsheet.ts";
import { askedSentence } from "#app/domain/import/value-table.ts";
import { choiceKey, isValueField } from "#app/domain/import/values.ts";
import { FOUNDER_SHEETS } from "#tests/helpers/founder-sheets.ts";

/** Issue 34's measure on three founders' own sheets: how many statuses the guesses alone understand, and all after her answers. */
async function parsed(bytes: Uint8Array, answers: Record<string, string> = {}) {
  const records = await readUpload(bytes);
  if ("error" in records) throw new Error(records.error);
  const chosen = new Map<string, string>();
  for (const [name, choice] of Object.entries(answers)) {
    const [, field = "", key = ""] = /^value\.([a-z_]+)\.(.*)$/.exec(name) ?? [];
    if (isValueField(field)) chosen.set(choiceKey(field, key), choice);
  }
  return { records, result: runSteps(parseInvestorRecordsSteps(records, { values: { chosen, remembered: new Map() } })) };
}

describe.each(FOUNDER_SHEETS)("$file", (sheet) => {
  it("has at least 10 status words and 20 rows", () => {
    expect(Object.keys(sheet.statuses).length).toBeGreaterThanOrEqual(10);
  });

  it("understands at least 80 % of the statuses with the guesses alone, asks the rest, and all after the founder's answers", async () => {
    const { records, result } = await parsed(sheet.bytes);
    const header = records.records[0] ?? [];
    const statusColumn = result.mapping?.columns.findIndex((column) => column.target === "relationship_status") ?? -1;
    expect(statusColumn).toBeGreaterThanOrEqual(0);
    const wordOf = new Map(records.records.slice(1).map((record) => [record[0]?.trim(), record[statusColumn]?.trim() ?? ""]));
    expect(result.rows.length).toBeGreaterThanOrEqual(20);
    let understood = 0;
    for (const row of result.rows) {
      const word = wordOf.get(row.profile.name) ?? "";
      const meant = sheet.statuses[word];
      expect(meant, `${word} (${header[statusColumn]}) is listed in the test`).toBeDefined();
      if (meant === "ask") expect(row.relationship_status).toBeUndefined();
      else if (row.relationship_status === meant) understood++;
    }
    expect(understood / result.rows.length).toBeGreaterThanOrEqual(0.8);
    expect(askedSentence(result.values)).not.toBe("");

    const answered = (await parsed(sheet.bytes, sheet.answers)).result;
    expect(askedSentence(answered.values)).toBe("");
    for (const row of answered.rows) {
      const meant = sheet.statuses[wordOf.get(row.profile.name) ?? ""];
      if (meant !== "ask") expect(row.relationship_status, row.profile.name).toBe(meant);
      else expect(row.relationship_status, row.profile.name).toMatch(/^(?:passed|contacted)$/);
    }
  });
});
