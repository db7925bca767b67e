import { CURRENCIES } from "../domain/currency.ts";

/** A currency select's options, one per currency the app converts (the round, an amount, a new startup's round). */
export function CurrencyOptions() {
  return CURRENCIES.map((code) => (
    <option key={code} value={code}>
      {code}
    </option>
  ));
}
