/**
 * Writes app/domain/currency-rates.json, the reference rates the app converts amounts at
 * (decision 054), from the European Central Bank's daily reference rates file (eurofxref.csv,
 * from the ECB's "Euro foreign exchange reference rates" page; download it on a connected
 * machine, the app never fetches it). The ECB quotes units per euro; the file keeps units per US
 * dollar (each divided by the day's USD rate), and adds the currencies their central banks hold at a
 * fixed parity (PEGS). Usage: npm run rates:refresh -- path/to/eurofxref.csv ["a note on how the
 * file was had", shown on /settings beside the source]
 */
import { readFileSync, writeFileSync } from "node:fs";

/** Currencies at an official fixed parity: units of it per one unit of the anchor. */
const PEGS: Record<string, { anchor: string; units: number }> = {
  AED: { anchor: "USD", units: 3.6725 },
  SAR: { anchor: "USD", units: 3.75 },
  QAR: { anchor: "USD", units: 3.64 },
  OMR: { anchor: "USD", units: 0.3845 },
  BHD: { anchor: "USD", units: 0.376 },
  JOD: { anchor: "USD", units: 0.709 },
  BSD: { anchor: "USD", units: 1 },
  BMD: { anchor: "USD", units: 1 },
  PAB: { anchor: "USD", units: 1 },
  BBD: { anchor: "USD", units: 2 },
  BZD: { anchor: "USD", units: 2 },
  XCD: { anchor: "USD", units: 2.7 },
  AWG: { anchor: "USD", units: 1.79 },
  ANG: { anchor: "USD", units: 1.79 },
  KYD: { anchor: "USD", units: 0.8333 },
  ERN: { anchor: "USD", units: 15 },
  DJF: { anchor: "USD", units: 177.721 },
  XOF: { anchor: "EUR", units: 655.957 },
  XAF: { anchor: "EUR", units: 655.957 },
  XPF: { anchor: "EUR", units: 119.331742 },
  BAM: { anchor: "EUR", units: 1.95583 },
  CVE: { anchor: "EUR", units: 110.265 },
  KMF: { anchor: "EUR", units: 491.96775 },
  STN: { anchor: "EUR", units: 24.5 },
  FKP: { anchor: "GBP", units: 1 },
  GIP: { anchor: "GBP", units: 1 },
  SHP: { anchor: "GBP", units: 1 },
  BTN: { anchor: "INR", units: 1 },
  NPR: { anchor: "INR", units: 1.6 },
  LSL: { anchor: "ZAR", units: 1 },
  NAD: { anchor: "ZAR", units: 1 },
  SZL: { anchor: "ZAR", units: 1 },
  BND: { anchor: "SGD", units: 1 },
  MOP: { anchor: "HKD", units: 1.03 },
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function isoDate(text: string): string {
  const [day, month, year] = text.trim().split(/\s+/);
  const index = MONTHS.indexOf(month ?? "");
  if (!day || index < 0 || !year) throw new Error(`not an ECB date: ${text}`);
  return `${year}-${String(index + 1).padStart(2, "0")}-${day.padStart(2, "0")}`;
}

const path = process.argv[2];
const note = process.argv[3];
if (!path) throw new Error("usage: npm run rates:refresh -- path/to/eurofxref.csv");
const [header = "", values = ""] = readFileSync(path, "utf8").trim().split(/\r?\n/);
const codes = header.split(",").map((cell) => cell.trim());
const cells = values.split(",").map((cell) => cell.trim());
const perEur = new Map<string, number>([["EUR", 1]]);
codes.forEach((code, index) => {
  const value = Number(cells[index]);
  if (index > 0 && /^[A-Z]{3}$/.test(code) && value > 0) perEur.set(code, value);
});
const eurUsd = perEur.get("USD");
if (!eurUsd) throw new Error("the file has no USD rate");
const date = isoDate(cells[0] ?? "");
const round = (value: number) => Number(value.toPrecision(6));
const units: Record<string, number> = {};
const basis: Record<string, string> = {};
for (const [code, value] of perEur) {
  units[code] = round(value / eurUsd);
  basis[code] = code === "USD" ? "base" : "ECB";
}
for (const [code, peg] of Object.entries(PEGS)) {
  const anchor = units[peg.anchor];
  if (anchor === undefined) continue;
  units[code] = round(anchor * peg.units);
  basis[code] = `fixed parity: ${peg.units} per ${peg.anchor}`;
}
const sorted = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
const file = {
  date,
  source: `European Central Bank euro foreign exchange reference rates of ${date}, as units per US dollar (each divided by that day's USD rate, ${eurUsd}); currencies held at an official fixed parity to one of them follow it`,
  ...(note ? { note } : {}),
  units_per_usd: sorted(units),
  basis: sorted(basis),
};
writeFileSync(new URL("../app/domain/currency-rates.json", import.meta.url), `${JSON.stringify(file, null, 2)}\n`);
console.log(`${Object.keys(units).length} rates of ${date} written`);
