import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { count } from "#tests/helpers/checksum.ts";
import { judgementFor, promptOf } from "#tests/helpers/judge-fake.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { type FakeGemini, type FakeTavily, newsResultsFor, startFakeGemini, startFakeTavily } from "#tests/fakes/index.ts";
import { sqlText } from "#tests/helpers/sql.ts";
import { importCsv } from "#tests/helpers/http.ts";

const PASSCODE = "refresh-routes-passcode";
const CRON = "refresh-routes-cron-0123456789ab";

async function addInvestor(server: RunningServer, name: string) {
  const response = await importCsv(server, `name,firm\n${name},Firm of ${name}`, { as: { passcode: PASSCODE } });
  expect(response.status).toBe(303);
}

function cron(server: RunningServer) {
  return fetch(`${server.url}/api/cron/refresh`, { headers: { authorization: `Bearer ${CRON}` } });
}

function manual(server: RunningServer, body: unknown = {}, passcode = PASSCODE) {
  return fetch(`${server.url}/api/refresh`, {
    method: "POST",
    headers: { "x-admin-passcode": passcode, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

function waitForStatus(server: RunningServer, runId: string, statuses: string[]): Promise<string> {
  return vi.waitFor(
    () => {
      const status = sqlText(server.databasePath, "select status from runs where run_id = ?", runId);
      if (!statuses.includes(status)) throw new Error(`run stayed ${status}\n${server.output().slice(-3000)}`);
      return status;
    },
    { timeout: 15_000, interval: 50 },
  );
}

describe("refresh routes without web search", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON });
  });
  afterAll(async () => server?.stop());

  it("answers 503 search_not_configured on routes #2 and #4", async () => {
    for (const response of [await cron(server), await manual(server)]) {
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe("search_not_configured");
    }
  });

  it("the dashboard's Refresh now says search is not configured before asking for a passcode", async () => {
    const cookie = await signIn(server.url, PASSCODE);
    const html = await (await fetch(`${server.url}/`, { headers: { cookie } })).text();
    expect(html).toContain("Refresh now");
    expect(html).toContain("Web search is not configured");
    expect(html).not.toContain('id="refresh-passcode"');
  });

  it("checks credentials and bodies first", async () => {
    expect((await fetch(`${server.url}/api/cron/refresh`)).status).toBe(401);
    expect((await manual(server, {}, "wrong")).status).toBe(401);
    const strict = await manual(server, { linkedin: true, everyone: true });
    expect(strict.status).toBe(400);
    expect((await strict.json()).error.message).toContain("everyone");
  });
});

