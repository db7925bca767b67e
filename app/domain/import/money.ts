/**
 * Cheque sizes as people write them in one cell: "$500K-$2M", "$250K - $2M", "$50k to $1M",
 * "€250k", "50-250k", "1.5m", "up to $500k", "$1M+", "£1M", "$1KK - 5M", "NOK 5m", "5m NOK",
 * "DKK 3-10m", "kr 5m" (whose krone the column's or the investor's country says), "3000" under a
 * "出資可能額（万円）" header. Any active ISO 4217 code is a currency (decision 054). The currency
 * is kept; nothing is converted here. Linear in the cell.
 */

import { CURRENCIES, type Currency, isCurrency } from "../currency.ts";

export { CURRENCIES, type Currency };

export type MoneyRange = { min?: number; max?: number; currency?: Currency };

/**
 * What a column header says about its cells: "(万円)" = ×10,000 yen, "(k)" = ×1,000, "in $M";
 * `local`, the currencies of the investor's country, tells which krone "kr" is.
 */
export type MoneyUnit = { scale: number; currency?: Currency; local?: readonly Currency[] };

/**
 * Signs and words people write for a currency, with the currencies each may mean. The first is
 * what it means with no hint when `fallback` is set ("$" is dollars in an investor's list);
 * "kr" has none: Swedish, Norwegian, Danish or Icelandic, only a hint says which.
 */
type Sign = { currencies: readonly Currency[]; fallback: boolean; countryHint: boolean };
const sign = (currencies: Currency[], fallback = true, countryHint = true): Sign => ({ currencies, fallback, countryHint });

