import { describe, expect, it } from "vitest";
import {
  MAX_IMPORT_ROWS,
  emailKey,
  nameFirmKey,
  normalizeHeader,
  parseCheckSize,
  parseInvestorCsv,
  parseStage,
  planImport,
  undoFormulaGuard,
} from "#app/domain/investor-import.ts";
import type { ExistingInvestor, ImportPlan } from "#app/domain/investor-import.ts";

const csv = (...lines: string[]) => lines.join("\n");

/** What the database would hold after committing a plan: creates get fresh ids. */
function existingAfter(plan: ImportPlan, before: ExistingInvestor[]): ExistingInvestor[] {
  const rows = new Map(before.map((investor) => [investor.id, investor]));
  for (const row of plan.update) {
    rows.set(row.id, {
      id: row.id,
      name: row.profile.name,
      firm: row.profile.firm ?? null,
      email: row.profile.email ?? null,
    });
  }
  let nextId = Math.max(0, ...rows.keys()) + 1;
  for (const row of plan.create) {
    rows.set(nextId, {
      id: nextId++,
      name: row.profile.name,
      firm: row.profile.firm ?? null,
      email: row.profile.email ?? null,
    });
  }
  return [...rows.values()];
}

describe("parseInvestorCsv: headers", () => {
  it("reads mixed-case, padded headers after a UTF-8 BOM and fills every column", () => {
    const parsed = parseInvestorCsv(
      "\uFEFF" +
        csv(
          [
            " NAME ,Firm,KIND,Website,LinkedIn_URL,EMAIL,Sectors,STAGES,Geographies",
            "Check_Min,CHECK_MAX,Relationship_Status,Last_Contact_Date,Personal_Notes",
          ].join(","),
          [
            "Ada Lovelace,Analytical Ventures,Angel,https://av.example",
            "https://www.linkedin.com/in/ada,Ada@AV.example, fintech ; ;AI;fintech",
            'Pre-seed;Series A;seed,UK;EU,"$250,000",1.5m,In Conversation,2026-01-15',
            "  met at a dinner  ",
          ].join(","),
        ),
    );
    expect(parsed.error).toBeUndefined();
    expect(parsed.rejected).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        line: 2,
        profile: {
          name: "Ada Lovelace",
          firm: "Analytical Ventures",
          kind: "angel",
          website: "https://av.example",
          linkedin_url: "https://www.linkedin.com/in/ada",
          email: "Ada@AV.example",
          sectors: ["fintech", "AI"],
          stages: ["pre_seed", "series_a", "seed"],
          geographies: ["UK", "EU"],
          check_min: 250_000,
          check_max: 1_500_000,
        },
        relationship_status: "in_conversation",
        last_contact_date: "2026-01-15",
        personal_notes: "met at a dinner",
        given: [
          "name",
          "firm",
          "kind",
          "website",
          "linkedin_url",
          "email",
          "sectors",
          "stages",
          "geographies",
          "check_min",
          "check_max",
          "relationship_status",
          "last_contact_date",
          "personal_notes",
        ],
      },
    ]);
  });

  it("reads a quoted header line after a BOM", () => {
    const parsed = parseInvestorCsv('\uFEFF"Name","Email"\n"Ann","ann@x.example"');
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows.map((row) => [row.profile.name, row.profile.email])).toEqual([["Ann", "ann@x.example"]]);
  });

  it("ignores unknown columns but names them in one warning", () => {
    const parsed = parseInvestorCsv(csv("id,name,Score,email,", "7,Grace Hopper,88,grace@navy.example,"));
    expect(parsed.warnings).toEqual(["Ignored columns that import does not use: id, Score."]);
    expect(parsed.rows.map((row) => row.profile)).toEqual([
      {
        name: "Grace Hopper",
        email: "grace@navy.example",
        kind: "fund",
        sectors: [],
        stages: [],
        geographies: [],
      },
    ]);
    // Only the columns with a value are "given": defaults must not overwrite on update.
    expect(parsed.rows[0]?.given).toEqual(["name", "email"]);
  });

  it("names at most ten ignored columns, each cut to 60 characters, so the warning stays short", () => {
    const extra = Array.from({ length: 500 }, (_, i) => `column ${i} ${"x".repeat(100)}`);
    const parsed = parseInvestorCsv(csv(["name", ...extra].join(","), ["Grace Hopper", ...extra.map(() => "")].join(",")));
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]).toMatch(/^Ignored columns that import does not use: column 0 x+…, column 1 /);
    expect(parsed.warnings[0]).toMatch(/ and 490 more\.$/);
    expect(parsed.warnings[0]!.length).toBeLessThan(1_000);
  });

  it("uses the first of two columns with the same name, and says so", () => {
    const parsed = parseInvestorCsv(csv("name,email,Email", "Ann,ann@a.example,other@b.example"));
    expect(parsed.rows[0]?.profile.email).toBe("ann@a.example");
    expect(parsed.warnings).toEqual(["The column email appears more than once; only the first one is used."]);
  });

  it("accepts spaces and hyphens in header names", () => {
    expect(normalizeHeader(" Last Contact-Date ")).toBe("last_contact_date");
    expect(normalizeHeader("\uFEFFName")).toBe("name");
  });

  it("refuses a file without a name column as a whole, without throwing", () => {
    const parsed = parseInvestorCsv(csv("firm,email", "Acme,a@acme.example"));
    expect(parsed).toEqual({
      rows: [],
      rejected: [],
      warnings: [],
      error: "The file has no name column. The first line must hold column names such as name,firm,email.",
    });
  });

  it("treats a headerless file (first line is data) as having no name column", () => {
    const parsed = parseInvestorCsv(csv("Ada Lovelace,Analytical Ventures", "Grace Hopper,Navy"));
    expect(parsed.error).toMatch(/no name column/);
    expect(parsed.warnings).toEqual(["Ignored columns that import does not use: Ada Lovelace, Analytical Ventures."]);
  });

  it.each([
    ["an empty file", ""],
    ["only blank lines", "\n  \r\n\n"],
    ["only a BOM", "\uFEFF"],
  ])("refuses %s with an error", (_label, text) => {
    const parsed = parseInvestorCsv(text);
    expect(parsed.error).toMatch(/^The file is empty\./);
    expect(parsed.rows).toEqual([]);
  });

  it("accepts a header-only file with no rows and a warning", () => {
    const parsed = parseInvestorCsv("name,firm,email\n");
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows).toEqual([]);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.warnings).toEqual(["The file has column names but no investors."]);
  });
});

