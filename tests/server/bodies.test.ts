import { Agent, request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, realRowsChecksum } from "#tests/helpers/checksum.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { importCsv } from "#tests/helpers/http.ts";

// Request bodies at the HTTP edge: whatever arrives, the answer is a 4xx with a message (the
// error format under /api), never a 500, and nothing is written.
const PASSCODE = "bodies-test-passcode";
const CRON = "bodies-test-cron-secret-01234567";

describe("request bodies over HTTP", () => {
  let server: RunningServer;
  let cookie: string;
  let realInvestorId: number;
  let demoInvestorId: number;
  let startupId: number;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET: CRON });
    cookie = await signIn(server.url, PASSCODE);
    const imported = await importCsv(server, "name,firm,email\nAda Lovelace,Engine Fund,ada@engine.example.com\n", { as: { cookie } });
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

  /** Every page action that reads a form, with a path it can be posted to. */
  function formActions(): string[] {
    return [
      "/login",
      "/settings",
      "/refresh-now",
      "/investors/new",
      "/investors/import",
      `/investors/${realInvestorId}`,
      `/demo/investors/${demoInvestorId}`,
      "/demo/actions",
      "/startups/new",
      `/startups/${startupId}`,
    ];
  }

  it("answers a malformed or non-form body to every form action with a 4xx and a message, writing nothing", async () => {
    const before = realRowsChecksum(server.databasePath);
    const bodies: Array<[string, string]> = [
      ["multipart/form-data; boundary=x", "garbage"],
      ["multipart/form-data", "--x\r\nContent-Disposition: form-data; name=intent\r\n\r\ndelete"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete'],
      ["text/plain", "intent=delete"],
      ["application/json", '{"intent":"delete"}'],
    ];
    for (const path of formActions()) {
      for (const [type, body] of bodies) {
        const response = await fetch(server.url + path, {
          method: "POST",
          redirect: "manual",
          headers: { cookie, "content-type": type },
          body,
        });
        const text = await response.text();
        const where = `POST ${path} (${type}: ${JSON.stringify(body.slice(0, 30))})`;
        expect([400, 415], where).toContain(response.status);
        expect(text, where).toMatch(/form could not be read|takes a form/);
        expect(text, where).not.toMatch(/at .*\.(js|ts):\d+/);
      }
    }
    expect(realRowsChecksum(server.databasePath)).toBe(before);
    // The "emailed" buttons read no body at all: whatever is sent, they only do their own work.
    for (const path of [`/investors/${realInvestorId}/emailed`, `/demo/investors/${demoInvestorId}/emailed`]) {
      const response = await fetch(server.url + path, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, "content-type": "multipart/form-data" },
        body: "garbage",
      });
      expect(response.status, path).toBe(303);
    }
    expect(server.output()).not.toMatch(/request failed/);
  });

  it("answers TRACE and other unrouted methods with 405 and Allow, in the error format under /api", async () => {
    for (const method of ["TRACE", "PROPFIND", "PURGE", "OPTIONS"]) {
      for (const path of ["/api/health", "/api/chat", "/settings", "/"]) {
        const response = await rawRequest(method, path);
        const where = `${method} ${path}`;
        expect(response.status, where).toBe(405);
        expect(response.headers.allow, where).toBe("GET, HEAD, POST, PATCH, DELETE");
        if (path.startsWith("/api/")) {
          expect(response.headers["content-type"], where).toMatch(/application\/json/);
          expect(JSON.parse(response.body).error.code, where).toBe("method_not_allowed");
        } else {
          expect(response.body, where).toContain(`${method} is not supported here`);
        }
      }
    }
    expect(server.output()).not.toMatch(/TypeError|unsupported/);
  });

  it("cuts a chunked CSV upload off at 10 MB with a clear 413, while the server keeps answering", async () => {
    const head = `--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncommit\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nname,firm\r\n`;
    const row = "Chunked Person,Chunked Fund\r\n".repeat(2000);
    const upload = await streamUpload("/investors/import", "multipart/form-data; boundary=b", head, row, 80 * 1024 * 1024);
    expect(upload.status).toBe(413);
    expect(upload.body).toContain("The file is larger than 10 MB");
    // Cut off near the limit (plus what the loopback socket buffers held): not the 80 MB meant.
    expect(upload.sent).toBeLessThan(40 * 1024 * 1024);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(count(server.databasePath, "select count(*) from investors where name = 'Chunked Person'")).toBe(0);
  });

  it("cuts a chunked JSON body off at 64 KiB with a 413 in the error format", async () => {
    const upload = await streamUpload("/api/startups", "application/json", '{"name":"', "x".repeat(16 * 1024), 20 * 1024 * 1024);
    expect(upload.status).toBe(413);
    expect(JSON.parse(upload.body).error.code).toBe("payload_too_large");
    expect(upload.sent).toBeLessThan(15 * 1024 * 1024);
  });

  it("previews a large file with the counts and the first 50 rows of each kind", async () => {
    const rows = ["name,firm,email,stages"];
    for (let i = 1; i <= 120; i++) rows.push(`Preview New ${i},Preview Fund,new${i}@preview.example.com,seed`);
    // Only a row without a name is refused (a bad optional cell costs only that cell).
    for (let i = 1; i <= 70; i++) rows.push(`,Preview Bad Fund ${i},,seed`);
    const before = realRowsChecksum(server.databasePath);
    const response = await importCsv(server, rows.join("\n"), { as: { cookie }, intent: "preview" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<strong>120<\/strong> new/);
    expect(html).toMatch(/<strong>70<\/strong> rejected/);
    expect(html.match(/<td>Preview New \d+<\/td>/g)).toHaveLength(50);
    expect(html).toContain("…and 70 more");
    expect(html).toContain("…and 20 more");
    expect(html).toContain("Import 120 new");
    expect(realRowsChecksum(server.databasePath)).toBe(before);
  });

  it("keeps a keep-alive connection usable after an answer that left the body unread", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // Larger than one socket read.
      const body = "x".repeat(300 * 1024);
      for (const path of ["/logout", `/investors/${realInvestorId}/emailed`, "/api/health", "/runs"]) {
        const started = Date.now();
        const first = await agentRequest(agent, "POST", path, body);
        const second = await agentRequest(agent, "GET", "/api/health");
        expect(first.status, path).toBeLessThan(500);
        expect(second.status, path).toBe(200);
        expect(second.socketReused, path).toBe(true);
        // Without draining, the second request waits for the keep-alive timeout (5 s) and fails.
        expect(Date.now() - started, path).toBeLessThan(2_000);
      }
      // A long unread remainder is read and dropped too, not held, and nothing waits on it.
      const started = Date.now();
      const huge = await agentRequest(agent, "POST", "/logout", "x".repeat(8 * 1024 * 1024));
      expect(huge.status).toBe(302);
      expect((await agentRequest(agent, "GET", "/api/health")).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      agent.destroy();
    }
  });

  function agentRequest(agent: Agent, method: string, path: string, body?: string): Promise<{ status: number; socketReused: boolean }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(server.url + path, { method, agent, headers: { cookie, "content-type": "text/plain" } }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, socketReused: request.reusedSocket }));
      });
      request.setTimeout(4_000, () => request.destroy(new Error(`${method} ${path} timed out`)));
      request.on("error", reject);
      request.end(body);
    });
  }

  /** A request by method name (fetch refuses TRACE itself). */
  function rawRequest(
    method: string,
    path: string,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(server.url + path, { method }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on("error", reject);
      request.end();
    });
  }

  /**
   * Sends `head` then `chunk` again and again, chunked (no Content-Length), up to `total` bytes or
   * until the server answers; returns the answer and how many bytes went out.
   */
  function streamUpload(
    path: string,
    type: string,
    head: string,
    chunk: string,
    total: number,
  ): Promise<{ status: number; body: string; sent: number }> {
    return new Promise((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = httpRequest(
        server.url + path,
        { method: "POST", headers: { cookie, "content-type": type, "transfer-encoding": "chunked" } },
        (response) => {
          answered = true;
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (part) => (body += part));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent }));
        },
      );
      request.on("error", (error) => (answered ? undefined : reject(error)));
      // One chunk per turn of the event loop, so an early answer is read before the next write.
      const pump = () => {
        if (answered) return;
        if (sent >= total) return void request.end();
        const part = sent === 0 ? head : chunk;
        sent += Buffer.byteLength(part);
        if (request.write(part)) setImmediate(pump);
        else request.once("drain", pump);
      };
      pump();
    });
  }
});
