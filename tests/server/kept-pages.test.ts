import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { postForm } from "#tests/helpers/http.ts";

/**
 * The dashboard is rendered once per version of its data (app/http/page-cache.server.ts): a
 * second look gives the same page with its own nonce, and any write gives the new page at once.
 */
describe("kept pages over HTTP", () => {
  const PASSCODE = "kept-pages-test-passcode";
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
    cookie = await signIn(server.url, PASSCODE);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function page(path: string): Promise<{ html: string; nonce: string }> {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie, "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(nonce).not.toBe("");
    return { html: await response.text(), nonce };
  }

  const withoutNonce = (html: string, nonce: string) => html.replaceAll(nonce, "NONCE");

  it("answers the same page with a fresh nonce that matches its CSP, then the new page after a write", async () => {
    const first = await page("/");
    const second = await page("/");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toContain(`nonce="${second.nonce}"`);
    expect(second.html).not.toContain(first.nonce);
    expect(withoutNonce(second.html, second.nonce)).toBe(withoutNonce(first.html, first.nonce));
    expect(first.html).not.toContain("Zelda Kept-Page");

    const added = await postForm(server, "/investors/new", { name: "Zelda Kept-Page", firm: "Hyrule Capital" }, { as: { cookie } });
    expect(added.status).toBe(302);
    const after = await page("/");
    expect(after.html).toContain("Zelda Kept-Page");

    // Another query string is another page.
    const filtered = await page(`/?q=${encodeURIComponent("no such investor anywhere")}`);
    expect(filtered.html).not.toContain("Zelda Kept-Page");
    expect((await page("/")).html).toContain("Zelda Kept-Page");
  });

  it("the demo page too, and a signed-out visitor never gets the signed-in page", async () => {
    const demo = await page("/demo");
    const again = await page("/demo");
    expect(withoutNonce(again.html, again.nonce)).toBe(withoutNonce(demo.html, demo.nonce));
    // Kept signed in, with the header's "Sign out"; a visitor without a session must not get it.
    expect(demo.html).toContain("Sign out");
    const signedOut = await fetch(`${server.url}/`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    const demoSignedOut = await fetch(`${server.url}/demo`, { headers: { "accept-encoding": "identity" } });
    expect(demoSignedOut.status).toBe(200);
    expect(await demoSignedOut.text()).not.toContain("Sign out");
  });
});
