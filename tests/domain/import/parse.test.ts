import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { guessMapping } from "#app/domain/import/fields.ts";
import { MAX_IMPORT_ROWS, parseInvestorCsv, parseInvestorRecordsSteps, runSteps } from "#app/domain/import/parse.ts";
import { decodeBytes, readCsvRecords } from "#app/domain/import/read.ts";

const fixture = (name: string) => decodeBytes(readFileSync(new URL(`../../fixtures/import/${name}`, import.meta.url))).text;
const csv = (...lines: string[]) => lines.join("\n");
const targets = (headers: string[]) => guessMapping(headers, []).columns.map((column) => column.target);

describe("column mapping", () => {
  it("reads a team sheet's Town and Why they passed (a founder's walkthrough left both unmapped)", () => {
    expect(targets(["Name", "Town", "Why they passed"])).toEqual(["name", "based_in", "pass_reason"]);
    expect(targets(["Name", "Home town", "Why did they pass?"])).toEqual(["name", "based_in", "pass_reason"]);
  });

  it("guesses the fields of the lists founders bring, in their words", () => {
    expect(
      targets([
        "Investor Name",
        "Firm",
        "Role",
        "Check Size Range",
        "Stage Focus",
        "Intro Path",
        "Status",
        "Last Contact Date",
        "Next Step",
        "Next Step Date",
        "Notes",
      ]),
    ).toEqual([
      "name",
      "firm",
      "role",
      "check_range",
      "stages",
      "intro_path",
      "relationship_status",
      "last_contact_date",
      "next_step",
      "next_step_date",
      "personal_notes",
    ]);
    expect(targets(["投資家名", "法人/個人", "出資可能額（万円）", "関心領域", "最終コンタクト日", "ステータス"])).toEqual([
      "name",
      "kind",
      "check_range",
      "sectors",
      "last_contact_date",
      "relationship_status",
    ]);
    // Where the fund sits is not where it invests (decision 055).
    expect(targets(["Name", "Global_HQ", "Countries", "Cheque_range", "Linkedin_Company", "Twitter", "Overview"])).toEqual([
      "name",
      "based_in",
      "geographies",
      "check_range",
      "linkedin_url",
      "twitter",
      "ignore",
    ]);
    expect(targets(["Fund", "Partner", "Ticket", "Pipeline stage", "Investment Focus Areas", "Type"])).toEqual([
      "name",
      "contact",
      "check_range",
      "relationship_status",
      "sectors",
      "kind",
    ]);
    expect(targets(["investor_name", "HQ", "Min", "Max", "Commitment", "Email", "Thesis"])).toEqual([
      "name",
      "based_in",
      "check_min",
      "check_max",
      "amount",
      "email",
      "sectors",
    ]);
    expect(targets(["Investors", ""])).toEqual(["name", "ignore"]);
  });

  it("keeps the first of two columns for one field and ignores the second", () => {
    expect(targets(["Name", "Linkedin_Company", "Linkedin_Personal"])).toEqual(["name", "linkedin_url", "ignore"]);
  });

  it("reads a fund or company column beside the investor's own name as the firm, not a second name to drop", () => {
    // A founder's tracker: "Investor" is the person, "Fund" where they work.
    expect(targets(["Investor", "Fund", "Partner email", "Where we are"])).toEqual(["name", "firm", "email", "ignore"]);
    expect(targets(["Fund name", "Contact name"])).toEqual(["firm", "name"]);
    expect(targets(["Account Name", "Full name"])).toEqual(["firm", "name"]);
    // Two firm words and no person: the first is the name, as before.
    expect(targets(["Fund", "Company"])).toEqual(["name", "ignore"]);
  });

  it("proposes a name column when no header names one, says so and lists the columns", () => {
    const parsed = parseInvestorCsv(csv("Score,Who,Site", "12,Acme Capital,acme.example", "9,Bolt Ventures,bolt.example"));
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows.map((row) => row.profile.name)).toEqual(["Acme Capital", "Bolt Ventures"]);
    expect(parsed.warnings[0]).toContain("names are read from 'Who'");
    expect(parsed.warnings[0]).toContain("Columns found: Score, Who, Site");
  });

  it("keeps the columns and asks for the name when the founder ignores every name column", () => {
    const parsed = parseInvestorCsv(csv("Name,Notes", "Acme,Met in Paris"), { targets: ["ignore"] });
    expect(parsed.error).toBeUndefined();
    expect(parsed.rows).toEqual([]);
    expect(parsed.mapping?.columns.map((column) => column.target)).toEqual(["ignore", "personal_notes"]);
    expect(parsed.warnings[0]).toBe("Choose which column holds the investor's name. Columns found: Name, Notes.");
  });

  it("lets the founder's choice replace the guess", () => {
    const parsed = parseInvestorCsv(csv("Name,Notes,Region", "Acme,Met in Paris,France"), { targets: [undefined, "ignore", "sectors"] });
    expect(parsed.rows[0]?.profile.sectors).toEqual(["France"]);
    expect(parsed.rows[0]?.personal_notes).toBeUndefined();
  });
});

