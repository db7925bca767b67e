import { createHmac, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { postForm } from "#tests/helpers/http.ts";

const PASSCODE = "sessions-passcode-7310";
const SESSION_SECRET = "sessions-test-secret-0123456789abcdef0123456789";

describe("sessions on the built server (production)", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, SESSION_SECRET });
  });

  afterAll(async () => {
    await server?.stop();
  });

  function get(path: string, cookie?: string): Promise<Response> {
    return fetch(server.url + path, { redirect: "manual", headers: cookie === undefined ? {} : { cookie } });
  }

  function postLogin(fields: Record<string, string>, query = "", cookie?: string): Promise<Response> {
    return postForm(server, `/login${query}`, { passcode: PASSCODE, ...fields }, { as: cookie ? { cookie } : {} });
  }

  async function signIn(): Promise<string> {
    const response = await postLogin({});
    expect(response.status).toBe(302);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }

  it("sets a __Host- cookie: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax", async () => {
    const response = await postLogin({});
    const header = response.headers.get("set-cookie") ?? "";
    expect(header).toMatch(/^__Host-ipi_session=[^;]+; /);
    const attributes = header
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toContain("secure");
    expect(attributes).toContain("path=/");
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes.some((attribute) => attribute.startsWith("domain"))).toBe(false);
  });

  it("marks the browser with a __Host- device cookie on sign-in, kept after signing out", async () => {
    const response = await postLogin({});
    const device = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-ipi_device="));
    expect(device).toMatch(/^__Host-ipi_device=d1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; /);
    const attributes = device!
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["secure", "path=/", "httponly", "samesite=lax", "max-age=34560000"]));
    expect(attributes.some((attribute) => attribute.startsWith("domain"))).toBe(false);
    // Signing in again from that browser sends the same device back, for another 400 days.
    const again = await postLogin({}, "", device!.split(";")[0]!);
    expect(again.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-ipi_device="))).toBe(device);
    // Signing out ends the session, not the device.
    const session = response.headers.getSetCookie()[0]!.split(";")[0]!;
    const out = await fetch(`${server.url}/logout`, { method: "POST", redirect: "manual", headers: { cookie: session } });
    expect(out.headers.getSetCookie().some((cookie) => cookie.includes("ipi_device"))).toBe(false);
  });

  it("treats a malformed or foreign cookie as no session: never a 500, /login always works", async () => {
    const cookies = [
      "ipi_session=%",
      "__Host-ipi_session=%",
      "__Host-ipi_session=%E0%A4%A",
      "__Host-ipi_session=v1.9999999999999.abc.def",
      "__Host-ipi_session=v2.abc.def",
      "__Host-ipi_session=",
      "__Host-ipi_session",
      "=; ;;==; __Host-ipi_session=%ZZ",
      `__Host-ipi_session=${"x".repeat(3000)}`,
      "other=1; __Host-ipi_session=%; ipi_session=%",
    ];
    for (const cookie of cookies) {
      const login = await get("/login", cookie);
      expect(login.status, `GET /login with ${cookie.slice(0, 40)}`).toBe(200);
      expect(await login.text()).toContain("Sign in");
      for (const path of ["/", "/settings", "/investors/1"]) {
        const page = await get(path, cookie);
        expect(page.status, `GET ${path} with ${cookie.slice(0, 40)}`).toBe(302);
        expect(page.headers.get("location")).toMatch(/^\/login/);
      }
      const api = await get("/api/search-feed", cookie);
      expect(api.status).toBe(401);
      expect((await api.json()).error.code).toBe("unauthorized");
    }
    expect(server.output()).not.toMatch(/URIError|stack/i);
  });

  it("signs in even when the browser still holds a malformed cookie", async () => {
    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "__Host-ipi_session=%; ipi_session=%" },
      body: new URLSearchParams({ passcode: PASSCODE }),
    });
    expect(response.status).toBe(302);
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    expect((await get("/settings", cookie)).status).toBe(200);
  });

  it("redirects after sign-in only to a path on this site, and never answers 500", async () => {
    const hostile = [
      "/\t/evil.example/",
      "/%09/evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "/\r\n/evil.example",
      "/\r\nSet-Cookie: x=1",
      "/settings\r\nX-Evil: 1",
      "/investors/é?q=ü#frag",
      "/\u2028/evil",
      "https://evil.example/",
      "javascript:alert(1)",
      "/.//evil.example",
      "/%2F%2Fevil.example",
      " //evil.example",
    ];
    for (const redirectTo of hostile) {
      const response = await postLogin({ redirectTo });
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      const location = response.headers.get("location")!;
      expect(location, JSON.stringify(redirectTo)).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, server.url).origin).toBe(server.url);
    }
    // The same rule when an already signed-in founder opens /login?redirectTo=…
    const cookie = await signIn();
    for (const query of ["?redirectTo=/%09/evil.example/", "?redirectTo=/%0D%0A/evil", "?redirectTo=/%C3%A9t%C3%A9"]) {
      const response = await get(`/login${query}`, cookie);
      expect(response.status, query).toBe(302);
      const location = response.headers.get("location")!;
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, server.url).origin).toBe(server.url);
    }
    expect((await postLogin({ redirectTo: "/investors/3?tab=evidence#top" })).headers.get("location")).toBe(
      "/investors/3?tab=evidence#top",
    );
  });

  it("signing out revokes the session on the server: the same cookie replayed is refused", async () => {
    const cookie = await signIn();
    const other = await signIn();
    expect((await get("/settings", cookie)).status).toBe(200);
    const logout = await fetch(`${server.url}/logout`, { method: "POST", redirect: "manual", headers: { cookie } });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("set-cookie")).toMatch(
      /^__Host-ipi_session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$/,
    );
    const replayed = await get("/settings", cookie);
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("location")).toMatch(/^\/login/);
    const api = await get("/api/search-feed", cookie);
    expect(api.status).toBe(401);
    // Another browser's session is its own.
    expect((await get("/settings", other)).status).toBe(200);
  });

  it("refuses a cookie signed with the key that claims its own far-off expiry", async () => {
    const payload = `v1.${Date.now() + 365 * 24 * 60 * 60 * 1000}.${randomBytes(9).toString("base64url")}`;
    const forged = `${payload}.${createHmac("sha256", SESSION_SECRET).update(payload).digest("base64url")}`;
    for (const name of ["__Host-ipi_session", "ipi_session"]) {
      const response = await get("/settings", `${name}=${forged}`);
      expect(response.status, name).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/login/);
    }
  });
});
