import { beforeEach, describe, expect, it } from "vitest";
import { type RenderedContext, forgetKeptPages, keepPage, keptPage, keptPageKey } from "#app/http/page-cache.server.ts";

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

  it("gives each answer its own nonce, and keeps a bounded number of pages", () => {
    keepPage("a", '<script nonce="N1">x</script><style nonce="N1"></style>', "N1");
    expect(keptPage("a", "N2")).toBe('<script nonce="N2">x</script><style nonce="N2"></style>');
    expect(keptPage("a", "N3")).not.toContain("N2");
    for (let i = 0; i < 40; i++) keepPage(`page ${i}`, `<p>${i}</p>`, "N");
    expect(keptPage("a", "N")).toBeUndefined();
    expect(keptPage("page 39", "N")).toBe("<p>39</p>");
    expect(keptPage("page 0", "N")).toBeUndefined();
  });
});
