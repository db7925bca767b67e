import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { importCsv } from "#tests/helpers/http.ts";

const PASSCODE = "export-test-passcode";

describe("/export.csv", () => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    cookie = await signIn(server.url, PASSCODE);
  });
  afterAll(async () => server?.stop());

  it("guards every cell a spreadsheet would run as a formula, list cells included, and re-imports unchanged", async () => {
    const csv = [
      "name,firm,sectors,geographies,personal_notes",
      `"@SUM(1+1)*cmd|' /C calc'!A0","=HYPERLINK(""http://evil.example"")","@SUM(1+1)*cmd|' /C calc'!A0;fintech","+Nordics;-DACH","-2+3"`,
    ].join("\n");
    expect((await importCsv(server, csv, { as: { cookie } })).status).toBe(303);

    const exported = await (await fetch(`${server.url}/export.csv`, { headers: { cookie } })).text();
    const rows: string[][] = parse(exported.replace(/^\uFEFF/, ""), { relax_column_count: true });
    const cells = rows.slice(1).flat();
    expect(cells.length).toBeGreaterThan(10);
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain("'@SUM(1+1)*cmd|' /C calc'!A0; fintech");
    expect(cells).toContain("'+Nordics; -DACH");

    // The guard comes off on the way back in: importing the export changes nothing.
    const preview = await (await importCsv(server, exported, { as: { cookie }, intent: "preview" })).text();
    expect(preview).toMatch(/<strong>0<\/strong> new/);
    expect(preview).toMatch(/<strong>0<\/strong> updated/);
    expect(preview).toMatch(/<strong>1<\/strong> unchanged/);
  });

  it("answers a script that sends the passcode header, and sends anyone else to sign in", async () => {
    for (const path of ["/export.csv", "/export.json"]) {
      const script = await fetch(`${server.url}${path}`, { headers: { "x-admin-passcode": PASSCODE } });
      expect(script.status, path).toBe(200);
      const nobody = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(nobody.status, path).toBe(302);
      expect(nobody.headers.get("location"), path).toMatch(/^\/login/);
    }
    const json = await (await fetch(`${server.url}/export.json`, { headers: { "x-admin-passcode": PASSCODE } })).json();
    expect(Array.isArray(json.investors)).toBe(true);
  });
});