describe("parseInvestorCsv: size limit", () => {
  const fileWith = (count: number) =>
    ["name,email", ...Array.from({ length: count }, (_, i) => `Investor ${i},i${i}@x.example`)].join("\n");

  it(`accepts exactly ${MAX_IMPORT_ROWS} rows`, () => {
    const parsed = parseInvestorCsv(fileWith(MAX_IMPORT_ROWS));
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(parsed.rows.at(-1)?.line).toBe(MAX_IMPORT_ROWS + 1);
  });

  it("refuses one row more as a whole", () => {
    const parsed = parseInvestorCsv(fileWith(MAX_IMPORT_ROWS + 1));
    expect(parsed.error).toBe("The file has more than 5,000 rows; split it.");
    expect(parsed.rows).toEqual([]);
    expect(parsed.rejected).toEqual([]);
  });

  it("does not count blank lines towards the limit", () => {
    const text = `${fileWith(MAX_IMPORT_ROWS)}\n\n\n\n`;
    expect(parseInvestorCsv(text).error).toBeUndefined();
  });
});

describe("parseInvestorCsv: rows and line numbers", () => {
  it("skips blank and whitespace-only lines but keeps counting them", () => {
    const parsed = parseInvestorCsv(csv("name,firm", "", "Ann,A", "   ", ",", "Bob,B", ""));
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows.map((row) => [row.line, row.profile.name])).toEqual([
      [3, "Ann"],
      [6, "Bob"],
    ]);
  });

  it("keeps quoted commas and line breaks in one value, numbering later lines as an editor does", () => {
    const text = csv(
      "name,firm,personal_notes,email",
      '"Doe, Jane","Acme, Inc.","Line one',
      "line two, still notes",
      'line three",jane@acme.example',
      "Bob,,,not-an-email",
    );
    const parsed = parseInvestorCsv(text);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({
      line: 2,
      profile: { name: "Doe, Jane", firm: "Acme, Inc.", email: "jane@acme.example" },
      personal_notes: "Line one\nline two, still notes\nline three",
    });
    expect(parsed.rejected).toEqual([{ line: 5, name: "Bob", reasons: ["email must be an email address"] }]);
  });

  it("counts lines the same way in a Windows (CRLF) file", () => {
    const text = ["name,personal_notes", 'Ann,"a\r\nb"', "", "Bob,x", "Eve,", ",no name"].join("\r\n");
    const parsed = parseInvestorCsv(text);
    expect(parsed.rows.map((row) => [row.line, row.profile.name])).toEqual([
      [2, "Ann"],
      [5, "Bob"],
      [6, "Eve"],
    ]);
    expect(parsed.rows[0]?.personal_notes).toBe("a\r\nb");
    expect(parsed.rejected).toEqual([{ line: 7, name: "", reasons: ["name is required"] }]);
  });

  it("ends a row at any line ending, even when a file mixes them", () => {
    const parsed = parseInvestorCsv("name,firm\r\nAnn,A\nBob,B\rEve,E");
    expect(parsed.rows.map((row) => [row.line, row.profile.name, row.profile.firm])).toEqual([
      [2, "Ann", "A"],
      [3, "Bob", "B"],
      [4, "Eve", "E"],
    ]);
  });

  it("keeps Unicode names exactly as written", () => {
    const names = ["Zoë Ångström", "李小龙", "Łukasz Żółć", "Renée 🚀 O'Brien", "Zoe\u0308 decomposed"];
    const parsed = parseInvestorCsv(["name,firm", ...names.map((name) => `${name},Fund ${name}`)].join("\n"));
    expect(parsed.rejected).toEqual([]);
    const read = parsed.rows.map((row) => row.profile.name);
    expect(read).toEqual(names);
    expect(read.map((name) => Buffer.from(name, "utf8").toString("hex"))).toEqual(
      names.map((name) => Buffer.from(name, "utf8").toString("hex")),
    );
    expect(parsed.rows[2]?.profile.firm).toBe("Fund Łukasz Żółć");
  });

  it("rejects each bad row with a clear reason and its line number", () => {
    const text = csv(
      "name,kind,email,website,linkedin_url,stages,check_min,check_max,last_contact_date," + "relationship_status",
      "Good One,fund,good@x.example,https://good.example,,seed,100k,1m,2026-01-01,contacted",
      "Bad Email,,not-an-email,,,,,,,",
      "Bad Kind,vc,,,,,,,,",
      "Bad Stage,,,,,seed;growth,,,,",
      "Bad Date,,,,,,,,2026-02-30,",
      "Not A Date,,,,,,,,15/01/2026,",
      "Bad Site,,,javascript:alert(1),,,,,,",
      "Bad LinkedIn,,,,ftp://linkedin.example/x,,,,,",
      "Negative,,,,,,-5,,,",
      "Garbage,,,,,,,lots,,",
      "Decimal,,,,,,250000.50,,,",
      'European,,,,,,"1,5",,,',
      "Min Over Max,,,,,,2m,500k,,",
      ",fund,nobody@x.example,,,,,,,",
      "Bad Status,,,,,,,,,ghosted",
      "Too Big,,,,,,20000000000,,,",
      "Many Faults,vc,nope,,,,abc,,,",
    );
    const parsed = parseInvestorCsv(text);
    expect(parsed.rows.map((row) => row.line)).toEqual([2]);
    expect(parsed.rejected).toEqual([
      { line: 3, name: "Bad Email", reasons: ["email must be an email address"] },
      {
        line: 4,
        name: "Bad Kind",
        reasons: ["kind must be one of fund, angel, accelerator, corporate, other"],
      },
      {
        line: 5,
        name: "Bad Stage",
        reasons: ["stages: 'growth' is not one of pre_seed, seed, series_a, series_b_plus"],
      },
      { line: 6, name: "Bad Date", reasons: ["last_contact_date must be a real calendar date"] },
      { line: 7, name: "Not A Date", reasons: ["last_contact_date must be a date as YYYY-MM-DD"] },
      { line: 8, name: "Bad Site", reasons: ["website must be an http(s) URL"] },
      { line: 9, name: "Bad LinkedIn", reasons: ["linkedin_url must be an http(s) URL"] },
      { line: 10, name: "Negative", reasons: ["check_min must be a whole number of US dollars"] },
      { line: 11, name: "Garbage", reasons: ["check_max must be a whole number of US dollars"] },
      { line: 12, name: "Decimal", reasons: ["check_min must be a whole number of US dollars"] },
      { line: 13, name: "European", reasons: ["check_min must be a whole number of US dollars"] },
      { line: 14, name: "Min Over Max", reasons: ["check_min is larger than check_max"] },
      { line: 15, name: "", reasons: ["name is required"] },
      {
        line: 16,
        name: "Bad Status",
        reasons: [
          "relationship_status must be one of not_contacted, researching, intro_requested, " +
            "contacted, in_conversation, meeting_scheduled, due_diligence, committed, passed, " +
            "not_a_fit",
        ],
      },
      { line: 17, name: "Too Big", reasons: ["check_min must be at most 10,000,000,000"] },
      {
        line: 18,
        name: "Many Faults",
        reasons: [
          "kind must be one of fund, angel, accelerator, corporate, other",
          "check_min must be a whole number of US dollars",
          "email must be an email address",
        ],
      },
    ]);
  });

  it("refuses overlong values with the limit in the reason", () => {
    const parsed = parseInvestorCsv(csv("name,sectors,personal_notes", `${"N".repeat(201)},ok;${"s".repeat(81)},"${"n".repeat(10_001)}"`));
    expect(parsed.rejected).toEqual([
      {
        line: 2,
        name: "N".repeat(201),
        reasons: [
          "name must be at most 200 characters",
          "sectors item 2 must be at most 80 characters",
          "personal_notes must be at most 10,000 characters",
        ],
      },
    ]);
  });

  it("refuses a row with more values than column names instead of shifting them", () => {
    const parsed = parseInvestorCsv(csv("name,email", "Doe, Jane,jane@x.example", "Ann,ann@x.example,,"));
    expect(parsed.rejected).toEqual([
      {
        line: 2,
        name: "Doe",
        reasons: ["has more values than there are column names " + "(wrap a value that contains a comma in double quotes)"],
      },
    ]);
    // Trailing empty cells (a spreadsheet's habit) are harmless.
    expect(parsed.rows.map((row) => row.line)).toEqual([3]);
  });

  it("reads a row with fewer cells than columns, the missing ones as not given", () => {
    const parsed = parseInvestorCsv(csv("name,firm,email,kind", "Ann,Acme"));
    expect(parsed.rows[0]?.profile).toMatchObject({ name: "Ann", firm: "Acme", kind: "fund" });
    expect(parsed.rows[0]?.profile.email).toBeUndefined();
    expect(parsed.rows[0]?.given).toEqual(["name", "firm"]);
  });

  it("reports broken quoting as a file error instead of throwing", () => {
    const parsed = parseInvestorCsv(csv("name,firm", '"Ann,Acme', "Bob,B"));
    expect(parsed.error).toMatch(/^The file is not valid CSV near line \d+: a quoted value is never closed\.$/);
    expect(parsed.rows).toEqual([]);
    const misplaced = parseInvestorCsv(csv("name,firm", 'Ann "The Angel" Lee,A'));
    expect(misplaced.error).toMatch(/^The file is not valid CSV near line 2: a double quote is misplaced/);
  });
});

