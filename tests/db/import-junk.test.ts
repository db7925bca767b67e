import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { planImport } from "#app/domain/import/plan.ts";
import { skippedSummary } from "#app/domain/import/preview.ts";
import { commitImport, existingForImport } from "#db/queries/import.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const now = new Date("2026-11-26T09:00:00Z");

describe("importing a founder's list with junk rows and a range for an amount", () => {
  it("refuses the junk rows with their reason, and saves no number for a committed range", () => {
    const { db } = createTestDatabase();
    const text = [
      "Investor Name,Firm,Email,Status,Commitment",
      "Mara Quill,Quill Ventures,mara@quill.example,Committed,$250K – $2M",
      "Otto Fenn,Fenn Capital,,Soft committed,$100k",
      "test,,,Contacted,",
      "Test Investor,,,Contacted,$50k",
      "!!!,,,,",
    ].join("\n");
    const parsed = parseInvestorCsv(text);
    const plan = planImport(parsed, existingForImport(db, parsed.rows));
    expect(plan.rejected).toEqual([
      { line: 4, name: "test", reasons: ["Looks like a test row: 'test'"] },
      { line: 5, name: "Test Investor", reasons: ["Looks like a test row: 'Test Investor'"] },
      { line: 6, name: "!!!", reasons: ["Looks like a placeholder, not a name: '!!!'"] },
    ]);
    expect(skippedSummary(plan).rows).toEqual([
      {
        line: 2,
        name: "Mara Quill",
        cells: ["Commitment: '$250K – $2M' is a range; write the amount committed (the range is kept in the notes)"],
      },
    ]);
    commitImport(db, plan, now);
    const rows = db.$client
      .prepare("select name, relationship_status, amount, amount_currency, personal_notes from investors where is_demo = 0 order by id")
      .all();
    expect(rows).toEqual([
      {
        name: "Mara Quill",
        relationship_status: "committed",
        amount: null,
        amount_currency: null,
        personal_notes: "Amount: $250K – $2M",
      },
      { name: "Otto Fenn", relationship_status: "soft_committed", amount: 100_000, amount_currency: "USD", personal_notes: null },
    ]);
  });
});
