import type { Stage } from "../vocabulary.ts";

/** Dates, money and slugs in the words the demo's pages use. */

export const DAY_MS = 86_400_000;

const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const MONTHS_LONG = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Letters NFD does not split into base + accent. */
const FOLDS: Record<string, string> = { ł: "l", Ł: "L", ø: "o", Ø: "O", æ: "ae", Æ: "AE", ß: "ss", đ: "d", Đ: "D", ı: "i" };

export function slugify(text: string, maxLength = 80): string {
  const folded = [...text.normalize("NFD").replace(/\p{M}/gu, "")].map((c) => FOLDS[c] ?? c).join("");
  return folded
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
}

export function article(word: string): string {
  return /^[aeiou]/i.test(word) || word === "AI" ? "an" : "a";
}

export function dayMonth(at: Date): string {
  return `${at.getUTCDate()} ${MONTHS_SHORT[at.getUTCMonth()]}`;
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function money(dollars: number): string {
  if (dollars >= 1_000_000) {
    const millions = dollars / 1_000_000;
    return `$${millions >= 10 ? Math.round(millions) : Math.round(millions * 10) / 10}M`;
  }
  return `$${Math.round(dollars / 1_000)}K`;
}

export const STAGE_WORDS: Record<Stage, string> = {
  pre_seed: "pre-seed",
  seed: "seed",
  series_a: "Series A",
  series_b_plus: "Series B",
};
