import { CURRENCIES, RATES_DATE, USD_PER_UNIT } from "../domain/currency.ts";

/** The fixed rates a cheque in another currency is compared at (docs/product.md#scoring-and-actions). */
export function CurrencyRates() {
  const date = new Date(`${RATES_DATE}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <section className="panel" aria-labelledby="currencies-heading">
      <h2 id="currencies-heading">Cheque currencies</h2>
      <p className="muted">
        {`An investor's cheque range is kept in the currency it was written in and compared with your round in dollars at these fixed rates, shipped with the app (never fetched). Rates of ${date}.`}
      </p>
      <div className="table-wrap">
        <table className="table" aria-label="Dollars per unit of each currency">
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col">US dollars for 1</th>
            </tr>
          </thead>
          <tbody>
            {CURRENCIES.map((currency) => (
              <tr key={currency}>
                <td>{currency}</td>
                <td>{USD_PER_UNIT[currency]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
