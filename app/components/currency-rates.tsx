import { CURRENCIES, REFERENCE_RATES, currencyName } from "../domain/currency.ts";

/** What the last post of the rates form said (`?rate=` on /settings). */
const NOTICES: Record<string, { text: (currency: string) => string; good: boolean }> = {
  saved: { text: (code) => `Saved: ${code} now converts at your rate.`, good: true },
  cleared: { text: (code) => `${code} is back to the reference rate.`, good: true },
  "bad-currency": { text: () => "Choose a currency from the list (US dollars are the base: 1).", good: false },
  "bad-rate": { text: () => "Enter the rate as a number above 0, like 10.9 (units of that currency for one US dollar).", good: false },
};

function dayText(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

type Props = { overrides: Readonly<Record<string, number>>; notice: string | null; noticeCurrency: string | null };

/**
 * The rates amounts are converted at (decision 054): the reference rates shipped with the app,
 * their source and day, and the founder's own rate for any currency, set and cleared by plain
 * form posts to /settings/rates (so it works without JavaScript).
 */
export function CurrencyRates({ overrides, notice, noticeCurrency }: Props) {
  const shipped = REFERENCE_RATES.unitsPerUsd;
  const said = notice ? NOTICES[notice] : undefined;
  const listed = CURRENCIES.filter((code) => code !== "USD" && (shipped[code] !== undefined || overrides[code] !== undefined));
  const without = CURRENCIES.filter((code) => shipped[code] === undefined && overrides[code] === undefined);
  return (
    <section className="panel" aria-labelledby="currencies">
      <h2 id="currencies">Currencies and rates</h2>
      <p className="muted">
        {`Amounts and cheque ranges are kept in the currency they were written in (any ISO 4217 currency). The round's totals are converted into its currency at these rates, shipped with the app and never fetched: ${REFERENCE_RATES.source}. Rates of ${dayText(REFERENCE_RATES.date)}.`}
      </p>
      {REFERENCE_RATES.note ? <p className="muted small">{REFERENCE_RATES.note}</p> : null}
      <p className="muted">
        Your own rate for a currency replaces the reference rate in the round's totals; cheque sizes are still compared at the reference
        rates.
      </p>
      {said ? (
        <p className={`notice ${said.good ? "notice-good" : "notice-bad"}`} role={said.good ? "status" : "alert"}>
          {said.text(noticeCurrency ?? "")}
        </p>
      ) : null}
      <form method="post" action="/settings/rates" className="settings-form">
        <div className="row">
          <div>
            <label htmlFor="rate-currency">Currency</label>
            <select id="rate-currency" name="currency" defaultValue="EUR">
              {CURRENCIES.filter((code) => code !== "USD").map((code) => (
                <option key={code} value={code}>
                  {code} · {currencyName(code)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="rate-value">Units for 1 US dollar</label>
            <input id="rate-value" name="rate" type="text" inputMode="decimal" placeholder="10.9" />
          </div>
        </div>
        <p className="muted small">Leave the rate empty to go back to the reference rate.</p>
        <div className="form-actions">
          <button type="submit">Save rate</button>
        </div>
      </form>
      <details open={Object.keys(overrides).length > 0}>
        <summary>{`The ${listed.length} rates${Object.keys(overrides).length > 0 ? `, ${Object.keys(overrides).length} of them yours` : ""}`}</summary>
        <div className="table-wrap">
          <table className="table" aria-label="Units of each currency for one US dollar">
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col">For 1 US dollar</th>
                <th scope="col">Yours</th>
              </tr>
            </thead>
            <tbody>
              {listed.map((code) => (
                <tr key={code}>
                  <td>
                    <abbr title={currencyName(code)}>{code}</abbr>
                  </td>
                  <td>{shipped[code] ?? "—"}</td>
                  <td>
                    {overrides[code] === undefined ? (
                      ""
                    ) : (
                      <form method="post" action="/settings/rates" className="discover-actions">
                        <input type="hidden" name="currency" value={code} />
                        <input type="hidden" name="rate" value="" />
                        {overrides[code]}{" "}
                        <button type="submit" className="button-quiet">
                          Use the reference rate
                        </button>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <p className="muted small">
        {`No reference rate (${without.length}): ${without.join(", ")}. An amount in one of them is kept, and left out of the round's totals until you set its rate.`}
      </p>
    </section>
  );
}
