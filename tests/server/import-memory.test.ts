import { afterEach, describe, expect, it } from "vitest";
import { MAX_IMPORT_ROWS } from "#app/domain/import/limits.ts";
import { count } from "#tests/helpers/checksum.ts";
import { importCsv } from "#tests/helpers/http.ts";
import { signIn } from "#tests/helpers/session.ts";
import { peakRssMib } from "#tests/helpers/process-memory.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "import-memory-passcode";

/**
 * The import's stated maximum (20,000 rows) against a pipeline that already holds a list that
 * size: the built server (production flags, an old space of 96 MB) previews the same file again.
 * Before the preview planned its updates in slices it read every saved row whole and held
 * every planned row twice, and the process died out of heap on this single request.
 */
function largestList(): string {
  const rows = ["Investor Name,Firm,Email,Stage,Sectors,Location,Check Size,Status,Last Contact,Notes"];
  for (let i = 0; i < MAX_IMPORT_ROWS; i++) {
    const status = ["Not contacted", "Contacted", "Passed", "Meeting"][i % 4];
    rows.push(
      `Angel ${i} Dupont,Fund ${i % 500} Capital,a${i}@fund${i % 500}.example,"Seed, Series A",fintech; saas,"Paris, France",` +
        `$${50 + (i % 300)}k-$${1 + (i % 9)}M,${status},2026-10-${String(1 + (i % 28)).padStart(2, "0")},Met at a demo day in ${2020 + (i % 6)}; likes payments`,
    );
  }
  return rows.join("\n");
}

/** The 512 MB machine (docs/deploy.md) less room for Litestream, SQLite and the OS. */
const RSS_BUDGET_MIB = 300;

describe("the largest import against the largest pipeline", () => {
  let server: RunningServer | undefined;
  afterEach(async () => server?.stop());

  it("previews 20,000 rows against 20,000 saved investors and the server stays up", async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    const list = largestList();
    const first = await importCsv(server, list, { as: { passcode: PASSCODE } });
    expect(first.status).toBe(303);
    expect(count(server.databasePath, "select count(*) from investors where is_demo = 0")).toBe(MAX_IMPORT_ROWS);

    // The same file with one changed cell a row: every row an update to plan and compare.
    const changed = list.replaceAll("likes payments", "likes payments and lending");
    const preview = await importCsv(server, changed, { as: { passcode: PASSCODE }, intent: "preview" });
    expect(preview.status).toBe(200);
    const page = await preview.text();
    expect(page).toContain("<strong>20000</strong> updated");

    expect(page).toContain("20000 get new notes");

    // And saves it: every row's new notes, the server still up, within its memory.
    const cookie = await signIn(server.url, PASSCODE);
    const saving = importCsv(server, changed, { as: { passcode: PASSCODE } });
    // Meanwhile another tab's Today says the list is still being saved (React puts a comment
    // between a text and the number in it, so the words are read with the comments taken out).
    const todaySays = async () => {
      const page = await (await fetch(`${server?.url}/`, { headers: { cookie } })).text();
      return /An import is being saved: [\d,]+ of 20,000 rows/.exec(page.replaceAll("<!-- -->", ""))?.[0];
    };
    await expect.poll(todaySays, { timeout: 120_000, interval: 50 }).toBeDefined();
    expect((await saving).status).toBe(303);
    expect(count(server.databasePath, "select count(*) from investors where personal_notes like '%and lending'")).toBe(MAX_IMPORT_ROWS);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const peak = peakRssMib(server.pid);
    console.info(`peak RSS over the two imports and the preview: ${peak?.toFixed(0)} MiB`);
    expect(peak).toBeLessThan(RSS_BUDGET_MIB);
  }, 300_000);
});
