import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PaletteItem, fold, indexItems, searchItems } from "#app/domain/palette-search.ts";

const item = (id: number, name: string, firm: string | null = null, score = 50): PaletteItem => ({
  id,
  name,
  firm,
  score,
  action: "research",
  href: `/investors/${id}`,
});

const names = (index: ReturnType<typeof indexItems>, query: string) => searchItems(index, query).map((found) => found.name);

// Names as founders paste them: Latin letters with and without accents, the letters NFD leaves
// whole, other scripts, spaces and punctuation.
const nameCharacter = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
  ..."àáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŚŻŹĆŃĘĄśżźćńęąřšžčďťňůŘŠŽČ",
  ..."łŁøØßẞæÆœŒđĐðÐþÞıİħĦŧŋĸſƒĳǆ",
  ..."Ωωжаяπ李王",
  " ",
  "-",
  "'",
  ".",
);
const name = fc.array(nameCharacter, { minLength: 1, maxLength: 24 }).map((letters) => letters.join(""));

describe("fold", () => {
  it("removes accents and case", () => {
    expect(fold("Zoë Ångström")).toBe("zoe angstrom");
    expect(fold("ÉLODIE Müller")).toBe("elodie muller");
  });

  it("folds the letters NFD does not decompose", () => {
    expect(fold("Łukasz Żółć")).toBe("lukasz zolc");
    expect(fold("Søren Ødegaard")).toBe("soren odegaard");
    expect(fold("Weiß")).toBe("weiss");
    expect(fold("Æsa Cœur")).toBe("aesa coeur");
    expect(fold("Đorđe Þórdís Guðrún")).toBe("dorde thordis gudrun");
    expect(fold("Işıl İnan")).toBe("isil inan");
    expect(fold("Ĳsbrand")).toBe("ijsbrand");
  });

  it("is idempotent and leaves only lowercase, unaccented text", () => {
    fc.assert(
      fc.property(name, (text) => {
        const folded = fold(text);
        expect(fold(folded)).toBe(folded);
        expect(folded).toBe(folded.toLowerCase());
        expect(folded).not.toMatch(/\p{M}|[łøßæœđðþıħŧ]/u);
      }),
    );
  });

  it("is idempotent on any text at all", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(fold(fold(text))).toBe(fold(text));
      }),
    );
  });
});

describe("searchItems", () => {
  it("finds Łukasz from lukasz, and Lukasz from Łukasz", () => {
    const index = indexItems([item(1, "Łukasz Żółć", "Wisła Ventures"), item(2, "Lukas Berg"), item(3, "Ada Lovelace")]);
    expect(names(index, "lukasz")).toEqual(["Łukasz Żółć"]);
    expect(names(index, "zolc")).toEqual(["Łukasz Żółć"]);
    expect(names(index, "wisla")).toEqual(["Łukasz Żółć"]);
    const plain = indexItems([item(4, "Lukasz Nowak"), item(5, "Søren Weiß")]);
    expect(names(plain, "Łukasz")).toEqual(["Lukasz Nowak"]);
    expect(names(plain, "soren weiss")).toEqual(["Søren Weiß"]);
    expect(names(plain, "Sören")).toEqual(["Søren Weiß"]);
  });

  it("always finds a name by itself and by its folded form", () => {
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 5 }), (target, others) => {
        fc.pre(fold(target).trim() !== "");
        const index = indexItems([...others.map((other, at) => item(at + 2, other)), item(1, target)]);
        for (const query of [target, fold(target), target.toUpperCase()]) {
          expect(searchItems(index, query, 10).map((found) => found.id)).toContain(1);
        }
      }),
    );
  });

  it("ranks a name that starts with the query first, then the higher score", () => {
    const index = indexItems([item(1, "Anna Quist", "Quarry", 90), item(2, "Quentin Blake", null, 10), item(3, "Qualia Quinn", null, 40)]);
    expect(names(index, "qu")).toEqual(["Qualia Quinn", "Quentin Blake", "Anna Quist"]);
  });
});
