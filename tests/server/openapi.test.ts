import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "#app/http/openapi/document.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import packageJson from "../../package.json";

describe("/openapi.json on the built server", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: "openapi-test-passcode", CRON_SECRET: "openapi-test-cron-0123456789abcd" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("is served openly with 200, as JSON, and is the document the module builds", async () => {
    const response = await fetch(`${server.url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json\b/);
    expect(await response.json()).toEqual(buildOpenApiDocument(packageJson.version));
  });

  it("documents for each path the one method the server takes there (its 405 names it in Allow)", async () => {
    const doc = buildOpenApiDocument(packageJson.version);
    const paths = Object.entries(doc.paths);
    expect(paths).toHaveLength(29);
    for (const [path, item] of paths) {
      const documented = Object.keys(item).map((method) => method.toUpperCase());
      // With the credentials: a stranger is asked for one first, whatever the method (decision 025).
      const response = await fetch(server.url + path.replace(/\{\w+\}/g, "1"), {
        // /api/round takes PUT (route #19): ask it with a method it does not take.
        method: path === "/api/round" ? "DELETE" : "PUT",
        headers: { authorization: "Bearer openapi-test-cron-0123456789abcd", "x-admin-passcode": "openapi-test-passcode" },
      });
      expect(response.status, path).toBe(405);
      expect((await response.json()).error.code, path).toBe("method_not_allowed");
      expect(response.headers.get("allow")?.split(/,\s*/), path).toEqual(documented);
    }
  });

  it("refuses other methods than GET like the API does", async () => {
    const response = await fetch(`${server.url}/openapi.json`, { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});