describe("parseInvestorCsv: duplicates inside the file", () => {
  it("rejects a later row with the same email, in any case", () => {
    const parsed = parseInvestorCsv(
      csv("name,firm,email", "Ann Lee,Acme,ann@acme.example", "Bob,Other,x@y.example", "Ann B. Lee,Acme Capital, ANN@Acme.Example "),
    );
    expect(parsed.rows.map((row) => row.line)).toEqual([2, 3]);
    expect(parsed.rejected).toEqual([{ line: 4, name: "Ann B. Lee", reasons: ["duplicate of line 2 (same email)"] }]);
  });

  it("rejects a later row with the same name and firm (missing firm == empty firm)", () => {
    const parsed = parseInvestorCsv(
      csv(
        "name,firm,email",
        "Ann Lee,Acme,",
        "Solo Angel,,",
        "ann lee, ACME ,ann@acme.example",
        "SOLO ANGEL,  ,solo@x.example",
        "Ann Lee,Acme Two,",
      ),
    );
    expect(parsed.rows.map((row) => row.line)).toEqual([2, 3, 6]);
    expect(parsed.rejected).toEqual([
      { line: 4, name: "ann lee", reasons: ["duplicate of line 2 (same name and firm)"] },
      { line: 5, name: "SOLO ANGEL", reasons: ["duplicate of line 3 (same name and firm)"] },
    ]);
  });

  it("names the email match when one earlier row has the email and another the name", () => {
    const parsed = parseInvestorCsv(
      csv("name,firm,email", "Ann,Acme,ann@acme.example", "Bob,Beta,bob@beta.example", "Bob,Beta,ann@acme.example"),
    );
    expect(parsed.rejected).toEqual([{ line: 4, name: "Bob", reasons: ["duplicate of line 2 (same email)"] }]);
  });

  it("lets a corrected copy of a rejected row through", () => {
    const parsed = parseInvestorCsv(csv("name,email", "Ann,ann@@bad", "Ann,ann@good.example"));
    expect(parsed.rejected.map((row) => row.line)).toEqual([2]);
    expect(parsed.rows.map((row) => [row.line, row.profile.email])).toEqual([[3, "ann@good.example"]]);
  });
});

