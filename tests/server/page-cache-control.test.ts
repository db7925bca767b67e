import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "#tests/helpers/checksum.ts";
import { importCsv } from "#tests/helpers/http.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "page-cache-control-passcode";
const as = { passcode: PASSCODE };

/**
 * A member's pages are theirs: a shared cache (a company proxy, a CDN in front of the app) must
 * never keep one and serve it to someone else. Every page and page-data answer says
 * `private, no-cache` unless it says something stricter.
 */
describe("pages and their data are never kept by a shared cache", () => {
  let server: RunningServer;
  let id: number;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    expect((await importCsv(server, "name,firm\nAda Lovelace,Analytical Ventures", { as })).status).toBe(303);
    id = count(server.databasePath, "select id from investors where is_demo = 0 and name = 'Ada Lovelace'");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("says private on the signed-in pages, their data, the demo and the sign-in page", async () => {
    const headers = { "x-admin-passcode": PASSCODE, "accept-encoding": "gzip, deflate, br, zstd" };
    for (const path of ["/", `/investors/${id}`, "/board", "/startups", `/investors/${id}.data`, "/board.data", "/demo", "/login"]) {
      const response = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
      expect(response.status, path).toBeLessThan(400);
      await response.arrayBuffer();
      const value = response.headers.get("cache-control") ?? "";
      expect(value, path).toMatch(/private|no-store/);
      expect(value, path).not.toMatch(/public/);
    }
  });
});
