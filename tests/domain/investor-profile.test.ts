import { describe, expect, it } from "vitest";
import { chequeText } from "#app/domain/cheque-text.ts";
import { CURRENCIES } from "#app/domain/import/money.ts";
import {
  type MergeSide,
  changedProfile,
  investorPatchSchema,
  mergedColumns,
  profileColumnsPatch,
  profileFormDefaults,
  readProfileText,
} from "#app/domain/investor-profile.ts";
import { parseMoneyRange } from "#app/domain/import/money.ts";

const blank = { name: "Ada", kind: "fund" };

describe("the profile form's text, read with the import's parsers", () => {
  it("reads a cheque range with its currency, stages and places as founders type them", () => {
    const { edit, errors } = readProfileText({
      ...blank,
      cheque: "$250k-$1M",
      stages: "Seed, Series A",
      geographies: "UK, Netherlands",
      sectors: "AI/ML, Fintech",
      website: "analytical.vc",
      linkedin_url: "linkedin.com/in/ada",
      email: "ada@analytical.vc",
    });
    expect(errors).toEqual({});
    expect(edit).toMatchObject({
      name: "Ada",
      check_min: 250_000,
      check_max: 1_000_000,
      check_currency: "USD",
      stages: ["seed", "series_a"],
      geographies: ["United Kingdom", "Netherlands"],
      sectors: ["AI/ML", "Fintech"],
      website: "https://analytical.vc",
      linkedin_url: "https://linkedin.com/in/ada",
      email: "ada@analytical.vc",
    });
  });

  it("keeps the currency the text writes, else the one chosen beside it", () => {
    expect(readProfileText({ ...blank, cheque: "€250k", check_currency: "GBP" }).edit).toMatchObject({
      check_min: 250_000,
      check_max: 250_000,
      check_currency: "EUR",
    });
    expect(readProfileText({ ...blank, cheque: "up to 500k", check_currency: "CHF" }).edit).toMatchObject({
      check_min: null,
      check_max: 500_000,
      check_currency: "CHF",
    });
  });

  it("spans stage ranges and clears emptied fields", () => {
    const { edit } = readProfileText({ ...blank, stages: "Seed to Growth", firm: "", cheque: "" });
    expect(edit.stages).toEqual(["seed", "series_a", "series_b_plus"]);
    expect(edit).toMatchObject({ firm: null, check_min: null, check_max: null, check_currency: null, sectors: [], geographies: [] });
  });

  it("says what is wrong in the founder's words, per field", () => {
    const { errors } = readProfileText({
      ...blank,
      cheque: "a lot",
      stages: "Seed, Series Q",
      email: "ada at fund",
      website: "not a site",
      linkedin_url: "twitter.com/ada",
    });
    expect(errors).toEqual({
      cheque: "Write the cheque range like $250k-$1M or €500k; 'a lot' is not an amount",
      stages: "'Series Q' is not a stage: write Pre-seed, Seed, Series A or Series B+",
      email: "Enter an email address like name@fund.com",
      website: "Enter a website like fund.com",
      linkedin_url: "Enter a LinkedIn page like linkedin.com/in/name",
    });
  });

  it("shows a saved profile as text that reads back to the same profile", () => {
    const row = {
      name: "Ada",
      firm: "Analytical",
      kind: "angel" as const,
      email: "ada@analytical.vc",
      website: "https://analytical.vc",
      linkedinUrl: null,
      sectors: ["AI/ML", "Fintech"],
      stages: ["pre_seed", "series_b_plus"],
      geographies: ["United Kingdom", "Slovenia"],
      basedIn: "Trondheim, Norway",
      checkMin: 1_500_000,
      checkMax: 20_000_000,
      checkCurrency: "EUR",
    };
    const { edit, errors } = readProfileText(profileFormDefaults(row));
    expect(errors).toEqual({});
    expect(edit).toEqual({
      name: "Ada",
      firm: "Analytical",
      kind: "angel",
      email: "ada@analytical.vc",
      website: "https://analytical.vc",
      linkedin_url: null,
      sectors: ["AI/ML", "Fintech"],
      stages: ["pre_seed", "series_b_plus"],
      geographies: ["United Kingdom", "Slovenia"],
      // Read back without the cities data: the stored name says its country.
      based_in: "Trondheim, Norway",
      check_min: 1_500_000,
      check_max: 20_000_000,
      check_currency: "EUR",
    });
  });

  it("writes every currency's range so the import's parser reads it back", () => {
    for (const currency of CURRENCIES) {
      for (const [min, max] of [
        [250_000, 1_000_000],
        [123_456, null],
        [null, 2_500_000],
      ] as const) {
        const text = chequeText(min, max, currency);
        const range = parseMoneyRange(text);
        expect({ text, min: range?.min, max: range?.max, currency: range?.currency }).toEqual({
          text,
          min: min ?? undefined,
          max: max ?? undefined,
          currency,
        });
      }
    }
    expect(chequeText(null, null, "EUR")).toBe("");
  });
});

