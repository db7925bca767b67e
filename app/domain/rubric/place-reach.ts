import { resolvePlace } from "../places.ts";
import { normalize } from "./words.ts";

/**
 * An investor's places with every wider region they sit in, from the table the import resolves
 * places with (app/domain/places.ts): "Slovenia" → slovenia, si, central europe, europe, emea;
 * "Munich" → munich, germany, de, western europe, europe, emea. Folded, as phrasesMatch compares
 * them. Server side only in practice: the countries data is too large for a page, so the rows a
 * page scores with carry their reach (RubricInvestor.place_reach).
 */

/** A re-score asks for the same few hundred places over and over: kept, bounded. */
const reaches = new Map<string, string[]>();
const MAX_KEPT = 5_000;

function reachOf(text: string): string[] {
  const kept = reaches.get(text);
  if (kept) return kept;
  const place = resolvePlace(text);
  const words = [text, ...(place ? [place.name, place.code ?? "", ...place.regions] : [])];
  const reach = [...new Set(words.map(normalize))].filter(Boolean);
  if (reaches.size >= MAX_KEPT) reaches.clear();
  reaches.set(text, reach);
  return reach;
}

const lists = new Map<string, string[]>();

/** Lists repeat as much as places do ("UK, Netherlands" on every row of a list): kept too. */
export function placeReachOf(places: readonly string[]): string[] {
  if (places.length === 0) return [];
  if (places.length === 1) return reachOf(places[0] as string);
  const key = places.join("\u0000");
  const kept = lists.get(key);
  if (kept) return kept;
  const reach = [...new Set(places.flatMap(reachOf))];
  if (lists.size >= MAX_KEPT) lists.clear();
  lists.set(key, reach);
  return reach;
}

/** Each place's own reach, in the order listed: how many of an investor's places sit inside the startup's (match.ts). */
export function placeReachesOf(places: readonly string[]): string[][] {
  return places.map(reachOf);
}
