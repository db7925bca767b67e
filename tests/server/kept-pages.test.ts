import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { signIn } from "#tests/helpers/session.ts";
import { postForm } from "#tests/helpers/http.ts";

/** `'sha256-…'` of every inline script in the page, as a browser computes it. */
function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc=/.test(attributes!)) sources.add(`'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
  }
  return [...sources];
}

function scriptSources(csp: string): string[] {
  const directive = csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("script-src "));
  return (directive ?? "").split(/\s+/).slice(1);
}

/**
 * The dashboard is rendered once per version of its data (app/http/page-cache.server.ts): a
 * second look gives the same bytes, compressed once per encoding, with a CSP naming the hashes of
 * exactly its inline scripts (decision 028); any write that changes it gives the new page at once.
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

  type Answer = { html: string; csp: string; bytes: Buffer; encoding: string | null };

  /** The page as a browser asks for it (every encoding), decoded here. */
  async function page(path: string, headers: Record<string, string> = { cookie }): Promise<Answer> {
    const response = await fetch(`${server.url}${path}`, { headers: { ...headers, "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(response.status).toBe(200);
    const encoding = response.headers.get("content-encoding");
    // Read raw: fetch would decode on its own, and the bytes on the wire are what is kept.
    const raw = await rawBody(`${server.url}${path}`, headers);
    const html =
      encoding === "br" ? brotliDecompressSync(raw).toString() : encoding === "gzip" ? gunzipSync(raw).toString() : raw.toString();
    await response.arrayBuffer();
    return { html, csp: response.headers.get("content-security-policy") ?? "", bytes: raw, encoding };
  }

  it("answers the same compressed bytes with a CSP that names exactly its inline scripts, then the new page after a write", async () => {
    const first = await page("/");
    const second = await page("/");
    expect(first.encoding).toBe("br");
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.html).not.toContain("nonce=");
    const hashes = inlineScriptSources(second.html);
    // React Router's context, manifest and data, the scroll restoration: every one, and no other.
    expect(hashes.length).toBeGreaterThanOrEqual(4);
    expect(scriptSources(second.csp).sort()).toEqual(["'self'", ...hashes].sort());
    expect(first.html).not.toContain("Zelda Kept-Page");

    const added = await postForm(server, "/investors/new", { name: "Zelda Kept-Page", firm: "Hyrule Capital" }, { as: { cookie } });
    expect(added.status).toBe(302);
    const after = await page("/");
    expect(after.html).toContain("Zelda Kept-Page");
    // The new version's data script differs, so its hash does, and the CSP follows it.
    expect(scriptSources(after.csp).sort()).toEqual(["'self'", ...inlineScriptSources(after.html)].sort());
    expect(after.csp).not.toBe(second.csp);

    // Another query string is another page.
    const filtered = await page(`/?q=${encodeURIComponent("no such investor anywhere")}`);
    expect(filtered.html).not.toContain("Zelda Kept-Page");
    expect((await page("/")).html).toContain("Zelda Kept-Page");
  });

  it("keeps the page across a sign-in (a session row is not what it shows)", async () => {
    const before = await page("/");
    const other = await signIn(server.url, PASSCODE);
    const after = await page("/", { cookie: other });
    expect(after.bytes.equals(before.bytes)).toBe(true);
  });

  it("a page that is not kept still gets a fresh nonce matching its CSP", async () => {
    const response = await fetch(`${server.url}/settings`, { headers: { cookie, "accept-encoding": "identity" } });
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
  });

  it("the demo page too, and a signed-out visitor never gets the signed-in page", async () => {
    const demo = await page("/demo");
    const again = await page("/demo");
    expect(again.bytes.equals(demo.bytes)).toBe(true);
    // Kept signed in, with the header's "Sign out"; a visitor without a session must not get it.
    expect(demo.html).toContain("Sign out");
    const signedOut = await fetch(`${server.url}/`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    const demoSignedOut = await fetch(`${server.url}/demo`, { headers: { "accept-encoding": "identity" } });
    expect(demoSignedOut.status).toBe(200);
    expect(await demoSignedOut.text()).not.toContain("Sign out");
  });
});

/** The body exactly as sent (node's http: fetch decodes compressed bodies itself). */
function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, "accept-encoding": "gzip, deflate, br, zstd" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks)));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
