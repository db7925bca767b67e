import { describe, expect, it } from "vitest";
import { regionsOfPlace, resolvePlace } from "#app/domain/places.ts";

describe("resolvePlace", () => {
  it.each([
    ["Slovenia", "Slovenia", "Europe"],
    ["UK", "United Kingdom", "Europe"],
    ["USA", "United States", "North America"],
    ["United States of America", "United States", "North America"],
    ["DRC Congo", "DR Congo", "Africa"],
    ["UAE", "United Arab Emirates", "Middle East"],
    ["México", "Mexico", "Latin America"],
    ["Brasil", "Brazil", "Latin America"],
    ["スロベニア", "Slovenia", "Europe"],
    ["日本", "Japan", "Asia"],
    ["Deutschland", "Germany", "Europe"],
    ["DE", "Germany", "Europe"],
    ["Ljubljana", "Ljubljana", "Slovenia"],
    ["LatAm", "Latin America", "Americas"],
    ["Nordics", "Nordics", "Europe"],
  ])("%s → %s, in %s", (text, name, region) => {
    const place = resolvePlace(text);
    expect(place?.name).toBe(name);
    expect(place?.regions).toContain(region);
  });

  it.each(["in", "Fintech", "", "California-ish nowhere"])("does not resolve %j", (text) => {
    expect(resolvePlace(text)).toBeUndefined();
  });

  it("puts Slovenia in Europe (the hand table did not)", () => {
    expect(regionsOfPlace("slovenia")).toEqual(expect.arrayContaining(["Central Europe", "Europe"]));
  });
});
