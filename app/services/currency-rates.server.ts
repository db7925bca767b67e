import { readRateOverrides, saveRateOverride } from "#db/queries/currency-rates.server.ts";
import type { App } from "../app-context.ts";
import { readRateEdit } from "../domain/currency.ts";

/** The rates panel on /settings (decision 054): the founder's own rates, read and set. */
export function rateOverrides(app: App): Record<string, number> {
  return readRateOverrides(app.db);
}

export type RateOutcome = "saved" | "cleared" | "bad-currency" | "bad-rate";

/** Saves the rates form's currency and rate (empty: back to the reference rate); nothing is written on a bad field. */
export function setRate(app: App, currency: unknown, rate: unknown): RateOutcome {
  const edit = readRateEdit(currency, rate);
  if ("problem" in edit) return edit.problem === "currency" ? "bad-currency" : "bad-rate";
  saveRateOverride(app.db, edit.currency, edit.rate, app.now());
  return edit.rate === null ? "cleared" : "saved";
}
