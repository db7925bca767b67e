import type { Country } from "world-countries";
import countriesData from "world-countries/countries.json" with { type: "json" };
import { fold as foldLetters } from "./palette-search.ts";
import { STATES } from "./place-states.ts";
import { CITIES, CITY_NAMES } from "./place-names.ts";

/**
 * Countries, capitals and regions, resolved with the world-countries data set (ISO 3166 codes,
 * names in many languages, UN region and subregion) rather than a hand table, so Slovenia is in
 * Europe and "スロベニア" is Slovenia. Pure: the data ships with the package.
 *
 * Towns beyond the capitals and the shorthands below come from the cities data (decision 055),
 * which the server loads only when it resolves a place people wrote (app/services/towns.server.ts)
 * and hands in with `useTowns`. A town found there is named with its country, "Trondheim, Norway",
 * so reading it again (a re-score, the investor page) needs the countries data alone.
 */

export type Place = {
  /** The name stored: a country's common English name, or a region as written in REGIONS. */
  name: string;
  /** ISO 3166-1 alpha-2 for a country; undefined for a region. */
  code?: string;
  /** The wider regions it belongs to, nearest first ("Central Europe", "Europe"). */
  regions: string[];
};

/** Regions people write that are not UN regions, with the ones they sit in. */
const REGIONS: Record<string, string[]> = {
  europe: [],
  asia: [],
  africa: [],
  americas: [],
  oceania: [],
  "north america": ["Americas"],
  "south america": ["Latin America", "Americas"],
  "latin america": ["Americas"],
  latam: ["Americas"],
  "central america": ["Latin America", "Americas"],
  caribbean: ["Latin America", "Americas"],
  "western europe": ["Europe"],
  "northern europe": ["Europe"],
  "southern europe": ["Europe"],
  "eastern europe": ["Europe"],
  "central europe": ["Europe"],
  "southeast europe": ["Europe"],
  nordics: ["Northern Europe", "Europe"],
  scandinavia: ["Nordics", "Europe"],
  baltics: ["Northern Europe", "Europe"],
  dach: ["Europe"],
  benelux: ["Western Europe", "Europe"],
  cee: ["Europe"],
  emea: ["Europe", "Middle East", "Africa"],
  mena: ["Middle East", "Africa"],
  "middle east": ["Asia"],
  "south asia": ["Asia"],
  "southern asia": ["Asia"],
  "south east asia": ["Asia"],
  "southeast asia": ["Asia"],
  "south-eastern asia": ["Asia"],
  sea: ["Asia"],
  "east asia": ["Asia"],
  "eastern asia": ["Asia"],
  "central asia": ["Asia"],
  apac: ["Asia", "Oceania"],
  "asia pacific": ["Asia", "Oceania"],
  "sub saharan africa": ["Africa"],
  "north africa": ["Africa"],
  "west africa": ["Africa"],
  "east africa": ["Africa"],
  anz: ["Oceania"],
  global: [],
  worldwide: [],
  international: [],
  eu: ["Europe"],
};

const REGION_NAMES: Record<string, string> = {
  latam: "Latin America",
  sea: "Southeast Asia",
  "south east asia": "Southeast Asia",
  "south-eastern asia": "Southeast Asia",
  cee: "CEE",
  dach: "DACH",
  emea: "EMEA",
  mena: "MENA",
  apac: "APAC",
  anz: "ANZ",
  eu: "EU",
};

/** Spellings the data set lacks but lists use. */
const EXTRA_NAMES: Record<string, string> = {
  "drc congo": "CD",
  drc: "CD",
  "congo drc": "CD",
  uae: "AE",
  usa: "US",
  "u.s.": "US",
  "u.s.a.": "US",
  america: "US",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  britain: "GB",
  "south korea": "KR",
  korea: "KR",
  "czech republic": "CZ",
  turkey: "TR",
  holland: "NL",
  "hong kong sar": "HK",
  "ivory coast": "CI",
};

/** Countries that belong to groupings people invest by, beside the UN subregion. */
const GROUPINGS: ReadonlyArray<[string, ReadonlySet<string>]> = [
  ["Nordics", new Set(["NO", "SE", "DK", "FI", "IS", "FO", "AX", "GL", "SJ"])],
  ["Scandinavia", new Set(["NO", "SE", "DK"])],
  ["Baltics", new Set(["EE", "LV", "LT"])],
  ["DACH", new Set(["DE", "AT", "CH"])],
  ["Benelux", new Set(["BE", "NL", "LU"])],
  ["CEE", new Set(["PL", "CZ", "SK", "HU", "SI", "HR", "RO", "BG", "EE", "LV", "LT", "RS", "BA", "ME", "MK", "AL", "UA", "MD"])],
];

/** UN subregions as people write them ("South-Eastern Asia" is Southeast Asia). */
const SUBREGION_SPOKEN: Record<string, string> = {
  "South-Eastern Asia": "Southeast Asia",
  "Eastern Asia": "East Asia",
  "Southern Asia": "South Asia",
};