const SIGNS: ReadonlyArray<[string, Sign]> = (
  [
    ["us$", sign(["USD"])],
    ["ca$", sign(["CAD"])],
    ["c$", sign(["CAD"])],
    ["au$", sign(["AUD"])],
    ["a$", sign(["AUD"])],
    ["s$", sign(["SGD"])],
    ["sg$", sign(["SGD"])],
    ["nz$", sign(["NZD"])],
    ["hk$", sign(["HKD"])],
    ["mx$", sign(["MXN"])],
    ["nt$", sign(["TWD"])],
    ["r$", sign(["BRL"])],
    // Dollars unless the column says otherwise: an investor in Canada may still write US dollars.
    ["$", sign(["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "TWD"], true, false)],
    ["€", sign(["EUR"])],
    ["£", sign(["GBP"])],
    ["fr.", sign(["CHF"])],
    ["sfr.", sign(["CHF"])],
    ["sfr", sign(["CHF"])],
    ["¥", sign(["JPY", "CNY"])],
    ["￥", sign(["JPY", "CNY"])],
    ["円", sign(["JPY"])],
    ["yen", sign(["JPY"])],
    ["元", sign(["CNY"])],
    ["rmb", sign(["CNY"])],
    ["₹", sign(["INR"])],
    ["rs.", sign(["INR", "PKR", "LKR", "NPR"])],
    ["rs", sign(["INR", "PKR", "LKR", "NPR"])],
    ["kr.", sign(["SEK", "NOK", "DKK", "ISK"], false)],
    ["kr", sign(["SEK", "NOK", "DKK", "ISK"], false)],
    ["nkr", sign(["NOK"])],
    ["skr", sign(["SEK"])],
    ["dkr", sign(["DKK"])],
    ["ikr", sign(["ISK"])],
    ["zł", sign(["PLN"])],
    ["kč", sign(["CZK"])],
    ["ft", sign(["HUF"])],
    ["lei", sign(["RON"])],
    ["₩", sign(["KRW"])],
    ["₺", sign(["TRY"])],
    ["₽", sign(["RUB"])],
    ["₪", sign(["ILS"])],
    ["₦", sign(["NGN"])],
    ["₱", sign(["PHP"])],
    ["฿", sign(["THB"])],
    ["₫", sign(["VND"])],
    ["₴", sign(["UAH"])],
    ["rp", sign(["IDR"])],
    ["ksh", sign(["KES"])],
    ["rm", sign(["MYR"])],
  ] as Array<[string, Sign]>
).sort(([a], [b]) => b.length - a.length);

/** ISO codes that are English words too: read as a code only when written in capitals. */
const WORD_CODES = new Set(["ALL", "BOB", "CUP", "GEL", "MAD", "MOP", "PEN", "SOS", "TOP", "TRY", "CUC", "BAM", "LAK", "AMD", "BOB"]);

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

/** Why a cell is not an amount, when it is more than "not a number". */
type Problem = { problem: string };

/** The currency a sign stands for under `unit`'s hints, or the sign's choices when none settles it. */
function resolve(mark: Sign, unit: MoneyUnit): Currency | Problem {
  const [first] = mark.currencies;
  if (mark.currencies.length === 1 && first) return first;
  if (unit.currency && mark.currencies.includes(unit.currency)) return unit.currency;
  const local = mark.countryHint ? unit.local?.find((code) => mark.currencies.includes(code)) : undefined;
  if (local) return local;
  if (mark.fallback && first) return first;
  return {
    problem: `could be ${mark.currencies.join(", ")}: write the code (${mark.currencies[1]} 5m) or name it in the column's header`,
  };
}

/** A three-letter ISO 4217 code at the start or end of `text`, not part of a longer word. */
function isoCodeAt(text: string, end: boolean): string | undefined {
  const match = end ? /(?:^|[^\p{sc=Latin}])(\p{sc=Latin}{3})$/u.exec(text) : /^(\p{sc=Latin}{3})(?:$|[^\p{sc=Latin}])/u.exec(text);
  const written = match?.[1];
  if (!written) return undefined;
  const code = written.toUpperCase();
  if (!isCurrency(code)) return undefined;
  if (WORD_CODES.has(code) && written !== code) return undefined;
  return code;
}

/** Strips a currency sign or code from either end of `text`; returns the rest and the currency. */
function takeCurrency(text: string, unit: MoneyUnit): { rest: string; currency?: Currency } | Problem {
  let rest = text.trim();
  let currency: Currency | undefined;
  // A few times over, for "$ $500K" and "US$ 5M USD".
  for (let round = 0; round < 4; round++) {
    const lower = rest.toLowerCase();
    let found: Currency | Problem | undefined;
    const atStart = isoCodeAt(rest, false);
    const atEnd = atStart ? undefined : isoCodeAt(rest, true);
    if (atStart) {
      found = atStart;
      rest = rest.slice(3).trim();
    } else if (atEnd) {
      found = atEnd;
      rest = rest.slice(0, -3).trim();
    } else {
      for (const [symbol, mark] of SIGNS) {
        // A word sign ("kr", "rs") is no sign inside a longer word; "円" after "万" still is.
        const word = /\p{sc=Latin}$/u.test(symbol);
        if (lower.startsWith(symbol) && !(word && /^\p{sc=Latin}/u.test(lower.slice(symbol.length)))) {
          rest = rest.slice(symbol.length).trim();
          found = resolve(mark, unit);
          break;
        }
        if (lower.endsWith(symbol) && !(/^\p{sc=Latin}/u.test(symbol) && /\p{sc=Latin}$/u.test(lower.slice(0, -symbol.length)))) {
          rest = rest.slice(0, -symbol.length).trim();
          found = resolve(mark, unit);
          break;
        }
      }
    }
    if (found === undefined) break;
    if (typeof found !== "string") return found;
    currency ??= found;
  }
  return { rest, currency };
}

/**
 * "1,5" with a multiplier is a decimal comma; "250,000" groups thousands, and so does "500.000" as
 * Spain, Latin America and Germany write it (nobody writes money to three decimals: "500.000 €" is
 * half a million, "COP 2.000M" two thousand million); "1,00,000" groups as India writes a lakh.
 */
function readNumber(text: string): number | undefined {
  let digits = text.replace(/[\s'’_]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits)) digits = digits.replaceAll(",", "");
  // India's lakh grouping ("1,00,000", "1,50,00,000"): pairs of digits above the last three.
  else if (/^\d{1,2}(,\d{2})+,\d{3}(\.\d+)?$/.test(digits)) digits = digits.replaceAll(",", "");
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(digits)) digits = digits.replaceAll(".", "").replace(",", ".");
  else if (/^\d+,\d{1,2}$/.test(digits)) digits = digits.replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(digits)) return undefined;
  return Number(digits);
}

function readAmount(raw: string, unit: MoneyUnit): Amount | Problem | undefined {
  const taken = takeCurrency(raw, unit);
  if ("problem" in taken) return taken;
  const { rest, currency } = taken;
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
 * then leaves the cell out and says why, `moneyProblem` saying more when it can). A single amount
 * is both ends; "up to" only the top, "+" or "from" only the bottom.
 */
export function parseMoneyRange(cell: string, unit: MoneyUnit = { scale: 1 }): MoneyRange | undefined {
  const read = readMoney(cell, unit);
  return read && !("problem" in read) ? read : undefined;
}

/**
 * Why a cell that looks like money is not read as an amount, in the founder's words ("'kr' could
 * be SEK, NOK, DKK, ISK: …"), or undefined when it reads, or is no amount at all.
 */
export function moneyProblem(cell: string, unit: MoneyUnit = { scale: 1 }): string | undefined {
  const read = readMoney(cell, unit);
  return read && "problem" in read ? read.problem : undefined;
}

function readMoney(cell: string, unit: MoneyUnit): MoneyRange | Problem | undefined {
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
  const amounts = parts.map((part) => readAmount(part, unit));
  const problem = amounts.find((amount) => amount !== undefined && "problem" in amount);
  if (problem) return problem;
  if (amounts.some((amount) => amount === undefined)) return undefined;
  const [low, high] = amounts as [Amount, Amount | undefined];
  const currency = low.currency ?? high?.currency ?? unit.currency;
  if (low.currency && high?.currency && low.currency !== high.currency) return undefined;
  let lowValue = low.value;
  // A cell's own multiplier wins over the header's unit ("250k" under "Cheque (k)" is 250,000).
  let lowScale = low.hasMultiplier ? 1 : unit.scale;
  // "50-250k": the first end borrows the second's multiplier when that keeps the range in order.
  if (high && !low.hasMultiplier && high.hasMultiplier) {
    const suffixScale = scaleOf(parts[1] ?? "", unit);
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

function scaleOf(part: string, unit: MoneyUnit): number | undefined {
  const taken = takeCurrency(part, unit);
  if ("problem" in taken) return undefined;
  const suffix = /([a-z万億]+)\.?$/iu.exec(taken.rest)?.[1]?.toLowerCase();
  return suffix ? MULTIPLIERS[suffix] : undefined;
}

/**
 * A currency column's cell: a code in any case ("nok"), or a sign the hints settle ("€", "kr"
 * beside Norway); undefined when it names no currency, or not which one.
 */
export function currencyOfCell(cell: string, unit: MoneyUnit = { scale: 1 }): Currency | undefined {
  const text = cell.normalize("NFKC").trim();
  if (text === "" || text.length > 20) return undefined;
  const code = text.toUpperCase();
  if (isCurrency(code)) return code;
  const taken = takeCurrency(text, unit);
  return "problem" in taken || taken.rest !== "" ? undefined : taken.currency;
}

/** The unit a header names: "出資可能額（万円）", "Cheque (k)", "Ticket in $M", "Amount (EUR)". */
export function moneyUnitOfHeader(header: string): MoneyUnit {
  const text = header.normalize("NFKC").toLowerCase();
  const unit: MoneyUnit = { scale: 1 };
  const bracket = /[([]([^)\]]{1,20})[)\]]/.exec(text)?.[1] ?? /\bin\s+(\S{1,10})\s*$/.exec(text)?.[1];
  if (bracket === undefined) return unit;
  const taken = takeCurrency(bracket.replace(/\s+/g, ""), unit);
  // "(kr)" alone says a krone without saying whose: the cells' own codes or the country decide.
  if ("problem" in taken) return unit;
  const { rest, currency } = taken;
  if (currency) unit.currency = currency;
  const scale = MULTIPLIERS[rest.replace(/s$/, "")] ?? MULTIPLIERS[rest];
  if (scale) unit.scale = scale;
  return unit;
}
