import { describe, expect, it } from "vitest";
import {
  RANKING_LISTS,
  askedPage,
  pageHref,
  pageRangeText,
  pageWindow,
  rankingListOf,
  statusesOf,
} from "#app/domain/rubric/ranking-pages.ts";
import { RELATIONSHIP_STATUSES } from "#app/domain/vocabulary.ts";

describe("a startup's ranking in pages (decision 071)", () => {
  it("puts each relationship status in exactly one list, the one rankingListOf names", () => {
    const all = RANKING_LISTS.flatMap((list) => statusesOf(list));
    expect([...all].sort()).toEqual([...RELATIONSHIP_STATUSES].sort());
    for (const list of RANKING_LISTS) for (const status of statusesOf(list)) expect(rankingListOf(status)).toBe(list);
    expect(statusesOf("in_round").sort()).toEqual(["committed", "soft_committed"]);
    expect(statusesOf("out").sort()).toEqual(["not_a_fit", "passed"]);
  });

  it("reads the page asked for as a whole number from 1, anything else as the first", () => {
    expect(askedPage("3")).toBe(3);
    for (const value of [null, "", "0", "-2", "2.5", "abc", "1e3", "9999999999"]) expect(askedPage(value), String(value)).toBe(1);
  });

  it("shows a page of 50 from its offset; a page past the last is the last, an empty list has one page", () => {
    expect(pageWindow(1, 30_000)).toEqual({ page: 1, pages: 600, offset: 0, limit: 50, total: 30_000 });
    expect(pageWindow(2, 60)).toEqual({ page: 2, pages: 2, offset: 50, limit: 50, total: 60 });
    expect(pageWindow(9, 60).page).toBe(2);
    expect(pageWindow(3, 0)).toEqual({ page: 1, pages: 1, offset: 0, limit: 50, total: 0 });
  });

  it("says which rows are shown of how many", () => {
    expect(pageRangeText(pageWindow(1, 30_000), 50)).toBe("1–50 of 30,000");
    expect(pageRangeText(pageWindow(2, 60), 10)).toBe("51–60 of 60");
    expect(pageRangeText(pageWindow(1, 0), 0)).toBe("none");
  });

  it("links to another page of one list, keeping the other lists' pages and dropping a save's notice", () => {
    expect(pageHref("/startups/4", "", "active", 2)).toBe("/startups/4?page=2");
    expect(pageHref("/startups/4", "?page=2&out_page=3&notice=Saved", "active", 1)).toBe("/startups/4?out_page=3");
    expect(pageHref("/startups/4", "?page=2", "in_round", 2)).toBe("/startups/4?page=2&in_round_page=2");
    expect(pageHref("/startups/4", "?page=abc", "out", 1)).toBe("/startups/4");
  });
});
