import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlNumber, sqlText } from "#tests/helpers/sql.ts";
import { postImport, uploadToken } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { FOUNDER_SHEETS, SMALL_SHEET } from "#tests/helpers/founder-sheets.ts";
import { readUpload } from "#app/domain/import/spreadsheet.ts";

/**
 * A founder's own status words (decision 052): guessed where the app can, asked where it cannot,
 * never imported as "not contacted" while undecided; the choice travels with "Import" and is
 * remembered for the next file.
 */

const PASSCODE = "import-values-passcode";

describe("the import's values", () => {
  let server: RunningServer;
  const post = (fields: Record<string, string | Blob>) => postImport(server, { passcode: PASSCODE }, fields);
  const tokenOf = uploadToken;
  const statusOf = (name: string) =>
    sqlText(server.databasePath, "SELECT relationship_status FROM investors WHERE is_demo = 0 AND name = ?", name);

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  it("asks about Ghosted, refuses to import until it is chosen, then imports what each word means", async () => {
    const preview = await (await post({ file: new Blob([SMALL_SHEET], { type: "text/csv" }) })).text();
    expect(preview).toContain("2 statuses need your choice");
    expect(preview).toContain('name="value.relationship_status.ghosted"');
    expect(preview).toContain("needs your choice: contacted (a follow-up is due) or passed?");

    const early = await post({ intent: "commit", upload: tokenOf(preview) });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("2 statuses need your choice");
    expect(sqlNumber(server.databasePath, "SELECT count(*) FROM investors WHERE is_demo = 0")).toBe(0);

    const done = await post({
      intent: "commit",
      upload: tokenOf(preview),
      "value.relationship_status.ghosted": "passed:no_reason_given",
      "value.relationship_status.parked": "researching",
    });
    expect(done.status).toBe(303);
    expect(statusOf("Tom Holm")).toBe("researching");
    expect(statusOf("Sara Lindqvist")).toBe("meeting_scheduled");
    expect(statusOf("Mikkel Dahl")).toBe("soft_committed");
    expect(statusOf("Ana Ruiz")).toBe("passed");
    expect(sqlText(server.databasePath, "SELECT pass_reason FROM investors WHERE name = 'Ana Ruiz'")).toBe("too_early");
    expect(statusOf("Jonas Berg")).toBe("passed");
    expect(sqlText(server.databasePath, "SELECT pass_reason FROM investors WHERE name = 'Kari Nilsen'")).toBe("no_reason_given");
    expect(statusOf("Lena Ek")).toBe("due_diligence");
    expect(sqlText(server.databasePath, "SELECT stages FROM investors WHERE name = 'Sara Lindqvist'")).toBe('["seed","series_a"]');

    const summary = await (
      await fetch(new URL(done.headers.get("location") ?? "", server.url), { headers: { "x-admin-passcode": PASSCODE } })
    ).text();
    expect(summary).toContain("7 imported; 3 statuses mapped by you");

    // What Today reads: those who passed are "Don't chase", the soft yes is not chased, nobody is "Email first".
    const actionOf = (name: string) => sqlText(server.databasePath, "SELECT action FROM investors WHERE is_demo = 0 AND name = ?", name);
    for (const name of ["Ana Ruiz", "Jonas Berg", "Kari Nilsen"]) expect(actionOf(name)).toBe("dont_chase");
    expect(actionOf("Mikkel Dahl")).toBe("soft_committed");
    expect(sqlNumber(server.databasePath, "SELECT count(*) FROM investors WHERE is_demo = 0 AND action = 'email_first'")).toBe(0);
  });

  it("remembers the choice for the next file", async () => {
    const preview = await (await post({ file: new Blob(["Name,Status\nPer Holm,ghosted"], { type: "text/csv" }) })).text();
    expect(preview).not.toContain("needs your choice:");
    expect(preview).toContain("as you chose last time");
    expect(
      (await post({ intent: "commit", upload: tokenOf(preview), "value.relationship_status.ghosted": "passed:no_reason_given" })).status,
    ).toBe(303);
    expect(statusOf("Per Holm")).toBe("passed");
  });

  it.each(FOUNDER_SHEETS)(
    "imports $file with the founder's answers: nobody her sheet shows past 'not contacted' is not contacted or Email first",
    async (sheet) => {
      const preview = await (await post({ file: new Blob([new Uint8Array(sheet.bytes)]) })).text();
      const done = await post({ intent: "commit", upload: tokenOf(preview), ...sheet.answers });
      expect(done.status).toBe(303);
      const records = await readUpload(sheet.bytes);
      if ("error" in records) throw new Error(records.error);
      const statusColumn = statusColumnOf(records.records);
      let ahead = 0;
      for (const record of records.records.slice(1)) {
        const name = record[0]?.trim() ?? "";
        const meant = sheet.statuses[record[statusColumn]?.trim() ?? ""];
        expect(meant, name).toBeDefined();
        const saved = sqlText(
          server.databasePath,
          "SELECT relationship_status || ' ' || action FROM investors WHERE is_demo = 0 AND name = ?",
          name,
        );
        const [status, action] = saved.split(" ");
        if (meant === "not_contacted") continue;
        ahead++;
        expect(status, name).not.toBe("not_contacted");
        expect(action, name).not.toBe("email_first");
      }
      expect(ahead).toBeGreaterThanOrEqual(18);
    },
  );
});

/** The column whose header reads as a status in the three sheets (Status, Pipeline Stage, Estado). */
function statusColumnOf(records: string[][]): number {
  return (records[0] ?? []).findIndex((header) => /^(?:status|pipeline stage|estado)$/i.test(header.trim()));
}
