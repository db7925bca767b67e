import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importCsv, postForm } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { sqlNumber, sqlText } from "#tests/helpers/sql.ts";

const PASSCODE = "discovery-routes-passcode";
const CRON = "discovery-routes-cron-0123456789ab";
const today = new Date().toISOString().slice(0, 10);

/** Deals as a discovery run leaves them, written straight into the server's database. */
function seedDeals(path: string) {
  const db = new Database(path);
  try {
    const insertDeal = db.prepare(
      "insert into deals (company, company_key, amount, currency, stage, sectors, geography, announced_on, source_urls) values (?, ?, ?, 'USD', ?, ?, ?, ?, ?) returning id",
    );
    const name = db.prepare("insert into deal_investors (deal_id, key, name, role) values (?, ?, ?, ?)");
    const finlo = insertDeal
      .pluck()
      .get("Finlo", "finlo", 3_000_000, "seed", '["fintech"]', "Germany", today, '["https://news.example/finlo"]');
    name.run(finlo, "point nine", "Point Nine Capital", "lead");
    name.run(finlo, "northzone", "Northzone", "participant");
    name.run(finlo, "seedcamp", "Seedcamp", "participant");
    const chip = insertDeal
      .pluck()
      .get("Chipco", "chipco", 90_000_000, "series_b_plus", '["semiconductors"]', "Taiwan", today, '["https://news.example/chip"]');
    name.run(chip, "big growth", "Big Growth", "lead");
  } finally {
    db.close();
  }
}

function api(server: RunningServer, path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, { ...init, headers: { "x-admin-passcode": PASSCODE, ...init.headers } });
}

async function discoveries(server: RunningServer) {
  const response = await api(server, "/api/discoveries");
  expect(response.status).toBe(200);
  return (await response.json()) as { deals: Array<{ id: number }>; investors: Array<{ key: string; dismissed: boolean; score: number }> };
}

describe("discovery over HTTP", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON, SCHEDULER_ENABLED: "false" });
    expect((await importCsv(server, "name,firm\nAnna Ek,Northzone Ventures", { as: { passcode: PASSCODE } })).status).toBe(303);
    const startup = await api(server, "/api/startups", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ledgerly", pitch: "Ledgers for small firms", sector: "fintech", stage: "seed", geography: "Germany" }),
    });
    expect(startup.status).toBe(201);
    seedDeals(server.databasePath);
  }, 60_000);
  afterAll(async () => server?.stop());

  it("queues a discovery on the cron bearer only, and works it to the end", async () => {
    expect((await fetch(`${server.url}/api/cron/discover`)).status).toBe(401);
    const response = await fetch(`${server.url}/api/cron/discover`, { headers: { authorization: `Bearer ${CRON}` } });
    expect(response.status).toBe(202);
    const { run_id } = (await response.json()) as { run_id: string };
    await vi.waitFor(() => expect(sqlText(server.databasePath, "select status from runs where run_id = ?", run_id)).toBe("completed"), {
      timeout: 20_000,
      interval: 100,
    });
    expect(sqlText(server.databasePath, "select kind from runs where run_id = ?", run_id)).toBe("discovery");
  });

  it("ranks the fitting new lead first and leaves out the pipeline's investor (matched by firm)", async () => {
    const { deals, investors } = await discoveries(server);
    expect(deals).toHaveLength(2);
    expect(investors[0]!.key).toBe("point nine");
    expect(investors.map((investor) => investor.key)).not.toContain("northzone");
    expect(investors.map((investor) => investor.key).sort()).toEqual(["big growth", "point nine", "seedcamp"]);
  });

  it("adds a discovered investor with their deal as evidence, and dismisses another", async () => {
    const added = await api(server, "/api/discoveries/point%20nine/add", { method: "POST" });
    expect(added.status).toBe(201);
    const { investor_id } = (await added.json()) as { investor_id: number };
    expect(sqlText(server.databasePath, "select relationship_status from investors where id = ?", investor_id)).toBe("not_contacted");
    expect(sqlText(server.databasePath, "select title from evidence where investor_id = ? and category = 'deal'", investor_id)).toMatch(
      /^Led the \$3M seed of Finlo \(fintech, Germany\)/,
    );
    const dismissed = await api(server, "/api/discoveries/big%20growth/dismiss", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(dismissed.status).toBe(200);
    const after = await discoveries(server);
    expect(after.investors.map((investor) => [investor.key, investor.dismissed])).toEqual([
      ["seedcamp", false],
      ["big growth", true],
    ]);
  });

  it("answers bad requests in the error format", async () => {
    const unknownKey = await api(server, "/api/discoveries/nobody/add", { method: "POST" });
    expect(unknownKey.status).toBe(404);
    expect((await unknownKey.json()).error.code).toBe("not_found");
    const withBody = await api(server, "/api/discoveries/seedcamp/dismiss", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ force: true }),
    });
    expect(withBody.status).toBe(400);
    expect((await withBody.json()).error.fields).toEqual({ force: ["unknown key"] });
    expect((await api(server, "/api/discoveries/seedcamp/add")).status).toBe(405);
    expect((await api(server, "/api/discoveries/%3Cscript%3E/add", { method: "POST" })).status).toBe(404);
    expect(sqlNumber(server.databasePath, "select count(*) from discovery_dismissals where key = 'seedcamp'")).toBe(0);
  });

  it("the Discover page's forms work without JavaScript", async () => {
    const page = await api(server, "/discover");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Seedcamp");
    const response = await postForm(server, "/discover", { intent: "dismiss", key: "seedcamp" }, { as: { passcode: PASSCODE } });
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe("/discover?dismissed=Seedcamp");
    expect(sqlNumber(server.databasePath, "select count(*) from discovery_dismissals where key = 'seedcamp'")).toBe(1);
  });

  it("saves, refuses and deletes an alias on /settings without JavaScript", async () => {
    const as = { as: { passcode: PASSCODE } };
    const saved = await postForm(server, "/settings/aliases", { alias: "BG", name: "Big Growth" }, as);
    expect(saved.headers.get("location")).toBe("/settings?alias=saved#aliases");
    expect(await (await api(server, "/settings")).text()).toContain("“BG” = Big Growth");
    expect((await postForm(server, "/settings/aliases", { alias: "", name: "Big Growth" }, as)).headers.get("location")).toBe(
      "/settings?alias=missing#aliases",
    );
    expect(
      (await postForm(server, "/settings/aliases", { alias: "Big Growth Ventures", name: "Big Growth" }, as)).headers.get("location"),
    ).toBe("/settings?alias=same#aliases");
    expect(sqlNumber(server.databasePath, "select count(*) from discovery_aliases")).toBe(1);
    await postForm(server, "/settings/aliases", { intent: "delete", alias_key: "bg" }, as);
    expect(sqlNumber(server.databasePath, "select count(*) from discovery_aliases")).toBe(0);
  });
});
