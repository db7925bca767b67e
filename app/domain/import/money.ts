/**
 * Cheque sizes as people write them in one cell: "$500K-$2M", "$250K - $2M", "$50k to $1M",
 * "€250k", "50-250k", "1.5m", "up to $500k", "$1M+", "£1M", "$1KK - 5M", "3000" under a
 * "出資可能額（万円）" header. The currency is kept; nothing is converted here. Linear in the cell.
 */

import type { Currency } from "../currency.ts";

export { CURRENCIES, type Currency } from "../currency.ts";

export type MoneyRange = { min?: number; max?: number; currency?: Currency };

/** What a column header says about its cells: "(万円)" = ×10,000 yen, "(k)" = ×1,000, "in $M". */
export type MoneyUnit = { scale: number; currency?: Currency };

const SYMBOLS: ReadonlyArray<[string, Currency]> = [
  ["us$", "USD"],
  ["usd", "USD"],
  ["ca$", "CAD"],
  ["c$", "CAD"],
  ["cad", "CAD"],
  ["au$", "AUD"],
  ["a$", "AUD"],
  ["aud", "AUD"],
  ["s$", "SGD"],
  ["sg$", "SGD"],
  ["sgd", "SGD"],
  ["$", "USD"],
  ["€", "EUR"],
  ["eur", "EUR"],
  ["£", "GBP"],
  ["gbp", "GBP"],
  ["chf", "CHF"],
  ["fr.", "CHF"],
  ["¥", "JPY"],
  ["￥", "JPY"],
  ["円", "JPY"],
  ["jpy", "JPY"],
  ["yen", "JPY"],
  ["₹", "INR"],
  ["inr", "INR"],
  ["rs.", "INR"],
  ["sek", "SEK"],
  ["kr", "SEK"],
];

const MULTIPLIERS: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  kk: 1_000_000,
  m: 1_000_000,
  mm: 1_000_000,
  mn: 1_000_000,
  mio: 1_000_000,
  million: 1_000_000,
  millions: 1_000_000,
  b: 1_000_000_000,
  bn: 1_000_000_000,
  billion: 1_000_000_000,
  万: 10_000,
  億: 100_000_000,
  lakh: 100_000,
  lakhs: 100_000,
  lac: 100_000,
  lacs: 100_000,
  cr: 10_000_000,
  crore: 10_000_000,
};

const MAX_AMOUNT = 10_000_000_000;
const MAX_CELL = 200;

type Amount = { value: number; hasMultiplier: boolean; currency?: Currency };

/** Strips a currency sign or code from either end of `text`; returns the rest and the currency. */
function takeCurrency(text: string): { rest: string; currency?: Currency } {
  let rest = text.trim();
  let currency: Currency | undefined;
  // Twice over, for "$ $500K" and "US$ 5M USD".
  for (const [symbol, code] of [...SYMBOLS, ...SYMBOLS]) {
    const lower = rest.toLowerCase();
    const word = /[a-z]$/.test(symbol);
    if (lower.startsWith(symbol) && !(word && /^[a-z]/.test(lower.slice(symbol.length)))) {
      rest = rest.slice(symbol.length).trim();
      currency ??= code;
    } else if (lower.endsWith(symbol) && !(/^[a-z]/.test(symbol) && /[a-z]$/.test(lower.slice(0, -symbol.length)))) {
      rest = rest.slice(0, -symbol.length).trim();
      currency ??= code;
    }
  }
  return { rest, currency };
}

/** "1,5" with a multiplier is a decimal comma; "250,000" groups thousands. */
function readNumber(text: string): number | undefined {
  let digits = text.replace(/[\s'’_]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits)) digits = digits.replaceAll(",", "");
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(digits) && digits.includes(",")) digits = digits.replaceAll(".", "").replace(",", ".");
  else if (/^\d+,\d{1,2}$/.test(digits)) digits = digits.replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(digits)) return undefined;
  return Number(digits);
}