function fold(text: string): string {
  // ø, æ, ß and the like have no accent to drop: folded as the palette folds them ("Tromsø" = "Tromso").
  return foldLetters(text)
    .replace(/[\s_]+/g, " ")
    .replace(/^the\s+/, "")
    .trim();
}

type Index = Map<string, Place>;
let index: Index | undefined;

function subregionName(country: Country): string[] {
  const regions: string[] = [];
  if (country.subregion) regions.push(country.subregion);
  const spoken = SUBREGION_SPOKEN[country.subregion];
  if (spoken) regions.push(spoken);
  for (const [grouping, members] of GROUPINGS) if (members.has(country.cca2)) regions.push(grouping);
  if (country.region === "Americas") {
    if (["US", "CA", "GL", "BM", "PM", "UM"].includes(country.cca2)) regions.push("North America", "Americas");
    else regions.push("Latin America", "Americas");
  } else if (country.region) regions.push(country.region);
  if (["Western Asia"].includes(country.subregion) && !["GE", "AM", "AZ", "CY", "TR"].includes(country.cca2)) regions.push("Middle East");
  if (country.region === "Europe" && country.unMember === true) regions.push("EMEA");
  return [...new Set(regions)];
}

/**
 * The package's own file, described by the package's own typings (index.d.ts types this same
 * JSON as Country[]; importing the JSON directly, which Node needs with its json attribute, types
 * it from the file instead, a union of 250 literal shapes).
 */
const COUNTRIES: readonly Country[] = describedByThePackage(countriesData);

function describedByThePackage(data: unknown): readonly Country[] {
  return data as readonly Country[];
}

function buildIndex(): Index {
  const built: Index = new Map();
  const byCode = new Map<string, Place>();
  const add = (key: string, place: Place) => {
    const folded = fold(key);
    if (folded !== "" && !built.has(folded)) built.set(folded, place);
  };
  const countries = COUNTRIES;
  for (const country of countries) {
    const place: Place = { name: country.name.common, code: country.cca2, regions: subregionName(country) };
    byCode.set(country.cca2, place);
    add(country.name.common, place);
    add(country.name.official, place);
    for (const spelling of country.altSpellings) if (spelling.length > 3) add(spelling, place);
    for (const name of Object.values(country.name.native ?? {})) add(name.common, place);
    for (const name of Object.values(country.translations)) add(name.common, place);
  }
  // Capitals after every country name, so a capital never shadows a country of the same name.
  for (const country of countries) {
    const place = byCode.get(country.cca2);
    if (!place) continue;
    for (const capital of country.capital) add(capital, { name: capital, code: country.cca2, regions: [place.name, ...place.regions] });
  }
  for (const [city, code] of Object.entries(CITIES)) {
    const place = byCode.get(code);
    const name = CITY_NAMES[city] ?? (city.length <= 3 ? city.toUpperCase() : city.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase()));
    if (place) add(city, { name, code, regions: [place.name, ...place.regions] });
  }
  for (const [name, code] of Object.entries(EXTRA_NAMES)) {
    const place = byCode.get(code);
    if (place) built.set(fold(name), place);
  }
  for (const [key, regions] of Object.entries(REGIONS)) {
    const name = REGION_NAMES[key] ?? key.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
    built.set(fold(key), { name, regions });
  }
  return built;
}

const CODES = /^[A-Z]{2,3}$/;

/** Words in place columns that are no town, however many towns bear them. */
const NOT_TOWNS = new Set(["remote", "online", "various", "multiple", "other", "others", "tbd", "unknown", "none", "any", "n/a", "hq"]);

/** The cities data's answer: a town as written → its countries, most populous first. */
export type TownLookup = (town: string) => readonly string[];
let towns: TownLookup | undefined;

/** The server hands the cities data in once it has loaded it (app/services/towns.server.ts); undefined takes it away. */
export function useTowns(lookup: TownLookup | undefined): void {
  towns = lookup;
}

/** True once the cities data is in use (tests; the import asks before it loads it). */
export function townsInUse(): boolean {
  return towns !== undefined;
}

let wanted = false;

/**
 * True when a place went unresolved since the last call for want of the cities data: the import
 * then loads it and reads the file again, so a file whose places are all countries, capitals and
 * shorthands never loads it. Reading it clears it.
 */
export function townsWanted(): boolean {
  const was = wanted;
  wanted = false;
  return was;
}

/**
 * One written place → the place, or undefined. Country codes count only in capitals ("UK",
 * "DE", "USA"), so the word "in" is never India. Then a town with where it is ("Stockholm, SE",
 * "Cambridge, MA", "Trondheim, Norway"), then a town alone from the cities data, the most
 * populous of its name (Bergen is Norway's).
 */