describe("the fixtures in the real lists' conventions", () => {
  it("imports an OpenVC-style list: comma lists in cells, ranges, kinds, junk rows", () => {
    const parsed = parseInvestorCsv(fixture("openvc-style.csv"));
    expect(parsed.error).toBeUndefined();
    const [alder, birch, cedar, dogwood] = parsed.rows;
    expect(alder?.profile).toMatchObject({
      name: "Alder Ventures",
      kind: "fund",
      website: "https://www.alder.example/",
      email: "team@alder.example",
      stages: ["pre_seed", "seed"],
      geographies: ["Slovenia", "Croatia", "Austria"],
      sectors: ["Fintech", "Information Technology & Services"],
      check_min: 250_000,
      check_max: 2_000_000,
    });
    expect(alder?.check_currency).toBe("USD");
    expect(birch?.profile).toMatchObject({
      kind: "angel",
      website: "https://birch.example",
      stages: ["seed", "series_a", "series_b_plus"],
      based_in: "Germany",
      geographies: ["United Kingdom", "Netherlands"],
      check_min: 50_000,
      check_max: 250_000,
    });
    expect(birch?.check_currency).toBe("EUR");
    expect(birch?.personal_notes).toBe("Twitter: https://x.com/birchangel");
    // A #VALUE! website is no value: the row is in, without it.
    expect(cedar?.profile).toMatchObject({ kind: "other", stages: ["series_b_plus"], check_min: 1_000_000 });
    expect(cedar?.profile.website).toBeUndefined();
    expect(cedar?.check_currency).toBe("CHF");
    // A bad optional cell costs the cell, not the row, and the preview says which and why.
    expect(dogwood?.profile).toMatchObject({ kind: "corporate", check_min: 1_000_000, check_max: 5_000_000 });
    expect(dogwood?.profile.email).toBeUndefined();
    expect(dogwood?.skipped).toEqual([{ column: "Email", reason: "'not an email' is not an email address" }]);
    expect(parsed.rejected).toEqual([
      { line: 7, name: "Name", reasons: ["repeats the header line"] },
      { line: 8, name: "alder ventures", reasons: ["same investor as line 2 (same name and website)"] },
    ]);
  });

  it("imports a US seed list with a BOM and a city, state, country location", () => {
    const parsed = parseInvestorCsv(fixture("us-seed-funds.csv"));
    // A location is where the fund is based, one place (decision 055), not three places it invests in.
    expect(parsed.rows.map((row) => row.profile.based_in)).toEqual(["Austin", "London", "Dubai"]);
    expect(parsed.rows.map((row) => row.profile.geographies)).toEqual([[], [], []]);
    expect(parsed.rows[0]?.profile.stages).toEqual(["pre_seed", "seed", "series_a"]);
    expect(parsed.rows[1]?.profile.website).toBe("https://kestrel.example");
    expect(parsed.warnings).toContain("Not imported: Description (map them below to keep them).");
  });

  it("imports a fundraising tracker: status, last contact, the next step, the intro path as a person, the rest as lines of the notes", () => {
    const parsed = parseInvestorCsv(fixture("pipeline-tracker.csv"));
    expect(parsed.rejected).toEqual([]);
    const [mara, otto, rita] = parsed.rows;
    expect(mara).toMatchObject({ relationship_status: "in_conversation", last_contact_date: "2026-07-10", check_currency: "USD" });
    expect(mara?.profile).toMatchObject({
      name: "Mara Quill",
      firm: "Quill Ventures",
      stages: ["pre_seed", "seed"],
      check_min: 500_000,
      check_max: 2_000_000,
    });
    // The intro path is a person and a path now (decision 065), never a line of the notes.
    expect(mara?.personal_notes).toBe("Asked about retention. Follow up within 48 hours.\nRole: General Partner");
    expect(mara?.intro_via).toEqual([{ name: "Tom Advisor", note: "portfolio intro", written: "Tom Advisor (portfolio intro)" }]);
    expect(mara).toMatchObject({ next_step: "Send the deck", next_step_date: "2026-07-12" });
    expect(otto?.relationship_status).toBe("intro_requested");
    expect(rita?.relationship_status).toBe("committed");
  });

  it("reads the round's columns of a real list: committed_amount with its currency, the meeting, why they passed", () => {
    const parsed = parseInvestorCsv(
      csv(
        "Name,Status,committed_amount,Amount currency,Meeting date,Pass reason,Pass note",
        "Ada,Committed,$250k,,2026-11-20,,",
        "Bo,Soft committed,€100k,EUR,,,",
        "Cy,Passed,,,,Too early for us,",
        "Di,Passed,,,,Partner left the fund,",
        "Ed,Passed,,,,cheque_size,Wants $5M+ rounds",
        "Fi,Contacted,lots,XYZ,someday,,",
      ),
    );
    const [ada, bo, cy, di, ed, fi] = parsed.rows;
    expect(ada).toMatchObject({ relationship_status: "committed", amount: 250_000, amount_currency: "USD", meeting_date: "2026-11-20" });
    expect(bo).toMatchObject({ relationship_status: "soft_committed", amount: 100_000, amount_currency: "EUR" });
    expect(cy).toMatchObject({ pass_reason: "too_early" });
    expect(di).toMatchObject({ pass_reason: "other", pass_note: "Partner left the fund" });
    expect(ed).toMatchObject({ pass_reason: "cheque_size", pass_note: "Wants $5M+ rounds" });
    expect(fi?.amount).toBeUndefined();
    expect(fi?.skipped.map((cell) => cell.column)).toEqual(["committed_amount", "Amount currency", "Meeting date"]);
  });

  it("imports a Japanese CRM list with amounts in units of 10,000 yen", () => {
    const parsed = parseInvestorCsv(fixture("investors-ja.csv"));
    expect(parsed.rows.map((row) => [row.profile.kind, row.profile.check_min, row.check_currency, row.relationship_status])).toEqual([
      ["angel", 20_000_000, "JPY", "in_conversation"],
      ["corporate", 300_000_000, "JPY", "committed"],
      ["angel", 8_000_000, "JPY", "passed"],
    ]);
    expect(parsed.rows[0]?.profile.sectors).toEqual(["アニメ", "映像"]);
  });

  it("imports a one-column list with a trailing comma on every line, keeping names as written", () => {
    const parsed = parseInvestorCsv(fixture("latam-one-column.csv"));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.rows.map((row) => row.profile.name)).toEqual([
      "Verde Capital",
      "Promotora Sol México",
      "CRP Participac\u0327o\u0303es",
      "Andes Ventures",
    ]);
  });
});

