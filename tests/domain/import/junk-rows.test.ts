import { describe, expect, it } from "vitest";
import { junkRowReason } from "#app/domain/import/junk-rows.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";

const csv = (...lines: string[]) => lines.join("\n");

describe("junkRowReason", () => {
  it.each([
    ["test", "Looks like a test row: 'test'"],
    ["TEST", "Looks like a test row: 'TEST'"],
    ["Test Investor", "Looks like a test row: 'Test Investor'"],
    ["OpenVC Test Fund 1", "Looks like a test row: 'OpenVC Test Fund 1'"],
    ["test123", "Looks like a test row: 'test123'"],
    ["Test-Fund #2", "Looks like a test row: 'Test-Fund #2'"],
    ["Testing", "Looks like a test row: 'Testing'"],
    ["ｔｅｓｔ", "Looks like a test row: 'ｔｅｓｔ'"],
    ["Teste investidor", "Looks like a test row: 'Teste investidor'"],
    ["Prueba", "Looks like a test row: 'Prueba'"],
    ["テスト投資家", "Looks like a test row: 'テスト投資家'"],
    ["asdf", "Looks like a placeholder, not a name: 'asdf'"],
    ["asdfgh", "Looks like a placeholder, not a name: 'asdfgh'"],
    ["qwerty", "Looks like a placeholder, not a name: 'qwerty'"],
    ["xxx", "Looks like a placeholder, not a name: 'xxx'"],
    ["Lorem ipsum", "Looks like a placeholder, not a name: 'Lorem ipsum'"],
    ["TBC", "Looks like a placeholder, not a name: 'TBC'"],
    ["(placeholder)", "Looks like a placeholder, not a name: '(placeholder)'"],
    ["...", "Looks like a placeholder, not a name: '...'"],
    ["***", "Looks like a placeholder, not a name: '***'"],
    ["!!", "Looks like a placeholder, not a name: '!!'"],
  ])("refuses %j", (name, reason) => {
    expect(junkRowReason(name, undefined)).toBe(reason);
  });

  it.each([
    "Testa Ventures",
    "Test Valley Capital",
    "Test Ventures",
    "Contest Capital",
    "Attest Fund",
    "Protest VC",
    "Unknown Ventures",
    "OVC Fund",
    "212",
    "10D",
    "AV8",
    "Qwerty Angels",
    "Asdf Capital Partners",
    "Ana Sample",
    "Anonymous",
    "株式会社フロンティアキャピタル",
    "Arkéa Capital",
    "E²JDJ",
    "Xander Capital",
  ])("keeps the real name %j", (name) => {
    expect(junkRowReason(name, undefined)).toBeUndefined();
  });

  it("keeps a test-named row that has a real email: a founder trying the mail on themselves", () => {
    expect(junkRowReason("Test Investor", "me@ledgerly.io")).toBeUndefined();
    expect(junkRowReason("test", "me@ledgerly.io")).toBeUndefined();
  });

  it("counts an address at a reserved domain as no email (nobody can be reached there)", () => {
    for (const email of ["test@example.com", "a@b.example", "x@foo.test", "y@z.invalid", "q@example.org"])
      expect(junkRowReason("Test Investor", email)).toBe("Looks like a test row: 'Test Investor'");
  });

  it("refuses a placeholder name whatever email it has", () => {
    expect(junkRowReason("asdf", "me@ledgerly.io")).toBe("Looks like a placeholder, not a name: 'asdf'");
    expect(junkRowReason("***", "me@ledgerly.io")).toBe("Looks like a placeholder, not a name: '***'");
  });

  it("cuts a long name in its reason", () => {
    expect(junkRowReason(`test ${"fund ".repeat(40)}`.trim(), undefined)).toBe(
      `Looks like a test row: 'test ${"fund ".repeat(40).trim().slice(0, 35)}…'`,
    );
  });
});

describe("junk rows in a file", () => {
  it("refuses them in the preview's refusal list, with the reason, and imports the real rows around them", () => {
    const parsed = parseInvestorCsv(
      csv(
        "Name,Website,Email",
        "Alder Ventures,alder.example,team@alder.example",
        "OpenVC Test Fund 1,https://openvc.app,",
        "test,test.vc,",
        "***,,",
        "N/A,,",
        "Test Investor,,me@ledgerly.io",
        "Testa Ventures,testa.example,",
      ),
    );
    expect(parsed.rows.map((row) => row.profile.name)).toEqual(["Alder Ventures", "Test Investor", "Testa Ventures"]);
    expect(parsed.rejected).toEqual([
      { line: 3, name: "OpenVC Test Fund 1", reasons: ["Looks like a test row: 'OpenVC Test Fund 1'"] },
      { line: 4, name: "test", reasons: ["Looks like a test row: 'test'"] },
      { line: 5, name: "***", reasons: ["Looks like a placeholder, not a name: '***'"] },
      // "N/A" is an empty cell, as "-" and "#VALUE!" are: the row has no name.
      { line: 6, name: "", reasons: ["has no name"] },
    ]);
  });

  it("lets a real row of the same name after a refused junk row import", () => {
    const parsed = parseInvestorCsv(csv("Name,Email", "test,", "test,me@ledgerly.io"));
    expect(parsed.rows.map((row) => row.line)).toEqual([3]);
  });
});
