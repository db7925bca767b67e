import { beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type RenderedContext, encodedPage, forgetKeptPages, keepPage, keptPage, keptPageKey } from "#app/http/page-cache.server.ts";

const kept = { rows: [1, 2, 3] };
const context = (leafHandle: unknown, dashboard: unknown, extra: Partial<RenderedContext> = {}): RenderedContext => ({
  matches: [{ route: { id: "root" } }, { route: { id: "routes/dashboard", handle: leafHandle } }],
  loaderData: { root: { signedIn: true }, "routes/dashboard": dashboard },
  actionData: null,
  errors: null,
  ...extra,
});

beforeEach(() => forgetKeptPages());

describe("kept pages", () => {
  it("keys only a GET answered 200 by a route that opted in, without action data or errors", () => {
    const url = "http://app.test/";
    const data = { data: kept, notice: null };
    expect(keptPageKey("GET", url, 200, context({ keepHtml: true }, data))).not.toBeNull();
    expect(keptPageKey("GET", url, 200, context(undefined, data))).toBeNull();
    expect(keptPageKey("GET", url, 200, context({ keepHtml: false }, data))).toBeNull();
    expect(keptPageKey("POST", url, 200, context({ keepHtml: true }, data))).toBeNull();
    expect(keptPageKey("GET", url, 404, context({ keepHtml: true }, data))).toBeNull();
    expect(keptPageKey("GET", url, 200, context({ keepHtml: true }, data, { actionData: { ok: true } }))).toBeNull();
    expect(keptPageKey("GET", url, 200, context({ keepHtml: true }, data, { errors: { root: new Error("x") } }))).toBeNull();
  });

  it("the same URL and the same kept objects give the same key; another object, value or URL another", () => {
    const key = (url: string, dashboard: unknown, root: unknown = { signedIn: true }) => {
      const rendered = context({ keepHtml: true }, dashboard);
      rendered.loaderData.root = root;
      return keptPageKey("GET", url, 200, rendered);
    };
    const url = "http://app.test/?sort=score";
    // A fresh wrapper around the same kept objects is the same page.
    expect(key(url, { data: kept, notice: null })).toBe(key(url, { data: kept, notice: null }));
    // An equal but different object is not: after a write the loader returns new objects.
    expect(key(url, { data: { rows: [1, 2, 3] }, notice: null })).not.toBe(key(url, { data: kept, notice: null }));
    expect(key(url, { data: kept, notice: "done" })).not.toBe(key(url, { data: kept, notice: null }));
    expect(key("http://app.test/?sort=name", { data: kept, notice: null })).not.toBe(key(url, { data: kept, notice: null }));
    expect(key(url, { data: kept, notice: null }, { signedIn: false })).not.toBe(key(url, { data: kept, notice: null }));
  });

  it("keeps one version per page, a bounded number of pages, each with its inline scripts' hashes", () => {
    const key = (version: number, url = "http://app.test/") => `${url}\nroot:signedIn=true\nroutes/dashboard:data=#${version}`;
    const html = '<script>a()</script><script type="module" async="">import "x";</script><script src="/x.js"></script><script>a()</script>';
    const page = keepPage(key(1), html);
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    // Each inline script once, external ones not at all.
    expect(page.scriptHashes).toEqual([sha("a()"), sha('import "x";')]);
    expect(keptPage(key(1))).toBe(page);
    // A new version replaces the old one in its slot: the old key is not kept any more.
    keepPage(key(2), "<p>2</p>");
    expect(keptPage(key(1))).toBeUndefined();
    expect(new TextDecoder().decode(keptPage(key(2))!.html)).toBe("<p>2</p>");
    for (let i = 0; i < 40; i++) keepPage(key(1, `http://app.test/?page=${i}`), `<p>${i}</p>`);
    expect(keptPage(key(2))).toBeUndefined();
    expect(keptPage(key(1, "http://app.test/?page=39"))).toBeDefined();
    expect(keptPage(key(1, "http://app.test/?page=0"))).toBeUndefined();
  });

  it("compresses a kept page once per encoding asked for", async () => {
    const page = keepPage("k", `<p>${"x".repeat(4000)}</p>`);
    const first = encodedPage(page, "br");
    expect(encodedPage(page, "br")).toBe(first);
    expect([...page.encoded.keys()]).toEqual(["br"]);
    expect(new TextDecoder().decode(brotliDecompressSync(await first))).toBe(`<p>${"x".repeat(4000)}</p>`);
    expect(gunzipSync(await encodedPage(page, "gzip")).byteLength).toBe(page.html.byteLength);
  });
});