function readAmount(raw: string): Amount | undefined {
  const { rest, currency } = takeCurrency(raw);
  const match = /^(\d[\d\s,.'’_]*?)\s*([a-z万億]+)?\.?$/iu.exec(rest);
  if (!match) return undefined;
  const number = readNumber(match[1] ?? "");
  if (number === undefined) return undefined;
  const suffix = (match[2] ?? "").toLowerCase();
  if (suffix !== "" && MULTIPLIERS[suffix] === undefined) return undefined;
  const value = number * (MULTIPLIERS[suffix] ?? 1);
  return { value, hasMultiplier: suffix !== "", currency };
}

function whole(value: number, scale: number): number | undefined {
  const amount = Math.round(value * scale);
  return Number.isSafeInteger(amount) && amount >= 0 && amount <= MAX_AMOUNT ? amount : undefined;
}

/**
 * One cell → a range with its currency; undefined when the cell is not an amount (the caller
 * then leaves the cell out and says why). A single amount is both ends; "up to" only the top,
 * "+" or "from" only the bottom.
 */
export function parseMoneyRange(cell: string, unit: MoneyUnit = { scale: 1 }): MoneyRange | undefined {
  let text = cell.normalize("NFKC").trim();
  if (text === "" || text.length > MAX_CELL) return undefined;
  let only: "min" | "max" | undefined;
  const upTo = /^(?:up\s*to|max(?:imum)?\.?|under|below|less\s+than|<=?|≤|até|hasta)\s*/i.exec(text);
  if (upTo) {
    only = "max";
    text = text.slice(upTo[0].length);
  }
  const from = /^(?:from|min(?:imum)?\.?|over|above|more\s+than|>=?|≥|desde|a\s+partir\s+de)\s*/i.exec(text);
  if (!only && from) {
    only = "min";
    text = text.slice(from[0].length);
  }
  if (!only && /\+\s*$/.test(text)) {
    only = "min";
    text = text.replace(/\+\s*$/, "");
  }
  const parts = text.split(/\s*(?:[-–—~〜]|\.\.)\s*|\s+(?:to|and|a|até|hasta)\s+/iu);
  if (parts.length === 0 || parts.length > 2 || parts.some((part) => part.trim() === "")) return undefined;
  const amounts = parts.map(readAmount);
  if (amounts.some((amount) => amount === undefined)) return undefined;
  const [low, high] = amounts as [Amount, Amount | undefined];
  const currency = low.currency ?? high?.currency ?? unit.currency;
  if (low.currency && high?.currency && low.currency !== high.currency) return undefined;
  let lowValue = low.value;
  // A cell's own multiplier wins over the header's unit ("250k" under "Cheque (k)" is 250,000).
  let lowScale = low.hasMultiplier ? 1 : unit.scale;
  // "50-250k": the first end borrows the second's multiplier when that keeps the range in order.
  if (high && !low.hasMultiplier && high.hasMultiplier) {
    const suffixScale = scaleOf(parts[1] ?? "");
    if (suffixScale && low.value * suffixScale <= high.value) {
      lowValue = low.value * suffixScale;
      lowScale = 1;
    }
  }
  const min = whole(lowValue, lowScale);
  const max = high ? whole(high.value, high.hasMultiplier ? 1 : unit.scale) : whole(lowValue, lowScale);
  if (min === undefined || max === undefined) return undefined;
  // "$150K - $50K": written high to low, meant as a range.
  if (min > max) return only ? undefined : withCurrency({ min: max, max: min }, currency);
  return withCurrency(only === "max" ? { max } : only === "min" ? { min } : { min, max }, currency);
}

/** An amount column's cell: one amount, or a range ("$250K – $2M", "up to $500k", "$1M+"), which is none. */
export type OneAmount = { amount: number; currency?: Currency } | { range: true };

/**
 * A committed or expected amount is one number: a range is said to be one, never read as its top
 * (decision 040). Undefined when the cell is no amount at all.
 */
export function parseOneAmount(cell: string, unit: MoneyUnit = { scale: 1 }): OneAmount | undefined {
  const range = parseMoneyRange(cell, unit);
  if (!range) return undefined;
  if (range.min === undefined || range.max === undefined || range.min !== range.max) return { range: true };
  return range.currency ? { amount: range.min, currency: range.currency } : { amount: range.min };
}

function withCurrency(range: MoneyRange, currency: Currency | undefined): MoneyRange {
  if (currency) range.currency = currency;
  return range;
}

function scaleOf(part: string): number | undefined {
  const suffix = /([a-z万億]+)\.?$/iu.exec(takeCurrency(part).rest)?.[1]?.toLowerCase();
  return suffix ? MULTIPLIERS[suffix] : undefined;
}

/** The unit a header names: "出資可能額（万円）", "Cheque (k)", "Ticket in $M", "Amount (EUR)". */
export function moneyUnitOfHeader(header: string): MoneyUnit {
  const text = header.normalize("NFKC").toLowerCase();
  const unit: MoneyUnit = { scale: 1 };
  const bracket = /[([]([^)\]]{1,20})[)\]]/.exec(text)?.[1] ?? /\bin\s+(\S{1,10})\s*$/.exec(text)?.[1];
  if (bracket === undefined) return unit;
  const { rest, currency } = takeCurrency(bracket.replace(/\s+/g, ""));
  if (currency) unit.currency = currency;
  const scale = MULTIPLIERS[rest.replace(/s$/, "")] ?? MULTIPLIERS[rest];
  if (scale) unit.scale = scale;
  return unit;
}