describe("dates and files", () => {
  it("decides day-first once for the file and says so", () => {
    const parsed = parseInvestorCsv(
      csv("Name,Last contact", "A,05/11/2026", "B,25/10/2026", "C,Nov 5, 2026".replace("Nov 5, 2026", '"Nov 5, 2026"'), "D,46331"),
    );
    expect(parsed.dateOrder).toEqual({ order: "day_first", evidence: true });
    expect(parsed.rows.map((row) => row.last_contact_date)).toEqual(["2026-11-05", "2026-10-25", "2026-11-05", "2026-11-05"]);
  });

  it.each([
    ["semicolons", "Name;Countries;Stage\nAcme;France, Spain;Seed\n"],
    ["tabs", "Name\tCountries\tStage\nAcme\tFrance, Spain\tSeed\n"],
  ])("reads a file with %s", (_, text) => {
    const parsed = parseInvestorCsv(text);
    expect(parsed.rows[0]?.profile).toMatchObject({ name: "Acme", geographies: ["France", "Spain"], stages: ["seed"] });
  });

  it("decodes UTF-16 LE and BE with a BOM and Windows-1252", () => {
    const text = "Name,Countries\nSnö Ventures,Sweden\n";
    const le = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, "utf16le"))]);
    const be = Buffer.from(text, "utf16le").swap16();
    expect(decodeBytes(le)).toEqual({ text, encoding: "utf-16le" });
    expect(decodeBytes(new Uint8Array([0xfe, 0xff, ...be]))).toEqual({ text, encoding: "utf-16be" });
    expect(decodeBytes(new Uint8Array(Buffer.from(text, "latin1")))).toEqual({ text, encoding: "windows-1252" });
    expect(decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text)]))).toEqual({ text, encoding: "utf-8" });
  });

  it(`accepts ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows and refuses one more as a whole`, () => {
    const rows = (count: number) => ["Name", ...Array.from({ length: count }, (_, index) => `Investor ${index}`)].join("\n");
    const records = readCsvRecords(rows(MAX_IMPORT_ROWS));
    if ("error" in records) throw new Error(records.error);
    expect(runSteps(parseInvestorRecordsSteps(records)).rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(parseInvestorCsv(rows(MAX_IMPORT_ROWS + 1)).error).toBe("The file has more than 20,000 rows; split it.");
  });
});

