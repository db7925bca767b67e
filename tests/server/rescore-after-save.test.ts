import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { migrateDatabase, openDatabase } from "#db/database.server.ts";
import { createStartup, latestRubric } from "#db/queries/startups.server.ts";
import { seedBenchData } from "../../bench/seed.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { sqlNumber } from "#tests/helpers/sql.ts";

const PASSCODE = "rescore-after-save-passcode";
const ADMIN = { "x-admin-passcode": PASSCODE };
const INVESTORS = 3_000;
const LINE = "Scores are being redone";

/**
 * A rubric saved over 3,000 investors (decision 041): the answer comes first, Today says the scores
 * are being redone while they are, and the line goes once every investor has the round's score.
 */
describe("a long re-score after a save, over HTTP", () => {
  let server: RunningServer;
  let startupId = 0;
  let rubric: Record<string, unknown> = {};

  const today = async () => (await fetch(`${server.url}/`, { headers: ADMIN })).text();

  beforeAll(async () => {
    const path = join(mkdtempSync(join(tmpdir(), "ipi-rescore-save-")), "app.db");
    const db = openDatabase(path);
    migrateDatabase(db);
    const now = new Date();
    seedBenchData(db, { investors: INVESTORS, evidencePerInvestor: 0, now });
    const input = { name: "Ledgerly", pitch: "Bookkeeping", sector: "fintech", stage: "seed" as const, geography: "Europe" };
    startupId = createStartup(db, input, defaultRubric(input), "default", now).id;
    rubric = latestRubric(db, startupId)!.rubric as unknown as Record<string, unknown>;
    db.$client.close();
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, DATABASE_PATH: path });
    // The start-up re-score (a new file) runs first, and says so on Today too.
    await vi.waitFor(async () => expect(await today()).not.toContain(LINE), { timeout: 120_000, interval: 200 });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("answers, shows the line while the scores are redone, then every investor has the round's score", async () => {
    const weights = Object.fromEntries(Object.keys(rubric.weights as object).map((key) => [key, key === "sector" ? 10 : 0]));
    const response = await fetch(`${server.url}/api/startups/${startupId}/rubric`, {
      method: "PATCH",
      headers: { ...ADMIN, "content-type": "application/json" },
      body: JSON.stringify({ rubric: { ...rubric, weights, thresholds: { email_first: 50, dont_chase: 20 } } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ rescored: INVESTORS, rescoring: true });
    expect(await today()).toContain(LINE);
    await expect.poll(today, { timeout: 120_000, interval: 200 }).not.toContain(LINE);
    const differing = sqlNumber(
      server.databasePath,
      "select count(*) from investors i join startup_scores s on s.investor_id = i.id and s.startup_id = ? where i.score != s.score or i.action != s.action",
      startupId,
    );
    expect(differing).toBe(0);
    expect(sqlNumber(server.databasePath, "select count(*) from startup_scores where startup_id = ?", startupId)).toBe(INVESTORS);
  }, 180_000);
});
