import countriesData from "world-countries/countries.json" with { type: "json" };
import type { Country } from "world-countries";
import { type Currency, isCurrency } from "../currency.ts";
import { resolvePlace } from "../places.ts";

/**
 * The currencies of the countries an investor's row names (decision 054), so "kr 5m" beside
 * Norway is kroner of Norway: the world-countries data set's currencies per ISO 3166 code. A
 * region ("Nordics") names none. Server side only, with the rest of the import (the countries
 * data stays out of the browser's bundle).
 */

const BY_CODE = new Map<string, Currency[]>(
  (countriesData as unknown as readonly Country[]).map((country) => [
    country.cca2,
    Object.keys(country.currencies ?? {}).filter(isCurrency),
  ]),
);

/** At most this many places are looked at: the hint is the first few the row names. */
const MAX_PLACES = 10;

export function currenciesOfPlaces(places: readonly string[] | undefined): Currency[] {
  const found = new Set<Currency>();
  for (const name of (places ?? []).slice(0, MAX_PLACES)) {
    const code = resolvePlace(name)?.code;
    for (const currency of code ? (BY_CODE.get(code) ?? []) : []) found.add(currency);
  }
  return [...found];
}
