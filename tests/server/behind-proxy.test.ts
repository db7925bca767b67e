import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "proxy-passcode-5517";

type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request with headers exactly as given (fetch would not let a test set Host). */
function raw(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? "GET", headers: init.headers },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

function signInThrough(base: string, headers: Record<string, string>): Promise<RawResponse> {
  const body = new URLSearchParams({ passcode: PASSCODE }).toString();
  return raw(base, "/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)), ...headers },
    body,
  });
}

describe("TRUST_PROXY=true: behind a TLS-terminating proxy", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, TRUST_PROXY: "true" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("signs in when the browser's https Origin matches X-Forwarded-Proto and X-Forwarded-Host", async () => {
    const response = await signInThrough(server.url, {
      origin: "https://pipeline.example",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "pipeline.example",
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/");
    expect(String(response.headers["set-cookie"])).toMatch(/^__Host-ipi_session=/);
  });

  it("signs in when the proxy keeps the Host header and sets only X-Forwarded-Proto (Fly)", async () => {
    const response = await signInThrough(server.url, {
      host: "pipeline.example",
      origin: "https://pipeline.example",
      "x-forwarded-proto": "https",
    });
    expect(response.status).toBe(302);
  });

  it("takes the first value of a list, as proxies append theirs", async () => {
    const response = await signInThrough(server.url, {
      origin: "https://pipeline.example:8443",
      "x-forwarded-proto": "https, http",
      "x-forwarded-host": "pipeline.example:8443, internal.example",
    });
    expect(response.status).toBe(302);
  });

  it("still refuses a foreign Origin with 403", async () => {
    const response = await signInThrough(server.url, {
      origin: "https://evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "pipeline.example",
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.code).toBe("forbidden_origin");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("ignores a forwarded host that is not a host name, and never answers 500", async () => {
    for (const forwarded of ["evil.example/path", "user@evil.example", "a b", "evil.example:99999", "[::1", "é.example", ""]) {
      const response = await signInThrough(server.url, {
        origin: `https://${forwarded}`,
        "x-forwarded-proto": "https",
        "x-forwarded-host": forwarded,
      });
      expect(response.status, forwarded).toBe(403);
      expect(JSON.parse(response.body).error.code).toBe("forbidden_origin");
    }
    // A scheme other than http or https is ignored: the app stays on http.
    const ftp = await signInThrough(server.url, { origin: "ftp://pipeline.example", "x-forwarded-proto": "ftp", host: "pipeline.example" });
    expect(ftp.status).toBe(403);
  });
});

describe("TRUST_PROXY unset: forwarded headers are not trusted", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("does not take the scheme or host from X-Forwarded-Proto / X-Forwarded-Host", async () => {
    const response = await signInThrough(server.url, {
      origin: "https://evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.example",
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.code).toBe("forbidden_origin");
    // The operator is told once what to set, in the log.
    expect(server.output().match(/set TRUST_PROXY=true/g)).toHaveLength(1);
    await signInThrough(server.url, { origin: "https://evil.example", "x-forwarded-proto": "https" });
    expect(server.output().match(/set TRUST_PROXY=true/g)).toHaveLength(1);
  });

  it("signs in with the Origin the app really has, whatever the forwarded headers say", async () => {
    const response = await signInThrough(server.url, {
      origin: server.url,
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.example",
    });
    expect(response.status).toBe(302);
  });

  it("answers 400, never 500, to a Host header that is not a host name", async () => {
    for (const host of ["a b", "evil.example/path", "user@evil.example", "[::1"]) {
      const response = await raw(server.url, "/login", { headers: { host } });
      expect(response.status, host).toBe(400);
      expect(response.body).not.toMatch(/at .*\.js|stack/i);
    }
    expect(server.output()).not.toMatch(/TypeError|Invalid URL/);
  });
});
