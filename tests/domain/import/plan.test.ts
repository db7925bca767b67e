import { describe, expect, it } from "vitest";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { type ExistingInvestor, planImport } from "#app/domain/import/plan.ts";

const csv = (...lines: string[]) => lines.join("\n");
const existing = (id: number, name: string, more: Partial<ExistingInvestor> = {}): ExistingInvestor => ({
  id,
  name,
  firm: null,
  email: null,
  website: null,
  ...more,
});

describe("planImport: who is who", () => {
  it("keeps two firms of one name apart by their website domains, and matches each", () => {
    const saved = [
      existing(1, "Better Ventures", { website: "https://better.example" }),
      existing(2, "Better Ventures", { website: "https://betterventures.example" }),
    ];
    const plan = planImport(
      parseInvestorCsv(
        csv("Name,Website,Status", "Better Ventures,www.betterventures.example,Contacted", "Better Ventures,better.example/team,Passed"),
      ),
      saved,
    );
    expect(plan.create).toEqual([]);
    expect(plan.update.map((row) => [row.id, row.relationship_status])).toEqual([
      [2, "contacted"],
      [1, "passed"],
    ]);
  });

  it("creates a new investor for the same name at another domain or firm", () => {
    const saved = [existing(1, "Better Ventures", { website: "https://better.example", firm: "Better" })];
    const plan = planImport(
      parseInvestorCsv(csv("Name,Website,Firm", "Better Ventures,betterventures.example,Better", "Better Ventures,,Other Firm")),
      saved,
    );
    expect(plan.create.map((row) => row.line)).toEqual([2, 3]);
  });

  it("matches the same name at the same domain, and a name with nothing to tell it apart", () => {
    const saved = [existing(1, "Ada Lovelace", { firm: "Analytical" }), existing(2, "Acme", { website: "https://acme.example" })];
    const plan = planImport(parseInvestorCsv(csv("Name,Website", "ada lovelace,", "ACME,https://www.acme.example/")), saved);
    expect(plan.update.map((row) => row.id)).toEqual([1, 2]);
  });

  it("prefers an email match, and refuses a second row that reaches the same investor another way", () => {
    const saved = [existing(1, "Ada", { email: "ada@x.example" }), existing(2, "Grace")];
    const plan = planImport(parseInvestorCsv(csv("Name,Email", "Someone Else,ADA@x.example", "Ada,")), saved);
    expect(plan.update.map((row) => row.id)).toEqual([1]);
    expect(plan.rejected).toEqual([{ line: 3, name: "Ada", reasons: ["updates the same existing investor as line 2"] }]);
  });

  it("updates the oldest of two saved investors that both match, whatever their order", () => {
    const plan = planImport(parseInvestorCsv(csv("Name", "Ada")), [existing(9, "Ada"), existing(4, "Ada")]);
    expect(plan.update.map((row) => row.id)).toEqual([4]);
  });

  it("passes a file error through with nothing to create or update", () => {
    const plan = planImport(parseInvestorCsv(""), []);
    expect(plan).toMatchObject({ create: [], update: [], error: expect.stringContaining("empty") });
  });
});