describe("rows", () => {
  it("refuses only a row without a name", () => {
    const parsed = parseInvestorCsv(csv("Name,Email,Stage,Type", ",a@b.example,Seed,VC", "Kept,nope,Seedling,Spaceship"));
    expect(parsed.rejected).toEqual([{ line: 2, name: "", reasons: ["has no name"] }]);
    expect(parsed.rows[0]?.profile).toMatchObject({ name: "Kept", kind: "fund", stages: [] });
    expect(parsed.rows[0]?.skipped.map((cell) => cell.column)).toEqual(["Email", "Type", "Stage"]);
    expect(parsed.rows[0]?.given).toEqual(["name"]);
  });

  it("keeps only the name of a row with more values than columns (its cells may be shifted)", () => {
    const parsed = parseInvestorCsv(csv("Name,Email", "Acme,a@acme.example,extra"));
    expect(parsed.rows[0]?.profile.email).toBeUndefined();
    expect(parsed.rows[0]?.skipped[0]?.reason).toContain("more values than column names");
  });

  it("keeps the regions of a list longer than a profile holds", () => {
    const countries = ["France", "Germany", "Japan", "Brazil", "Kenya", "Chile", "India", ...Array.from({ length: 50 }, () => "Spain")];
    const many = [...countries, ...["Italy", "Poland", "Peru", "Ghana", "Nepal", "Laos", "Fiji"]].concat(
      Array.from({ length: 40 }, (_, i) => `Place${i}`),
    );
    const parsed = parseInvestorCsv(csv("Name,Countries", `Acme,"${many.join(",")}"`));
    expect(parsed.rows[0]?.profile.geographies.slice(0, 5)).toEqual(["Europe", "Latin America", "Asia", "Africa", "Oceania"]);
  });

  it("reads our own export's columns back, the cheque's currency included", () => {
    const parsed = parseInvestorCsv(csv("name,check_min,check_max,check_currency,sectors", "Acme,250000,1000000,EUR,AI/ML; Fintech"));
    expect(parsed.rows[0]).toMatchObject({
      check_currency: "EUR",
      profile: { check_min: 250_000, check_max: 1_000_000, sectors: ["AI/ML", "Fintech"] },
    });
  });

  it("removes the export's formula guard so an exported file re-imports unchanged", () => {
    const parsed = parseInvestorCsv(csv("name,personal_notes", "Acme,'=1+1"));
    expect(parsed.rows[0]?.personal_notes).toBe("=1+1");
  });

  it("reports broken quoting as a file error instead of throwing", () => {
    expect(parseInvestorCsv('Name\n"open').error).toContain("never closed");
  });

  it("tells two same-named firms apart by website and keeps both", () => {
    const parsed = parseInvestorCsv(
      csv("Name,Website,Country", "Better Ventures,better.example,Canada", "Better Ventures,betterventures.example,Germany"),
    );
    expect(parsed.rows).toHaveLength(2);
  });
});