describe("value parsers", () => {
  it.each([
    ["250000", 250_000],
    ["250,000", 250_000],
    ["$250,000", 250_000],
    ["$250k", 250_000],
    ["250K", 250_000],
    ["1.5m", 1_500_000],
    ["1.1M", 1_100_000],
    ["1.005m", 1_005_000],
    ["$ 2m", 2_000_000],
    ["0", 0],
    ["1,000,000", 1_000_000],
  ])("reads check size %s as %i", (text, amount) => {
    expect(parseCheckSize(text)).toBe(amount);
  });

  it.each(["-5", "lots", "1,5", "25,0000", "250000.5", "1.0001k", "$", "1e6", "250kk", "99999999999999999999"])(
    "refuses check size %s",
    (text) => {
      expect(parseCheckSize(text)).toBeUndefined();
    },
  );

  it.each([
    ["pre-seed", "pre_seed"],
    ["Pre Seed", "pre_seed"],
    ["PRESEED", "pre_seed"],
    ["Seed", "seed"],
    ["Series A", "series_a"],
    ["series_a", "series_a"],
    ["series b", "series_b_plus"],
    ["Series B+", "series_b_plus"],
    ["series_b", "series_b_plus"],
    ["b+", "series_b_plus"],
    ["series_b_plus", "series_b_plus"],
  ])("reads stage %s as %s", (text, stage) => {
    expect(parseStage(text)).toBe(stage);
  });

  it.each(["growth", "a", "series c", "seedling", ""])("refuses stage %j", (text) => {
    expect(parseStage(text)).toBeUndefined();
  });

  it("deduplicates stages given in several spellings", () => {
    const parsed = parseInvestorCsv(csv("name,stages", 'Ann,"Series B; series_b_plus;B+;seed"'));
    expect(parsed.rows[0]?.profile.stages).toEqual(["series_b_plus", "seed"]);
  });

  it("reads kind and relationship status in any case, status with spaces", () => {
    const parsed = parseInvestorCsv(csv("name,kind,relationship_status", "Ann,ACCELERATOR,Not a fit", "Bob,Corporate,due-diligence"));
    expect(parsed.rows.map((row) => [row.profile.kind, row.relationship_status])).toEqual([
      ["accelerator", "not_a_fit"],
      ["corporate", "due_diligence"],
    ]);
  });

  it("removes the export's formula guard so an exported file re-imports unchanged", () => {
    expect(undoFormulaGuard("'=HYPERLINK(x)")).toBe("=HYPERLINK(x)");
    expect(undoFormulaGuard("'-Dash Capital")).toBe("-Dash Capital");
    expect(undoFormulaGuard("'@handle")).toBe("@handle");
    expect(undoFormulaGuard("O'Brien")).toBe("O'Brien");
    expect(undoFormulaGuard("'Quoted'")).toBe("'Quoted'");
    const parsed = parseInvestorCsv(csv("name,firm,personal_notes", "'+Plus Person,'-Dash,'- call back"));
    expect(parsed.rows[0]).toMatchObject({
      profile: { name: "+Plus Person", firm: "-Dash" },
      personal_notes: "- call back",
    });
  });

  it("folds keys by case, surrounding space and Unicode composition", () => {
    expect(emailKey("  Ann@Acme.Example ")).toBe("ann@acme.example");
    expect(emailKey("   ")).toBeUndefined();
    expect(emailKey(null)).toBeUndefined();
    expect(nameFirmKey(" ZOË ", null)).toBe(nameFirmKey("zoe\u0308", ""));
    expect(nameFirmKey("Ann", "Acme")).not.toBe(nameFirmKey("Ann", "Acme Two"));
    // The separator cannot be forged by a name that contains it.
    expect(nameFirmKey("a b", "c")).not.toBe(nameFirmKey("a", "b c"));
  });
});

