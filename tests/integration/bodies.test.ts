import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, realRowsChecksum } from "#tests/helpers/checksum.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";

// Request bodies at the HTTP edge: whatever arrives, the answer is a 4xx with a message (the
// error format under /api), never a 500, and nothing is written.
const PASSCODE = "bodies-test-passcode";
const CRON = "bodies-test-cron-secret";

describe("request bodies over HTTP", () => {
  let server: RunningServer;
  let cookie: string;
  let realInvestorId: number;
  let demoInvestorId: number;
  let startupId: number;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON });
    cookie = await signIn(server.url, PASSCODE);
    const form = new FormData();
    form.set("intent", "commit");
    form.set("file", new Blob(["name,firm,email\nAda Lovelace,Engine Fund,ada@engine.example.com\n"], { type: "text/csv" }), "one.csv");
    const imported = await fetch(`${server.url}/investors/import`, { method: "POST", redirect: "manual", headers: { cookie }, body: form });
    expect(imported.status).toBe(303);
    realInvestorId = count(server.databasePath, "select id from investors where is_demo = 0 limit 1");
    demoInvestorId = count(server.databasePath, "select id from investors where is_demo = 1 limit 1");
    const created = await fetch(`${server.url}/api/startups`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bodies Inc", pitch: "Bounded request bodies as a service", sector: "devtools", stage: "seed" }),
    });
    expect(created.status).toBe(201);
    startupId = ((await created.json()) as { startup: { id: number } }).startup.id;
  });
  afterAll(async () => server?.stop());

  /** The eight ways in that read a JSON body, each with the credential it needs. */
  function jsonRoutes(): Array<{ method: string; path: string; headers: Record<string, string> }> {
    return [
      { method: "POST", path: "/api/refresh", headers: { "x-admin-passcode": PASSCODE } },
      { method: "POST", path: "/api/refresh/continue", headers: { authorization: `Bearer ${CRON}` } },
      { method: "POST", path: "/api/chat", headers: { cookie } },
      { method: "POST", path: "/api/chat?demo=1", headers: {} },
      { method: "PATCH", path: `/api/investors/${realInvestorId}`, headers: { cookie } },
      { method: "PATCH", path: `/api/investors/${demoInvestorId}`, headers: {} },
      { method: "POST", path: "/api/startups", headers: { cookie } },
      { method: "PATCH", path: `/api/startups/${startupId}/rubric`, headers: { cookie } },
    ];
  }

  it("names a key called like an Object.prototype member as unknown (400), on every JSON route", async () => {
    const before = realRowsChecksum(server.databasePath);
    for (const route of jsonRoutes()) {
      for (const key of ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty"]) {
        const response = await fetch(server.url + route.path, {
          method: route.method,
          headers: { ...route.headers, "content-type": "application/json" },
          body: `{"${key}":1}`,
        });
        const where = `${route.method} ${route.path} {${key}}`;
        expect(response.status, where).toBe(400);
        const body = (await response.json()) as { error: { code: string; fields: Record<string, string[]> } };
        expect(body.error.code, where).toBe("invalid_body");
        expect(Object.keys(body.error.fields), where).toContain(key);
      }
    }
    expect(realRowsChecksum(server.databasePath)).toBe(before);
  });
});
