import { type Cell, workbook } from "./xlsx.ts";

/**
 * A team's tracker as a founder keeps it, in Excel: 21 columns in their own words (status words,
 * a euro amount, two co-founders as owners, "via Lena & Erik", towns, why they passed), every
 * string inline as Google Sheets writes an export. `rows` investors, each named apart by a number;
 * about 1.9 MB at 20,000 (a walkthrough's generator, 3 Dec).
 */
export function teamWorkbook(rows: number): Uint8Array<ArrayBuffer> {
  const header = [
    "Name",
    "Firm",
    "Website",
    "Email",
    "Sectors",
    "Stage",
    "Countries",
    "Cheque range",
    "Status",
    "Amount",
    "Notes",
    "Owner",
    "Intro via",
    "Last contact",
    "Next step",
    "Next step date",
    "Meeting date",
    "Why they passed",
    "LinkedIn",
    "Twitter",
    "Town",
  ];
  const statuses = ["Emailed", "Not contacted", "Call booked", "Passed"];
  const towns = ["Oslo", "Stockholm", "Berlin", "London"];
  const table: Cell[][] = [header];
  for (let i = 0; i < rows; i++) {
    const status = statuses[i % statuses.length] as string;
    table.push([
      `Investor Person ${i}`,
      `Fjord Partners ${i}`,
      `https://xfund${i}.example.org`,
      `x${i}@xfund${i}.example.org`,
      "fintech, saas",
      "Seed",
      "Norway, Sweden",
      "$250K - $2M",
      status,
      "€250k",
      "Met at Oslo Innovation Week; wants to see 3 months of revenue before a second call.",
      i % 2 === 0 ? "Anna" : "Ben",
      ["Erik", "via Lena & Erik", ""][i % 3] as string,
      `2026-11-0${1 + (i % 9)}`,
      "Send deck",
      `2026-12-1${i % 10}`,
      "",
      status === "Passed" ? "too early" : "",
      `https://www.linkedin.com/in/person${i}`,
      `@person${i}`,
      towns[i % towns.length] as string,
    ]);
  }
  return workbook([{ name: "Investors", rows: table }], { inline: true });
}
