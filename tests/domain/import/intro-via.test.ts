import { describe, expect, it } from "vitest";
import { MAX_INTRO_PEOPLE, countIntroVia, introPathsSentence, introViaOfNotes, readIntroVia } from "#app/domain/import/intro-via.ts";
import { fieldOfHeader } from "#app/domain/import/fields.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";

describe("the Intro via column", () => {
  it("is recognised by the names founders give it", () => {
    for (const header of [
      "Intro via",
      "Referred by",
      "Warm intro",
      "Connection",
      "Intro path",
      "Intro via (who)",
      "Referral source",
      "intro_via",
    ])
      expect(fieldOfHeader(header), header).toBe("intro_path");
  });

  it("reads several people, their addresses and the words in brackets", () => {
    expect(readIntroVia("Erik Solberg, Lena Berg")).toEqual([
      { name: "Erik Solberg", written: "Erik Solberg" },
      { name: "Lena Berg", written: "Lena Berg" },
    ]);
    expect(readIntroVia("Erik Solberg (ex-colleague)")).toEqual([
      { name: "Erik Solberg", note: "ex-colleague", written: "Erik Solberg (ex-colleague)" },
    ]);
    expect(readIntroVia("Erik Solberg <Erik@X.no>; via Lena Berg & Jonas")).toEqual([
      { name: "Erik Solberg", email: "erik@x.no", written: "Erik Solberg <Erik@X.no>" },
      { name: "Lena Berg", written: "via Lena Berg" },
      { name: "Jonas", written: "Jonas" },
    ]);
    expect(readIntroVia("Anna (met at Slush, 2024) and Tom")).toEqual([
      { name: "Anna", note: "met at Slush, 2024", written: "Anna (met at Slush, 2024)" },
      { name: "Tom", written: "Tom" },
    ]);
    expect(readIntroVia("erik+vc@angels.no, Lena").map((p) => [p.name, p.email])).toEqual([
      ["Erik", "erik+vc@angels.no"],
      ["Lena", undefined],
    ]);
    expect(readIntroVia("erik.solberg@angels.no")).toEqual([
      { name: "Erik Solberg", email: "erik.solberg@angels.no", written: "erik.solberg@angels.no" },
    ]);
  });

  it("keeps a name that holds 'y' or 'e' whole", () => {
    expect(readIntroVia("José Ortega y Gasset, Maria Silva e Costa").map((p) => p.name)).toEqual([
      "José Ortega y Gasset",
      "Maria Silva e Costa",
    ]);
  });

  it("names each person once and leaves out what names nobody", () => {
    expect(readIntroVia("Erik Solberg, erik solberg, ÉRIK SOLBERG").map((p) => p.name)).toEqual(["Erik Solberg"]);
    expect(readIntroVia(" , ; - , 123 ")).toEqual([]);
    expect(readIntroVia("")).toEqual([]);
  });

  it("is capped: a hostile cell costs one pass over its first characters and names at most ten people", () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `Person ${i}`).join(", ");
    expect(readIntroVia(many)).toHaveLength(MAX_INTRO_PEOPLE);
    // Unclosed brackets never make the scan go back.
    const open = `${"(".repeat(50_000)}Erik`;
    expect(readIntroVia(open)).toEqual([]);
    const spaces = `Erik${" a".repeat(100_000)}`;
    expect(readIntroVia(spaces).length).toBeLessThanOrEqual(MAX_INTRO_PEOPLE);
  });

  it("keeps no bidi override or zero-width mark in a name or in the sheet's words shown as evidence", () => {
    const [erik, lena] = readIntroVia("\u202EnikloS kirE (\u200Bex-colleague), \u200BLena\u200F Berg");
    expect(erik).toEqual({ name: "nikloS kirE", note: "ex-colleague", written: "nikloS kirE (ex-colleague)" });
    expect(lena).toEqual({ name: "Lena Berg", written: "Lena Berg" });
  });

  it("never keeps half an emoji where a long name or its words are cut", () => {
    const [person] = readIntroVia(`a${"😀".repeat(300)}`);
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(person!.name.length).toBe(119);
    expect(person!.name).not.toMatch(lone);
    expect(person!.written.length).toBe(199);
    expect(person!.written).not.toMatch(lone);
  });

  it("names no path through the row's own investor", () => {
    const parsed = parseInvestorCsv(["Name,Firm,Intro via", 'Kristin Lund,Fjord Climate,"KRISTIN LUND, Erik Solberg"'].join("\n"));
    expect(parsed.rows[0]!.intro_via?.map((person) => person.name)).toEqual(["Erik Solberg"]);
  });

  it("reads an older import's notes line back as people", () => {
    expect(introViaOfNotes("Met at a demo day\nIntro path: Anna (portfolio founder), Tom\nRole: GP").map((p) => p.name)).toEqual([
      "Anna",
      "Tom",
    ]);
    expect(introViaOfNotes("Intro pathway to nothing")).toEqual([]);
    expect(introViaOfNotes(null)).toEqual([]);
  });

  it("becomes the row's people, counted as the preview says them", () => {
    const parsed = parseInvestorCsv(
      [
        "Name,Firm,Intro via",
        'Kristin Lund,Fjord Climate,"Erik Solberg, Lena Berg"',
        "Jan Holm,Northzone,Erik Solberg (ex-colleague)",
        "Ida,,",
      ].join("\n"),
    );
    expect(parsed.rows.map((row) => row.intro_via?.map((p) => p.name) ?? [])).toEqual([
      ["Erik Solberg", "Lena Berg"],
      ["Erik Solberg"],
      [],
    ]);
    expect(parsed.rows.every((row) => !row.personal_notes)).toBe(true);
    const counted = countIntroVia(parsed.rows);
    expect(counted).toEqual({ paths: 3, people: 2 });
    expect(introPathsSentence(counted.paths, counted.people)).toBe("3 intro paths through 2 people");
    expect(introPathsSentence(1, 1)).toBe("1 intro path through 1 person");
    expect(introPathsSentence(0, 0)).toBe("");
  });
});
