import { REFERENCE_RATES, type Rates, parseRateOverrides, ratesWithOverrides } from "#app/domain/currency.ts";
import type { RatesInForce } from "#app/domain/round.ts";
import type { Db } from "../database.server.ts";
import { readState, writeState } from "./app-state.server.ts";

/**
 * The founder's own rates (decision 054): units of a currency for one US dollar, saved in
 * app_state under one key as JSON, laid over the reference rates shipped with the app.
 */
const KEY = "currency_rate_overrides";

export function readRateOverrides(db: Db): Record<string, number> {
  return parseRateOverrides(readState(db, KEY));
}

/** The rates the real round's totals are converted at: the shipped ones with the founder's on top. */
export function readRatesInForce(db: Db): RatesInForce {
  const overrides = readRateOverrides(db);
  const unitsPerUsd: Rates = ratesWithOverrides(overrides);
  return { unitsPerUsd, date: REFERENCE_RATES.date, overridden: Object.keys(overrides).sort() };
}

/** Sets `currency`'s rate, or clears it back to the reference rate with null. */
export function saveRateOverride(db: Db, currency: string, rate: number | null, now: Date): void {
  const overrides = readRateOverrides(db);
  if (rate === null) delete overrides[currency];
  else overrides[currency] = rate;
  writeState(db, KEY, JSON.stringify(overrides), now);
}