describe("planImport", () => {
  const existing: ExistingInvestor[] = [
    { id: 10, name: "Ann Lee", firm: "Acme", email: "Ann@Acme.Example" },
    { id: 11, name: "Solo Angel", firm: null, email: null },
    { id: 12, name: "Carol King", firm: "Beta", email: "carol@beta.example" },
    { id: 13, name: "Dan Wu", firm: "", email: "dan@old.example" },
  ];

  it("updates by email in any case, by name and firm, and by name and firm despite a new email", () => {
    const parsed = parseInvestorCsv(
      csv(
        "name,firm,email,kind",
        "Ann Lee-Smith,Acme Capital,ann@acme.example,angel", // email match, name changed
        "solo angel,,,", // name + missing firm == existing null firm
        "CAROL KING,beta,carol@new.example,", // email matches nothing, name + firm does
        "Dan Wu,,dan@new.example,", // email matches nothing, firm "" == missing
        "Eve New,Gamma,eve@gamma.example,", // nothing matches
      ),
    );
    const plan = planImport(parsed, existing);
    expect(plan.error).toBeUndefined();
    expect(plan.update.map((row) => [row.line, row.id])).toEqual([
      [2, 10],
      [3, 11],
      [4, 12],
      [5, 13],
    ]);
    expect(plan.update[0]?.profile).toMatchObject({ name: "Ann Lee-Smith", kind: "angel" });
    expect(plan.create.map((row) => row.profile.name)).toEqual(["Eve New"]);
    expect(plan.rejected).toEqual([]);
  });

  it("prefers the email match over a name and firm match of another investor", () => {
    const parsed = parseInvestorCsv(csv("name,firm,email", "Carol King,Beta,ann@acme.example"));
    expect(planImport(parsed, existing).update.map((row) => row.id)).toEqual([10]);
  });

  it("updates the oldest of two existing investors sharing an email, whatever their order", () => {
    const twins: ExistingInvestor[] = [
      { id: 30, name: "X", firm: null, email: "twin@x.example" },
      { id: 20, name: "Y", firm: null, email: "TWIN@x.example" },
    ];
    const parsed = parseInvestorCsv(csv("name,email", "Z,twin@x.example"));
    expect(planImport(parsed, twins).update.map((row) => row.id)).toEqual([20]);
  });

  it("rejects a second row that reaches the same existing investor by another route", () => {
    const parsed = parseInvestorCsv(csv("name,firm,email", "Someone Else,Elsewhere,ann@acme.example", "Ann Lee,Acme,"));
    const plan = planImport(parsed, existing);
    expect(plan.update.map((row) => [row.line, row.id])).toEqual([[2, 10]]);
    expect(plan.rejected).toEqual([{ line: 3, name: "Ann Lee", reasons: ["updates the same existing investor as line 2"] }]);
  });

  it("carries rejected rows and warnings through, sorted by line", () => {
    const parsed = parseInvestorCsv(csv("name,email,extra", "Someone,ann@acme.example,", "Ann Lee,,", ",,", "Bad,nope,"));
    const plan = planImport(parsed, [{ id: 1, name: "Ann Lee", firm: null, email: "ann@acme.example" }]);
    // Line 5 is refused while reading, line 3 while planning: the preview lists them in file order.
    expect(plan.rejected.map((row) => row.line)).toEqual([3, 5]);
    expect(plan.warnings).toEqual(["Ignored columns that import does not use: extra."]);
  });

  it("passes a file error through with nothing to create or update", () => {
    const plan = planImport(parseInvestorCsv("firm\nAcme"), existing);
    expect(plan.error).toMatch(/no name column/);
    expect(plan.create).toEqual([]);
    expect(plan.update).toEqual([]);
  });

  it("creates nothing when the same file is planned again after it was imported", () => {
    const text = csv(
      "name,firm,email",
      "Ann Lee,Acme,ANN@acme.example",
      "New Person,,new@x.example",
      "Nameonly Angel,,",
      "Zoë Ångström,Nordic,",
      "李小龙,,li@x.example",
    );
    const first = planImport(parseInvestorCsv(text), existing);
    expect(first.create).toHaveLength(4);
    expect(first.update).toHaveLength(1);

    const afterImport = existingAfter(first, existing);
    const second = planImport(parseInvestorCsv(text), afterImport);
    expect(second.create).toEqual([]);
    expect(second.rejected).toEqual([]);
    expect(second.update).toHaveLength(5);
    expect(new Set(second.update.map((row) => row.id)).size).toBe(5);
  });

  it("matches 5,000 rows against 10,000 existing investors correctly", () => {
    const many: ExistingInvestor[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      name: `Investor ${i}`,
      firm: i % 2 === 0 ? `Firm ${i}` : null,
      email: i % 3 === 0 ? `i${i}@x.example` : null,
    }));
    // Rows 0..4999 hit existing investors (by email when they have one, else by name + firm).
    const lines = Array.from({ length: 5_000 }, (_, i) =>
      i % 3 === 0 ? `Renamed ${i},,I${i}@X.example` : `investor ${i},${i % 2 === 0 ? `FIRM ${i}` : ""},`,
    );
    const plan = planImport(parseInvestorCsv(["name,firm,email", ...lines].join("\n")), many);
    expect(plan.create).toEqual([]);
    expect(plan.rejected).toEqual([]);
    expect(plan.update).toHaveLength(5_000);
    expect(plan.update.every((row) => row.id === row.line - 1)).toBe(true);
  });
});
