import { describe, expect, it } from "vitest";
import { introAskedForm } from "#app/domain/intro-input.ts";

/** Today's "Asked" form (POST /investors/:id/intro-asked): a path id and asked or to_ask, nothing else. */
describe("the intro-asked form", () => {
  it("reads a path id and asked by default, to_ask for the Undo, and the Mine flag", () => {
    expect(introAskedForm.parse({ path: "12" })).toEqual({ path: 12, state: "asked" });
    expect(introAskedForm.parse({ path: "12", state: "to_ask", mine: "1" })).toEqual({ path: 12, state: "to_ask", mine: "1" });
  });

  it("refuses other states, other fields and ids that are not whole numbers", () => {
    for (const fields of [
      { path: "12", state: "introduced" },
      { path: "12", extra: "x" },
      { path: "1e3" },
      { path: "" },
      { path: "9".repeat(13) },
    ]) {
      expect(introAskedForm.safeParse(fields).success, JSON.stringify(fields)).toBe(false);
    }
  });
});
