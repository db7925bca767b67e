/**
 * The currencies a cheque range may be written in, and fixed rates to compare them in dollars
 * (the currency a startup's rubric is kept in). The rates ship with the app and are never
 * fetched: approximate reference rates as of RATES_DATE, shown on /settings; a cheque range is a
 * rough figure, so a few per cent of drift does not move a match. Update both together.
 */

export const CURRENCIES = ["USD", "EUR", "GBP", "CHF", "JPY", "INR", "CAD", "AUD", "SGD", "SEK"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const RATES_DATE = "2026-11-25";

/** Dollars per one unit of each currency. */
export const USD_PER_UNIT: Readonly<Record<Currency, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CHF: 1.13,
  JPY: 0.0067,
  INR: 0.012,
  CAD: 0.73,
  AUD: 0.66,
  SGD: 0.75,
  SEK: 0.095,
};

const SIGNS: Readonly<Record<Currency, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  CHF: "CHF ",
  JPY: "¥",
  INR: "₹",
  CAD: "C$",
  AUD: "A$",
  SGD: "S$",
  SEK: "SEK ",
};

export function isCurrency(code: unknown): code is Currency {
  return typeof code === "string" && (CURRENCIES as readonly string[]).includes(code);
}

/**
 * An amount in dollars. No currency (a cheque typed without one, or saved before currencies
 * were kept) is dollars, as it always was; so is a code this table does not know.
 */
export function toUsd(amount: number, currency: string | null | undefined): number {
  return isCurrency(currency) ? amount * USD_PER_UNIT[currency] : amount;
}

/** "$1.5M", "€250k", "¥30M": short, in the currency's own sign. */
export function moneyText(amount: number, currency: string | null | undefined = "USD"): string {
  const sign = isCurrency(currency) ? SIGNS[currency] : "$";
  if (amount >= 1_000_000) return `${sign}${Number((amount / 1_000_000).toFixed(2))}M`;
  if (amount >= 1_000) return `${sign}${Number((amount / 1_000).toFixed(1))}k`;
  return `${sign}${Number(amount.toFixed(2))}`;
}
