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
