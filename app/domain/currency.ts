import { data as iso4217, publishDate as iso4217Date } from "currency-codes";
import shipped from "./currency-rates.json" with { type: "json" };

/**
 * Currencies and the rates amounts are converted at (decision 054). The codes are ISO 4217's
 * active currencies, from the currency-codes package (ISO's list one, dated ISO4217_DATE), less
 * the codes that are no money anyone raises in: ISO's fund codes and its units of account,
 * metals and test codes. The rates ship with the app and are never fetched: reference rates of
 * a dated day against the US dollar (app/domain/currency-rates.json, written by
 * scripts/currency-rates.ts), shown on /settings, where the founder may override any of them.
 * A currency may have no rate: its amounts are kept and said to be left out of a total. Pure.
 */

/** ISO's fund codes (an index, a next-day dollar) and its X codes that are no currency. */
const NOT_MONEY = new Set([
  ...["BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW"],
  ...["XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XDR", "XPD", "XPT", "XSU", "XTS", "XUA", "XXX"],
]);

const active = iso4217.filter((entry) => !NOT_MONEY.has(entry.code));

/** Every active ISO 4217 currency code, alphabetical. */
export const CURRENCIES = active.map((entry) => entry.code) as [string, ...string[]];
export type Currency = string;
export const ISO4217_DATE: string = iso4217Date;

const NAMES = new Map(active.map((entry) => [entry.code, entry.currency]));
const CODES: ReadonlySet<string> = new Set(CURRENCIES);

export function isCurrency(code: unknown): code is Currency {
  return typeof code === "string" && CODES.has(code);
}

/** "Norwegian Krone" for "NOK", as ISO names it. */
export function currencyName(code: Currency): string {
  return NAMES.get(code) ?? code;
}

/** Units of each currency for one US dollar; a currency absent has no rate. */
export type Rates = Readonly<Record<string, number>>;

/** The rates shipped with the app: their day, where they come from, and each currency's basis. */
export const REFERENCE_RATES: {
  date: string;
  source: string;
  note?: string;
  unitsPerUsd: Rates;
  basis: Readonly<Record<string, string>>;
} = {
  date: shipped.date,
  source: shipped.source,
  note: shipped.note,
  unitsPerUsd: shipped.units_per_usd,
  basis: shipped.basis,
};

/** The largest override a founder may save: units of a currency for one US dollar. */
export const MAX_RATE = 1_000_000_000;

/** The rates in force: the shipped ones with the founder's overrides on top (an override for an unknown code is ignored). */
export function ratesWithOverrides(overrides: Rates): Rates {
  const rates: Record<string, number> = { ...REFERENCE_RATES.unitsPerUsd };
  for (const [code, rate] of Object.entries(overrides)) {
    if (isCurrency(code) && code !== "USD" && Number.isFinite(rate) && rate > 0 && rate <= MAX_RATE) rates[code] = rate;
  }
  return rates;
}

/** `amount` of `from` in `to`, or undefined when either has no rate. No currency is dollars. */
export function convert(
  amount: number,
  from: string | null | undefined,
  to: string,
  rates: Rates = REFERENCE_RATES.unitsPerUsd,
): number | undefined {
  const source = from ?? "USD";
  if (source === to) return amount;
  const perUsdFrom = rates[source];
  const perUsdTo = rates[to];
  if (perUsdFrom === undefined || perUsdTo === undefined) return undefined;
  return (amount / perUsdFrom) * perUsdTo;
}

/**
 * An amount in dollars at the shipped rates, or undefined when its currency has no rate. No
 * currency (a cheque typed without one, or saved before currencies were kept) is dollars.
 */
export function toUsd(amount: number, currency: string | null | undefined): number | undefined {
  return convert(amount, currency, "USD");
}

/** Signs written before the amount for the currencies people write with one; the rest use their code. */
const SIGNS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  INR: "₹",
  CAD: "C$",
  AUD: "A$",
  SGD: "S$",
  NZD: "NZ$",
  HKD: "HK$",
};

/** "$1.5M", "€250k", "NOK 5M": short, in the currency's own sign or its code. */
export function moneyText(amount: number, currency: string | null | undefined = "USD"): string {
  const code = currency ?? "USD";
  const sign = SIGNS[code] ?? (isCurrency(code) ? `${code} ` : "$");
  if (amount >= 1_000_000) return `${sign}${Number((amount / 1_000_000).toFixed(2))}M`;
  if (amount >= 1_000) return `${sign}${Number((amount / 1_000).toFixed(1))}k`;
  return `${sign}${Number(amount.toFixed(2))}`;
}

/** The founder's overrides as saved (JSON `{ "NOK": 10.9 }`); anything else in it is dropped, never trusted. */
export function parseRateOverrides(saved: string | undefined): Record<string, number> {
  if (!saved) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(saved);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  const overrides: Record<string, number> = {};
  for (const [code, rate] of Object.entries(parsed)) {
    if (isCurrency(code) && code !== "USD" && typeof rate === "number" && Number.isFinite(rate) && rate > 0 && rate <= MAX_RATE)
      overrides[code] = rate;
  }
  return overrides;
}

/** What the rates form on /settings asks for: a currency and its units for one dollar, or a clear. */
export type RateEdit = { currency: Currency; rate: number | null } | { problem: "currency" | "rate" };

/**
 * The rates form's fields read: `currency` one of CURRENCIES other than USD (the base), `rate`
 * its units for one US dollar ("10.9", "10,9"), empty to go back to the reference rate.
 */
export function readRateEdit(currency: unknown, rate: unknown): RateEdit {
  if (typeof currency !== "string" || !isCurrency(currency) || currency === "USD") return { problem: "currency" };
  const text = typeof rate === "string" ? rate.trim().replace(/\s/g, "") : "";
  if (text === "") return { currency, rate: null };
  if (!/^\d{1,10}([.,]\d{1,8})?$/.test(text)) return { problem: "rate" };
  const value = Number(text.replace(",", "."));
  if (!(value > 0) || value > MAX_RATE) return { problem: "rate" };
  return { currency, rate: value };
}
