import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IMPORT_CHUNK } from "#app/services/import-commit.server.ts";
import { count } from "#tests/helpers/checksum.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { importCsv } from "#tests/helpers/http.ts";
import { signIn } from "#tests/helpers/session.ts";

const PASSCODE = "import-crash-passcode";

/** Real investors missing a score for some real startup. */
const MISSING_SCORES = `
  select count(*) from investors i cross join startups s
  where i.is_demo = 0 and s.is_demo = 0
    and not exists (select 1 from startup_scores ss where ss.startup_id = s.id and ss.investor_id = i.id)`;

describe("killing the process during an import", () => {
  let server: RunningServer | undefined;
  afterEach(async () => server?.stop());

  it("leaves whole chunks, each scored for every startup; after a restart Today says how far it got, and the same file adds the rest", async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    const { url, databasePath } = server;
    for (const name of ["Crash One", "Crash Two", "Crash Three"]) {
      const created = await fetch(`${url}/api/startups`, {
        method: "POST",
        headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
        body: JSON.stringify({ name, pitch: `${name} makes databases survive a crash`, sector: "devtools", stage: "seed" }),
      });
      expect(created.status).toBe(201);
    }
    const rows = ["name,firm,email,sectors,stages,geographies"];
    for (let i = 0; i < 1_000; i++)
      rows.push(`Crash Investor ${i},Fund ${i % 97},c${i}@crash${i % 13}.example.com,devtools;fintech,seed,Europe`);
    const commit = importCsv(url, rows.join("\n"), { as: { passcode: PASSCODE }, filename: "pipeline.csv" }).catch(() => undefined);

    // Kill the process the moment the new investors become visible to another connection.
    await vi.waitFor(() => expect(count(databasePath, "select count(*) from investors where is_demo = 0")).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 2,
    });
    await server.crash();
    await commit;

    // Saved IMPORT_CHUNK rows per transaction: whole chunks only, and the kill came before the end.
    const investors = count(databasePath, "select count(*) from investors where is_demo = 0");
    expect(investors % IMPORT_CHUNK).toBe(0);
    expect(investors).toBeLessThan(1_000);
    expect(count(databasePath, MISSING_SCORES)).toBe(0);

    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: databasePath });
    expect(count(databasePath, MISSING_SCORES)).toBe(0);
    // Today, and the import page, say the import stopped, how far it got, and what to do.
    const cookie = await signIn(server.url, PASSCODE);
    const stoppedLine = `The import of “pipeline.csv” stopped part-way: ${investors.toLocaleString("en-US")} of 1,000 rows were saved.`;
    // The page's text as a reader sees it (React separates adjacent text with empty comments).
    const page = async (path: string) =>
      (await (await fetch(`${server!.url}${path}`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
    const today = await page("/");
    expect(today).toContain(stoppedLine);
    expect(today).toContain("import the same file again");
    expect(await page("/investors/import")).toContain(stoppedLine);
    // The founder imports the same file again: the rest is added, nothing twice, and the line goes.
    const retried = await importCsv(server, rows.join("\n"), { as: { passcode: PASSCODE }, filename: "pipeline.csv" });
    expect(retried.status).toBe(303);
    expect(count(databasePath, "select count(*) from investors where is_demo = 0")).toBe(1_000);
    expect(count(databasePath, "select count(distinct email) from investors where is_demo = 0")).toBe(1_000);
    expect(count(databasePath, MISSING_SCORES)).toBe(0);
    expect(await page("/")).not.toContain("stopped part-way");
  }, 60_000);

  it("scores at start only the investors left without per-startup scores", async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    const { url, databasePath } = server;
    for (const name of ["Repair One", "Repair Two"]) {
      const created = await fetch(`${url}/api/startups`, {
        method: "POST",
        headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
        body: JSON.stringify({ name, pitch: `${name} repairs what a crash left`, sector: "devtools", stage: "seed" }),
      });
      expect(created.status).toBe(201);
    }
    const rows = ["name,firm,sectors,stages"];
    for (let i = 0; i < 20; i++) rows.push(`Repair Investor ${i},Fund ${i},devtools,seed`);
    expect((await importCsv(url, rows.join("\n"), { as: { passcode: PASSCODE } })).status).toBe(303);
    await server.stop();

    // What a process killed between saving investors and scoring them leaves behind.
    const db = new Database(databasePath);
    const lost = db.prepare("select id from investors where is_demo = 0 order by id limit 3").pluck().all() as number[];
    db.prepare(`delete from startup_scores where investor_id in (${lost.join(",")})`).run();
    db.prepare("update startup_scores set updated_at = '2000-01-01T00:00:00.000Z'").run();
    db.close();
    expect(count(databasePath, MISSING_SCORES)).toBe(6);

    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: databasePath });
    expect(count(databasePath, MISSING_SCORES)).toBe(0);
    // Only what was missing was scored: the other rows keep their old stamp.
    expect(count(databasePath, "select count(*) from startup_scores where updated_at != '2000-01-01T00:00:00.000Z'")).toBe(6);
    expect(server.output()).toContain("scored 3 investors that were missing per-startup scores");
  });
});
