import type { Currency } from "./import/money.ts";

/**
 * A saved cheque range as a founder would write it ("$250k-$1M", "CHF 500k"), in words the
 * import's money parser reads back to the same amounts and currency. No zod and no place data:
 * the investor page's form shows it in the browser too.
 */
const SIGNS: Partial<Record<Currency, string>> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", INR: "₹" };

function amountText(value: number): string {
  for (const [size, suffix] of [
    [1_000_000_000, "B"],
    [1_000_000, "M"],
    [1_000, "k"],
  ] as const) {
    if (value >= size && value % (size / 10) === 0) return `${value / size}${suffix}`;
  }
  return String(value);
}

export function chequeText(min: number | null, max: number | null, currency: string | null): string {
  if (min === null && max === null) return "";
  const code = (currency ?? "USD") as Currency;
  const sign = SIGNS[code];
  const money = (value: number) => (sign ? `${sign}${amountText(value)}` : `${code} ${amountText(value)}`);
  if (min !== null && max !== null) return min === max ? money(min) : `${money(min)}-${money(max)}`;
  return min !== null ? `from ${money(min)}` : `up to ${money(max!)}`;
}
