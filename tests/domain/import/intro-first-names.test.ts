import { describe, expect, it } from "vitest";
import { countIntroVia } from "#app/domain/import/intro-via.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";

describe("bare first names in a sheet's Intro via column", () => {
  it("join the one full name the sheet gives them, so the preview counts people, not spellings", () => {
    const parsed = parseInvestorCsv(
      [
        "Name,Intro via",
        "Kristin Lund,Erik Solberg (ex-colleague)",
        'Jan Holm,"via Erik & Lena"',
        "Ida Berg,Lena Berg <lena@angels.no>",
        'Ola Dahl,"Erik Solberg, Erik"',
        "Siv Moe,Anna Nilsen",
        "Per Lie,Anna Berg",
        "Tor Vik,Anna",
      ].join("\n"),
    );
    const names = parsed.rows.map((row) => (row.intro_via ?? []).map((person) => person.name));
    expect(names).toEqual([
      ["Erik Solberg"],
      ["Erik Solberg", "Lena Berg"],
      ["Lena Berg"],
      ["Erik Solberg"],
      ["Anna Nilsen"],
      ["Anna Berg"],
      ["Anna"],
    ]);
    expect(countIntroVia(parsed.rows)).toEqual({ paths: 8, people: 5 });
  });
});
