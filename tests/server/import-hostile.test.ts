import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCsv } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "import-hostile-passcode";

/** A header of `columns` short names and one row: 138 KB at 10,000 columns. */
function wideCsv(columns: number): string {
  const header = Array.from({ length: columns }, (_, index) => `column${index}`);
  const row = Array.from({ length: columns }, (_, index) => (index === 0 ? "Wide Angel" : `v${index}`));
  return `${header.join(",")}\n${row.join(",")}\n`;
}

describe("hostile files at the import's preview", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  it("refuses a 10,000-column file with the count and the cap, and the server keeps answering", async () => {
    const response = await importCsv(server, wideCsv(10_000), { as: { passcode: PASSCODE }, intent: "preview", filename: "wide.csv" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("This file has 10,000 columns; the import reads at most 200 — is the first row the header?");
    expect(html.length).toBeLessThan(200_000);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  }, 60_000);

  it("answers a 5 MB notes cell of short lines and a 4 MB name cell as those cells' errors, and the server keeps answering", async () => {
    // Issue 35: a 5 MB notes cell in a CSV killed the built server (3 MB passed).
    // Short lines: 580,000 line breaks, each a match for the regexes that read a cell.
    const notes = `Met at a demo day.\n${"Met him.\n".repeat(580_000)}`;
    const name = "Nora ".repeat(800_000);
    const csv = `Name,Firm,Notes\nAnn Long,Long Notes Capital,"${notes}"\n${name},Long Name Fund,short\nBen Short,Short Fund,fine\n`;
    expect(notes.length).toBeGreaterThan(5_000_000);
    expect(csv.length).toBeLessThan(10 * 1024 * 1024);
    const response = await importCsv(server, csv, { as: { passcode: PASSCODE }, intent: "preview", filename: "long-cells.csv" });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("notes cut to 10,000 characters");
    expect(html).toContain("characters; at most 200");
    expect(html).toContain("<td>Ben Short</td>");
    expect(html.length).toBeLessThan(500_000);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  }, 120_000);

  it("says a chosen file of 0 bytes is empty, and still asks for a file when none was chosen", async () => {
    const empty = await importCsv(server, "", { as: { passcode: PASSCODE }, intent: "preview", filename: "empty.csv" });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("This file is empty.");
    expect(html).not.toContain("Choose a CSV or Excel file to import.");

    const none = await importCsv(server, "", { as: { passcode: PASSCODE }, intent: "preview", filename: "" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose a CSV or Excel file to import.");
  }, 60_000);
});
