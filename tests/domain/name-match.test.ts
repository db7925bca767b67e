import { describe, expect, it } from "vitest";
import { investorsNamedIn, queryName } from "#app/domain/name-match.ts";

const group = [
  { id: 1, name: "Ann Lee" },
  { id: 2, name: "Investor 1" },
  { id: 3, name: "Investor 12" },
  { id: 4, name: "Ann Lee Smith" },
  { id: 5, name: "Zoë Ångström" },
  { id: 6, name: 'Grace "Amazing" Hopper' },
];

describe("which investors a page names", () => {
  it("matches whole words only", () => {
    expect(investorsNamedIn("Joann Leeds raises a fund", group)).toEqual([]);
    expect(investorsNamedIn("Investor 10 and Investor 12 co-invest", group)).toEqual([3]);
    expect(investorsNamedIn("A quote from Ann Lee, partner.", group)).toEqual([1]);
  });

  it("credits the longer name when one contains another, unless the shorter also stands alone", () => {
    expect(investorsNamedIn("Ann Lee Smith leads the round", group)).toEqual([4]);
    expect(investorsNamedIn("Ann Lee Smith and Ann Lee both invested", group)).toEqual([1, 4]);
  });

  it("ignores accents, case, punctuation and quotes", () => {
    expect(investorsNamedIn("ZOE ANGSTROM: new fund", group)).toEqual([5]);
    expect(investorsNamedIn("Grace Amazing Hopper speaks", group)).toEqual([6]);
    expect(queryName('Grace "Amazing" Hopper')).toBe("Grace Amazing Hopper");
  });
});
