import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compactRow, sharedValues } from "#app/domain/import/compact.ts";
import { parseInvestorRecordsSteps, runSteps } from "#app/domain/import/parse.ts";
import { type Records, decodeBytes, readCsvRecords } from "#app/domain/import/read.ts";

const fixture = (name: string) => decodeBytes(readFileSync(new URL(`../../fixtures/import/${name}`, import.meta.url))).text;

function records(text: string): Records {
  const read = readCsvRecords(text);
  if ("error" in read) throw new Error(read.error);
  return read;
}

/** A team's sheet with the refusals a parse makes itself: a repeated header line and a second row for one investor. */
const TEAM_SHEET = [
  "Name,Firm,Email,Stage,Countries,Status,Owner,Next step,Intro via,Amount",
  'Kristin Lund,Fjord Climate,kristin@fjord.vc,Seed,"Norway, Sweden",Term sheet,Anna,Send deck,via Erik & Lena,NOK 2m',
  "Name,Firm,Email,Stage,Countries,Status,Owner,Next step,Intro via,Amount",
  'Jonas Berg,Nordic Seed,jonas@nordicseed.com,Seed,"Norway, Sweden",Emailed,Ben,Send deck,Erik Solberg,€250k',
  "Kristin Lund,Fjord Climate,kristin@fjord.vc,Seed,Norway,Passed,Anna,,,",
  "Mia Holm,Nordic Seed,mia@nordicseed.com,Pre-seed,Denmark,Call booked,Ben,Send deck,,",
].join("\n");

describe("the parse lets the file's records go as it reads them (decision 072)", () => {
  it.each([
    ["a team's sheet", TEAM_SHEET],
    ["the openvc-style list", fixture("openvc-style.csv")],
    ["the pipeline tracker", fixture("pipeline-tracker.csv")],
    ["the Japanese list", fixture("investors-ja.csv")],
  ])("reads %s to the same rows, refusals, values and warnings as when it holds them", (_, text) => {
    const held = runSteps(parseInvestorRecordsSteps(records(text)));
    const file = records(text);
    const released = runSteps(parseInvestorRecordsSteps(file, { release: true }));
    const { refusedCells, ...rest } = released;
    expect(rest).toEqual(held);
    expect(refusedCells?.size).toBe(held.rejected.length);
    // Nothing of a data row is left in the records but the refused rows' cells, kept by line.
    const headerAt = file.records.findIndex((record) => record.some((cell) => cell.trim() !== ""));
    expect(file.records.slice(headerAt + 1).every((record) => record.length === 0 || record.every((cell) => cell.trim() === ""))).toBe(
      true,
    );
    const original = records(text);
    for (const [line, cells] of refusedCells ?? []) expect(cells).toEqual(original.records[original.lines.indexOf(line)]);
  });

  it("keeps the cells of the rows it refused, for the file of refused rows", () => {
    const parsed = runSteps(parseInvestorRecordsSteps(records(TEAM_SHEET), { release: true }));
    expect(parsed.rejected.map((row) => [row.line, row.reasons[0]])).toEqual([
      [3, "repeats the header line"],
      [5, "same investor as line 2 (same email)"],
    ]);
    expect(parsed.refusedCells?.get(5)).toEqual([
      "Kristin Lund",
      "Fjord Climate",
      "kristin@fjord.vc",
      "Seed",
      "Norway",
      "Passed",
      "Anna",
      "",
      "",
      "",
    ]);
  });
});

describe("a parsed row as small as its values", () => {
  it("keeps every value, and holds the lists and short texts rows repeat once, frozen", () => {
    const parsed = runSteps(parseInvestorRecordsSteps(records(TEAM_SHEET)));
    const [kristin, jonas, mia] = parsed.rows;
    expect(kristin?.profile.geographies).toEqual(["Norway", "Sweden"]);
    expect(kristin?.profile.geographies).toBe(jonas?.profile.geographies);
    expect(kristin?.profile.stages).toBe(jonas?.profile.stages);
    expect(Object.isFrozen(kristin?.profile.stages)).toBe(true);
    expect(jonas?.next_step).toBe("Send deck");
    // Every cell given on both rows: one list of the columns they give.
    expect(kristin?.given).toBe(jonas?.given);
    expect(mia?.given).not.toBe(jonas?.given);
    expect(kristin?.intro_via?.map((person) => person.name)).toEqual(["Erik Solberg", "Lena"]);
  });

  it("answers a row equal to the one it was given", () => {
    const parsed = runSteps(parseInvestorRecordsSteps(records(fixture("pipeline-tracker.csv"))));
    const shared = sharedValues();
    for (const row of parsed.rows) expect(compactRow(row, shared)).toEqual(row);
  });

  it("shares no more than its bound, however many distinct values a file has", () => {
    const shared = sharedValues();
    const row = runSteps(parseInvestorRecordsSteps(records(TEAM_SHEET))).rows[0];
    if (!row) throw new Error("no row");
    for (let i = 0; i < 30_000; i++)
      compactRow({ ...row, next_step: `Step ${i}`, profile: { ...row.profile, stages: row.profile.stages } }, shared);
    expect(shared.texts.size).toBeLessThanOrEqual(20_000);
    expect(shared.lists.size).toBeLessThanOrEqual(20_000);
  });
});
