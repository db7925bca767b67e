import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "#tests/helpers/checksum.ts";
import { postImport, uploadToken } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { workbook } from "#tests/helpers/xlsx.ts";

const PASSCODE = "import-choices-passcode";

describe("the import remembers the founder's choices", () => {
  let server: RunningServer;

  const post = (fields: Record<string, string | Blob>) => postImport(server, { passcode: PASSCODE }, fields);
  const tokenOf = uploadToken;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  it("uses the columns chosen last time for the next file with the same headers", async () => {
    const first = await (await post({ file: new Blob(["Partner,Fund,Region\nPat Kestrel,Kestrel Fund,Slovenia"]) })).text();
    expect(first).not.toContain("Using the columns you chose last time");
    expect(first).toContain("<td>Kestrel Fund</td>");
    // The partner is the investor here, at the fund: chosen by hand, then imported.
    const committed = await post({ intent: "commit", upload: tokenOf(first), "map.0": "name", "map.1": "firm", "map.2": "geographies" });
    expect(committed.status).toBe(303);

    // The same headers, written a little differently, in a new file.
    const next = await (await post({ file: new Blob([" partner ,FUND,Region\nRia Osprey,Osprey Capital,Croatia"]) })).text();
    expect(next).toContain("Using the columns you chose last time");
    expect(next).toContain("<td>Ria Osprey</td>");
    // Other headers: nothing remembered.
    const other = await (await post({ file: new Blob(["Partner,Fund\nSam Heron,Heron Fund"]) })).text();
    expect(other).not.toContain("Using the columns you chose last time");
    expect(other).toContain("<td>Heron Fund</td>");
  });

  it("lets the founder pick the sheet of a workbook with several, and imports the sheet previewed", async () => {
    const bytes = workbook([
      { name: "About", rows: [["Read me"], ["This workbook lists our investors on the next sheet."]] },
      {
        name: "Investors",
        rows: [
          ["Investor Name", "Countries"],
          ["Xena Second", "Slovenia"],
        ],
      },
    ]);

    const first = await (await post({ file: new Blob([bytes]) })).text();
    expect(first).toContain("sheet “About” (1 of 2)");
    expect(first).toMatch(/<select[^>]*name="sheet"/);
    expect(first).toContain(">Investors</option>");

    const picked = await (
      await post({ intent: "sheet", upload: tokenOf(first), sheet: "Investors", shown_sheet: "About", "map.0": "name" })
    ).text();
    expect(picked).toContain("sheet “Investors” (2 of 2)");
    expect(picked).toContain("<td>Xena Second</td>");
    expect(picked).toContain('name="shown_sheet" value="Investors"');

    const missing = await post({ intent: "sheet", upload: tokenOf(picked), sheet: "Nope" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("The workbook has no sheet called");

    const committed = await post({
      intent: "commit",
      upload: tokenOf(picked),
      sheet: "About",
      shown_sheet: "Investors",
      "map.0": "name",
      "map.1": "geographies",
    });
    expect(committed.status).toBe(303);
    expect(count(server.databasePath, "select count(*) from investors where name = 'Xena Second'")).toBe(1);
  });
});
