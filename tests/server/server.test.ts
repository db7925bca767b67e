import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, runServerExpectingExit, startBuiltServer } from "#tests/helpers/server.ts";
import { postForm } from "#tests/helpers/http.ts";

// Every secret is set to a recognisable marker; none may ever appear in a response or a log.
const MARKERS: Record<string, string> = {
  GEMINI_API_KEY: "MARKER-gemini-91f2",
  LLM_FALLBACK_API_KEY: "MARKER-fallback-83ac",
  TAVILY_API_KEY: "MARKER-tavily-5d1e",
  TWILIO_ACCOUNT_SID: "MARKER-twiliosid-77b0",
  TWILIO_AUTH_TOKEN: "MARKER-twiliotoken-2c9d",
  CRON_SECRET: "MARKER-cron-4e6b-0123456789abcde",
  ADMIN_PASSCODE: "MARKER-passcode-0a13",
  SESSION_SECRET: "MARKER-session-6f28-0123456789abcdef0123",
};

describe("the built server", () => {
  let server: RunningServer;
  const seen: string[] = [];

  async function fetchAndRecord(path: string, init?: RequestInit): Promise<Response> {
    const response = await fetch(server.url + path, { redirect: "manual", ...init });
    const body = await response.clone().text();
    seen.push(`${path} ${response.status}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n${body}`);
    return response;
  }

  async function signIn(): Promise<string> {
    const response = await fetchAndRecord("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ passcode: MARKERS.ADMIN_PASSCODE!, redirectTo: "/settings" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/ipi_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/); // NODE_ENV=production
    return cookie.split(";")[0]!;
  }

  beforeAll(async () => {
    server = await startBuiltServer({ ...MARKERS, GEMINI_MODEL: "gemini-test" });
  });

  afterAll(async () => {
    await server?.stop();
    const everything = seen.join("\n") + server.output();
    for (const [name, marker] of Object.entries(MARKERS)) {
      expect(everything.includes(marker), `${name} leaked`).toBe(false);
    }
  });

  it("answers health with WAL and only booleans under settings", async () => {
    const response = await fetchAndRecord("/api/health");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("ok");
    expect(body.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.db).toEqual({ ok: true, journal_mode: "wal", storage: "ok" });
    expect(Object.keys(body.settings).length).toBeGreaterThan(5);
    for (const value of Object.values(body.settings)) expect(typeof value).toBe("boolean");
    expect(body.settings.GEMINI_API_KEY).toBe(true);
    expect(body.settings.LLM_FALLBACK_BASE_URL).toBe(false);
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    for (const method of ["GET", "POST"]) {
      const response = await fetchAndRecord("/api/does-not-exist", { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      const body = await response.json();
      expect(body.error.code).toBe("not_found");
      expect(typeof body.error.message).toBe("string");
    }
  });

  it("answers a wrong method with a 405 in the error format", async () => {
    for (const path of ["/api/health", "/api/search-feed"]) {
      const response = await fetchAndRecord(path, { method: "POST" });
      expect(response.status).toBe(405);
      expect((await response.json()).error.code).toBe("method_not_allowed");
    }
  });

  it("sets a Content-Security-Policy and other security headers", async () => {
    const page = await fetchAndRecord("/login");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(await page.text()).toContain(`nonce="${nonce}"`);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const api = await fetchAndRecord("/api/health");
    expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("sends pages to /login without a session", async () => {
    for (const path of ["/", "/settings"]) {
      const response = await fetchAndRecord(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/login/);
    }
  });

  it("refuses a wrong passcode and keeps no cookie", async () => {
    const response = await fetchAndRecord("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ passcode: "wrong" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toContain("That passcode is not right");
  });

  it("signs in with the passcode and shows the pages", async () => {
    const cookie = await signIn();
    const settings = await fetchAndRecord("/settings", { headers: { cookie } });
    expect(settings.status).toBe(200);
    const html = await settings.text();
    expect(html).toContain("GEMINI_API_KEY");
    const dashboard = await fetchAndRecord("/", { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Investors tracked");
  });

  it("refuses a tampered session cookie", async () => {
    const cookie = await signIn();
    // A character inside the signature, not its last: the last base64 character carries two padding
    // bits, so "B" → "A" there can decode to the same signature (this failed about one run in twenty).
    const inside = cookie.length - 5;
    const tampered = `${cookie.slice(0, inside)}${cookie[inside] === "A" ? "B" : "A"}${cookie.slice(inside + 1)}`;
    const response = await fetchAndRecord("/settings", { headers: { cookie: tampered } });
    expect(response.status).toBe(302);
  });

  it("refuses a foreign-Origin POST with 403", async () => {
    const response = await fetchAndRecord("/login", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ passcode: MARKERS.ADMIN_PASSCODE! }),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("forbidden_origin");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("signs out", async () => {
    const cookie = await signIn();
    const response = await fetchAndRecord("/logout", { method: "POST", headers: { cookie } });
    expect(response.status).toBe(302);
    // Cleared the way React Router destroys a session: empty, expired in 1970.
    expect(response.headers.get("set-cookie")).toMatch(/ipi_session=;.*Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
  });

  it("serves fingerprinted assets with long caching", async () => {
    const html = await (await fetchAndRecord("/login")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await fetchAndRecord(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });
});

describe("guessing the passcode", () => {
  it("is refused without computing anything after 11 wrong guesses, with Retry-After", async () => {
    const server = await startBuiltServer({ ADMIN_PASSCODE: "the-right-passcode" });
    try {
      const guess = (passcode: string) => fetch(`${server.url}/api/search-feed`, { headers: { "x-admin-passcode": passcode } });
      for (let i = 0; i < 11; i++) expect((await guess(`wrong-${i}`)).status).toBe(401);
      const limited = await guess("wrong-again");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      // A forged forwarding header does not reset the count.
      const forged = await fetch(`${server.url}/api/search-feed`, {
        headers: { "x-admin-passcode": "nope", "x-forwarded-for": "198.51.100.9" },
      });
      expect(forged.status).toBe(429);
    } finally {
      await server.stop();
    }
  });
});

describe("starting with a bad environment", () => {
  it.each([
    ["PORT", "abc"],
    ["TZ_SCHEDULE", "Nowhere/Else"],
    ["CRON_SECRET", "shorter-than-32-characters"],
  ])("%s=%s stops the start with one line naming it", async (name, value) => {
    const { code, output } = await runServerExpectingExit({ [name]: value });
    expect(code).toBe(1);
    const lines = output.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
  });
});

describe("the generated passcode", () => {
  it("stored as scrypt before decision 019 is still accepted, then stored in the fast form", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { scryptSync } = await import("node:crypto");
    const { default: Database } = await import("better-sqlite3");
    const databasePath = join(mkdtempSync(join(tmpdir(), "ipi-pass-")), "app.db");
    await (await startBuiltServer({ DATABASE_PATH: databasePath })).stop();
    const passcode = "abcd-efgh-jkmn-pqrs";
    const salt = Buffer.from("0123456789abcdef");
    const db = new Database(databasePath);
    const stored = () => (db.prepare("SELECT value FROM app_state WHERE key = 'passcode_hash'").get() as { value: string }).value;
    db.prepare("UPDATE app_state SET value = ? WHERE key = 'passcode_hash'").run(
      `scrypt$${salt.toString("base64url")}$${scryptSync(passcode, salt, 32).toString("base64url")}`,
    );
    const server = await startBuiltServer({ DATABASE_PATH: databasePath });
    try {
      const signIn = () => postForm(server, "/login", { passcode });
      expect((await signIn()).status).toBe(302);
      expect(stored()).toMatch(/^hmac-sha256\$/);
      expect((await signIn()).status).toBe(302);
    } finally {
      await server.stop();
      db.close();
    }
  });

  it("is printed once, at the first start only, when ADMIN_PASSCODE is unset", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const databasePath = join(mkdtempSync(join(tmpdir(), "ipi-pass-")), "app.db");
    const first = await startBuiltServer({ DATABASE_PATH: databasePath });
    await first.stop();
    const printed = /generated for you: ([a-z2-9-]{19})/.exec(first.output())?.[1];
    expect(printed).toBeDefined();

    const second = await startBuiltServer({ DATABASE_PATH: databasePath });
    try {
      expect(second.output()).not.toContain(printed!);
      const response = await postForm(second, "/login", { passcode: printed! });
      expect(response.status).toBe(302);
    } finally {
      await second.stop();
    }
  });
});