export function resolvePlace(text: string, hint?: string): Place | undefined {
  const trimmed = text.trim().replace(/\s+/g, " ");
  if (trimmed === "" || trimmed.length > 80) return undefined;
  index ??= buildIndex();
  const found = index.get(fold(trimmed));
  // A list of Spanish towns names Granada, not Grenada: a country written in another language
  // gives way to a town of the file's own country (the hint) with that name.
  if (found && !(hint && isCountry(found) && found.code !== hint && towns?.(trimmed).includes(hint))) return found;
  if (CODES.test(trimmed)) return countryOfCode(trimmed);
  const comma = trimmed.indexOf(",");
  if (comma > 0) return townIn(trimmed.slice(0, comma).trim(), trimmed.slice(comma + 1).split(","));
  const bare = trimmed.replace(/^greater\s+/i, "").replace(/\s+(area|metro|metropolitan area|region)$/i, "");
  if (bare !== trimmed) return resolvePlace(bare, hint);
  return townAlone(trimmed, hint);
}

/**
 * The country most of a column's places are in, when one clearly is (at least 3 places, and
 * twice as many as the next country): a town of several countries is then read in it (Valencia is Spain's in a
 * list of Madrid, Bilbao and Sevilla, not Venezuela's, the most populous). Bounded by the
 * places it is given.
 */
export function countryHint(places: Iterable<string>): string | undefined {
  const counts = new Map<string, number>();
  for (const text of places) {
    const code = resolvePlace(text)?.code;
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
  return first && first[1] >= 3 && first[1] >= 2 * (second?.[1] ?? 0) ? first[0] : undefined;
}

function countryOfCode(code: string): Place | undefined {
  return codeIndex().get(code === "UK" ? "GB" : code);
}

function isCountry(place: Place | undefined): place is Place & { code: string } {
  return place?.code !== undefined && codeIndex().get(place.code)?.name === place.name;
}

/** A town from the cities data, named with its country: "Trondheim, Norway". */
function townAlone(town: string, hint?: string): Place | undefined {
  if (town.length > 60 || !/\p{L}{2}/u.test(town) || NOT_TOWNS.has(fold(town))) return undefined;
  if (!towns) {
    wanted = true;
    return undefined;
  }
  const countries = towns(town);
  const code = hint && countries.includes(hint) ? hint : countries[0];
  const country = code ? codeIndex().get(code) : undefined;
  return country && { name: `${town}, ${country.name}`, code: country.code, regions: [country.name, ...country.regions] };
}

/**
 * "Town, where": the last part naming a country (a name or a code) or a state ("MA", "Texas",
 * "ON") says the town's country; when a code could be either ("DE", "MA"), the one where the
 * town is known wins (a capital, a shorthand, the cities data), else the state. A capital or a shorthand in that country
 * stays itself ("Stockholm, SE" is Stockholm). Unknown "where": undefined.
 */
function townIn(town: string, wheres: string[]): Place | undefined {
  if (town === "" || !/\p{L}/u.test(town)) return undefined;
  const candidates: Array<{ country: Place & { code: string }; state?: string }> = [];
  for (const where of wheres.map((part) => part.trim()).reverse()) {
    if (where === "") continue;
    const code = CODES.test(where);
    for (const state of STATES.get(code ? where : fold(where)) ?? []) {
      const inCountry = countryOfCode(state.country);
      if (isCountry(inCountry)) candidates.push({ country: inCountry, state: state.code });
    }
    // A code after a town is more often a state than a small country ("Cambridge, MA"); a name, a country.
    const country = code ? countryOfCode(where) : index?.get(fold(where));
    if (isCountry(country)) {
      if (code) candidates.push({ country });
      else candidates.unshift({ country });
    }
    if (candidates.length > 0) break;
  }
  if (candidates.length === 0) return undefined;
  const known = index?.get(fold(town));
  const townCountries = towns?.(town) ?? [];
  const rank = ({ country }: (typeof candidates)[number]) => {
    if (known?.code === country.code) return -1;
    const at = townCountries.indexOf(country.code);
    return at === -1 ? Number.POSITIVE_INFINITY : at;
  };
  const chosen = candidates.reduce<(typeof candidates)[number] | undefined>(
    (best, candidate) => (best === undefined || rank(candidate) < rank(best) ? candidate : best),
    undefined,
  );
  if (!chosen) return undefined;
  const { country, state } = chosen;
  if (known && known.code === country.code && !isCountry(known)) return known;
  const name = state ? `${town}, ${state}, ${country.name}` : `${town}, ${country.name}`;
  return { name, code: country.code, regions: [country.name, ...country.regions] };
}

/**
 * "Stockholm" followed by "SE" in a list split at commas: one place when the second says where
 * the first is (rows.ts and the forms join them back); undefined when they are two places.
 */
export function placeOfPair(town: string, where: string): Place | undefined {
  const first = resolvePlace(town);
  if (isCountry(first) || (first && first.code === undefined)) return undefined;
  index ??= buildIndex();
  return townIn(town.trim(), [where]);
}

let codes: Map<string, Place> | undefined;
function codeIndex(): Map<string, Place> {
  if (codes) return codes;
  codes = new Map();
  for (const country of COUNTRIES) {
    const place = resolvePlace(country.name.common);
    if (!place) continue;
    codes.set(country.cca2, place);
    codes.set(country.cca3, place);
  }
  return codes;
}

/** The regions a place is in ("Slovenia" → Central Europe, Europe, EMEA); empty when unknown. */
export function regionsOfPlace(text: string): string[] {
  return resolvePlace(text)?.regions ?? [];
}