describe("refresh routes with the fakes", () => {
  let server: RunningServer;
  let tavily: FakeTavily;
  let gemini: FakeGemini;
  let env: Record<string, string>;

  beforeAll(async () => {
    [tavily, gemini] = await Promise.all([startFakeTavily(), startFakeGemini()]);
    gemini.answerWith((body: unknown) => judgementFor(promptOf(body)));
    env = {
      ADMIN_PASSCODE: PASSCODE,
      CRON_SECRET: CRON,
      TAVILY_API_KEY: "tvly-fake-key",
      TAVILY_BASE_URL: tavily.url,
      GEMINI_API_KEY: "gemini-fake-key",
      GEMINI_BASE_URL: gemini.url,
      GEMINI_MODEL: "gemini-test",
    };
    server = await startBuiltServer(env);
    await addInvestor(server, "Ada Lovelace");
    await addInvestor(server, "Grace Hopper");
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([tavily?.close(), gemini?.close()]);
  });

  it("route #2 queues a run that the process works to completion", async () => {
    const response = await cron(server);
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(body).toEqual({ run_id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "queued", selected: 2 });
    expect(await waitForStatus(server, body.run_id, ["completed"])).toBe("completed");
    expect(
      count(
        server.databasePath,
        "select count(*) from evidence e join investors i on i.id = e.investor_id where i.is_demo = 0 and e.category = 'deal'",
      ),
    ).toBe(4);
    expect(count(server.databasePath, "select llm_calls from runs where run_id = ?", body.run_id)).toBe(1);
    // The demo rows were never searched.
    expect(tavily.requests.every((request) => /Ada Lovelace|Grace Hopper/.test(request.body.query))).toBe(true);
  });

  it("route #2 answers 409 with the active run while one is running", async () => {
    // Investors checked a moment ago are not worth a credit yet: add two that were never checked.
    await addInvestor(server, "Katherine Johnson");
    await addInvestor(server, "Dorothy Vaughan");
    tavily.respond((body) => ({ json: newsResultsFor(body), delayMs: 1_500 }));
    const first = await (await cron(server)).json();
    expect(first.selected).toBe(2);
    const second = await cron(server);
    expect(second.status).toBe(409);
    const body = await second.json();
    expect(body.error.code).toBe("run_in_progress");
    expect(body.run_id).toBe(first.run_id);
    await waitForStatus(server, first.run_id, ["completed"]);
    tavily.reset();
  });

  it("route #4 allows one manual refresh per 10 minutes, even across a restart", async () => {
    const accepted = await manual(server, { linkedin: false });
    expect(accepted.status).toBe(202);
    const run = await accepted.json();
    await waitForStatus(server, run.run_id, ["completed"]);
    const limited = await manual(server);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
    expect((await limited.json()).error.code).toBe("rate_limited");

    await server.stop();
    server = await startBuiltServer({ ...env, DATABASE_PATH: server.databasePath });
    expect((await manual(server)).status).toBe(429);
  });

  it("route #5 validates, 404s unknown runs and treats a repeat as a no-op", async () => {
    const post = (body: unknown, auth = `Bearer ${CRON}`) =>
      fetch(`${server.url}/api/refresh/continue`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post({ run_id: "00000000-0000-4000-8000-000000000000", chain: 2 }, "Bearer wrong")).status).toBe(401);
    expect((await post({ run_id: "not-a-uuid", chain: 2 })).status).toBe(400);
    expect((await post({ run_id: "00000000-0000-4000-8000-000000000000", chain: 51 })).status).toBe(400);
    expect((await post({ run_id: "00000000-0000-4000-8000-000000000000", chain: 2, extra: 1 })).status).toBe(400);
    expect((await post({ run_id: "00000000-0000-4000-8000-000000000000", chain: 2 })).status).toBe(404);
    const runId = sqlText(server.databasePath, "select run_id from runs where trigger != 'demo' order by created_at desc limit 1");
    const repeat = await post({ run_id: runId, chain: 1 });
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual({ run_id: runId, chain: 1 });
    expect((await post({ run_id: runId, chain: 2 })).status).toBe(409);
  });

  it("stops cleanly on SIGTERM, leaving the run to continue from its cursor", async () => {
    await addInvestor(server, "Mary Jackson");
    await addInvestor(server, "Annie Easley");
    tavily.respond((body) => ({ json: newsResultsFor(body), delayMs: 700 }));
    const searchesBefore = tavily.requests.length;
    const started = await (await cron(server)).json();
    expect(started.selected).toBe(2);
    // SIGTERM while a search is at the fake, mid-step.
    await vi.waitFor(() => expect(tavily.requests.length).toBeGreaterThan(searchesBefore), { timeout: 15_000 });
    await server.stop();
    expect(server.output()).toContain("received SIGTERM");
    const status = sqlText(server.databasePath, "select status from runs where run_id = ?", started.run_id);
    expect(["waiting_chain", "completed"]).toContain(status);
    tavily.reset();
    server = await startBuiltServer({ ...env, DATABASE_PATH: server.databasePath });
    expect(await waitForStatus(server, started.run_id, ["completed"])).toBe("completed");
    expect(count(server.databasePath, "select investors_checked from runs where run_id = ?", started.run_id)).toBe(2);
  });
});