describe("a form loaded before another edit", () => {
  it("writes only the fields changed since it was loaded, the cheque range with its currency", () => {
    const original = { name: "Ada", kind: "fund", firm: "Old Firm", cheque: "$250k-$1M", check_currency: "USD", sectors: "Fintech" };
    const text = { ...original, sectors: "Fintech, Climate" };
    expect(changedProfile(readProfileText(text).edit, text, original)).toEqual({ sectors: ["Fintech", "Climate"] });
    const recurrenced = { ...original, check_currency: "EUR", cheque: "250k-1M" };
    expect(changedProfile(readProfileText(recurrenced).edit, recurrenced, original)).toEqual({
      check_min: 250_000,
      check_max: 1_000_000,
      check_currency: "EUR",
    });
    // A script's post without the originals writes the fields it sends with a value, and clears no other.
    const sent = { name: "Ada", kind: "fund", stages: "Seed" };
    expect(changedProfile(readProfileText(sent).edit, sent, {})).toEqual({ name: "Ada", kind: "fund", stages: ["seed"] });
  });
});

describe("route #9's body with the profile", () => {
  it("takes profile fields beside the user-owned ones and names an unknown key", () => {
    expect(investorPatchSchema.safeParse({ name: "Ada", check_currency: "EUR", relationship_status: "contacted" }).success).toBe(true);
    const unknown = investorPatchSchema.safeParse({ name: "Ada", score: 99 });
    expect(unknown.success).toBe(false);
    expect(JSON.stringify(unknown.error?.issues)).toContain("score");
    expect(investorPatchSchema.safeParse({ check_min: 2_000_000, check_max: 1_000 }).success).toBe(false);
    expect(investorPatchSchema.safeParse({ name: " " }).success).toBe(false);
    expect(investorPatchSchema.safeParse({ stages: ["growth"] }).success).toBe(false);
  });

  it("writes the columns it names, places by their names, blanks as null", () => {
    expect(profileColumnsPatch({ geographies: ["UK", "Atlantis"], email: " ", firm: "  Fund  " })).toEqual({
      geographies: ["United Kingdom", "Atlantis"],
      email: null,
      firm: "Fund",
    });
  });
});

describe("merging two investors", () => {
  const survivor: MergeSide = {
    firm: null,
    email: "ada@analytical.vc",
    website: null,
    linkedinUrl: null,
    sectors: [],
    stages: ["seed"],
    geographies: [],
    checkMin: null,
    checkMax: null,
    checkCurrency: null,
    relationshipStatus: "not_contacted",
    lastContactDate: "2026-10-01",
    personalNotes: "Met at the fintech meetup.",
  };
  const other: MergeSide = {
    firm: "Analytical Ventures",
    email: "lovelace@other.vc",
    website: "https://analytical.vc",
    linkedinUrl: null,
    sectors: ["Fintech"],
    stages: ["series_a"],
    geographies: ["United Kingdom"],
    checkMin: 250_000,
    checkMax: 1_000_000,
    checkCurrency: "GBP",
    relationshipStatus: "in_conversation",
    lastContactDate: "2026-11-02",
    personalNotes: "Warm intro through Grace.",
  };

  it("fills the survivor's empty fields from the other, keeps its own, joins the notes", () => {
    expect(mergedColumns(survivor, other)).toEqual({
      firm: "Analytical Ventures",
      website: "https://analytical.vc",
      sectors: ["Fintech"],
      geographies: ["United Kingdom"],
      checkMin: 250_000,
      checkMax: 1_000_000,
      checkCurrency: "GBP",
      relationshipStatus: "in_conversation",
      lastContactDate: "2026-11-02",
      personalNotes: "Met at the fintech meetup.\n\nWarm intro through Grace.",
    });
  });

  it("changes nothing the survivor already has, and never doubles the same notes", () => {
    const full = { ...other, personalNotes: "Same", relationshipStatus: "contacted" as const };
    expect(mergedColumns(full, { ...other, personalNotes: "Same", lastContactDate: null })).toEqual({});
    expect(mergedColumns({ ...survivor, personalNotes: null }, { ...survivor, personalNotes: "Theirs" })).toEqual({
      personalNotes: "Theirs",
    });
  });
});
