import { describe, expect, it } from "vitest";
import { SEARCH_ANSWER_MAX, searchFeedQuerySchema } from "#app/domain/search-query.ts";

describe("route #7's query (decision 066)", () => {
  it("takes the words, a limit of 1–50 and up to 50 ids", () => {
    expect(searchFeedQuerySchema.parse({ q: "ada", limit: "20", demo: "1" })).toEqual({ q: "ada", limit: 20, demo: "1" });
    expect(searchFeedQuerySchema.parse({ ids: "3,1,2" })).toEqual({ ids: [3, 1, 2] });
    expect(searchFeedQuerySchema.parse({})).toEqual({});
    const fifty = Array.from({ length: SEARCH_ANSWER_MAX }, (_, i) => i + 1).join(",");
    expect(searchFeedQuerySchema.parse({ ids: fifty }).ids).toHaveLength(SEARCH_ANSWER_MAX);
  });

  it("refuses what would make an answer unbounded or ambiguous", () => {
    for (const query of [
      { limit: "0" },
      { limit: "51" },
      { limit: "1000" },
      { limit: "ten" },
      { q: "x".repeat(201) },
      { ids: Array.from({ length: SEARCH_ANSWER_MAX + 1 }, (_, i) => i + 1).join(",") },
      { ids: "1,,2" },
      { ids: "1", q: "ada" },
      { demo: "0" },
      { everyone: "1" },
    ]) {
      expect(searchFeedQuerySchema.safeParse(query).success, JSON.stringify(query).slice(0, 60)).toBe(false);
    }
  });
});
