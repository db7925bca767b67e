import type { Country } from "world-countries";
import countriesData from "world-countries/countries.json" with { type: "json" };

/**
 * Countries, capitals and regions, resolved with the world-countries data set (ISO 3166 codes,
 * names in many languages, UN region and subregion) rather than a hand table, so Slovenia is in
 * Europe and "スロベニア" is Slovenia. Pure: the data ships with the package.
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

/**
 * Cities investor lists name that are not capitals (the data set has capitals only), with their
 * country: enough for "Munich" to be Germany and Europe, "NYC" to be the United States.
 */
const CITIES: Record<string, string> = {
  munich: "DE",
  hamburg: "DE",
  frankfurt: "DE",
  cologne: "DE",
  lyon: "FR",
  marseille: "FR",
  barcelona: "ES",
  milan: "IT",
  zurich: "CH",
  geneva: "CH",
  manchester: "GB",
  cambridge: "GB",
  oxford: "GB",
  edinburgh: "GB",
  rotterdam: "NL",
  gothenburg: "SE",
  "new york": "US",
  nyc: "US",
  "san francisco": "US",
  "bay area": "US",
  "silicon valley": "US",
  "palo alto": "US",
  "menlo park": "US",
  boston: "US",
  "los angeles": "US",
  seattle: "US",
  austin: "US",
  chicago: "US",
  miami: "US",
  toronto: "CA",
  montreal: "CA",
  vancouver: "CA",
  "sao paulo": "BR",
  "tel aviv": "IL",
  dubai: "AE",
  bangalore: "IN",
  bengaluru: "IN",
  mumbai: "IN",
  shanghai: "CN",
  shenzhen: "CN",
  osaka: "JP",
  sydney: "AU",
  melbourne: "AU",
  lagos: "NG",
};

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s_]+/g, " ")
    .replace(/^the\s+/, "")
    .trim();
}

type Index = Map<string, Place>;
let index: Index | undefined;

function subregionName(country: Country): string[] {
  const regions: string[] = [];
  if (country.subregion) regions.push(country.subregion);
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
    const name = city.length <= 3 ? city.toUpperCase() : city.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
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

/**
 * One written place → the place, or undefined. Country codes count only in capitals ("UK",
 * "DE", "USA"), so the word "in" is never India.
 */
export function resolvePlace(text: string): Place | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.length > 80) return undefined;
  index ??= buildIndex();
  const found = index.get(fold(trimmed));
  if (found) return found;
  if (CODES.test(trimmed)) return codeIndex().get(trimmed === "UK" ? "GB" : trimmed);
  return undefined;
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
