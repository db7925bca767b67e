import { createHash } from "node:crypto";
import { mulberry32 } from "../random.ts";

/**
 * Seeded randomness: mulberry32, seeded from a sha256 of the parts, so each investor draws from
 * its own stream and adding a person never reshuffles everybody else's numbers.
 */

export type Rng = () => number;

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function rngFor(...parts: Array<string | number>): Rng {
  return mulberry32(Number.parseInt(sha256Hex(parts.join("\u0000")).slice(0, 8), 16));
}

export function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

/** Inclusive of both ends. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const a = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = a;
  }
  return copy;
}

export function twoDecimals(value: number): number {
  return Math.round(value * 100) / 100;
}
