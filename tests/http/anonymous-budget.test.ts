import { describe, expect, it } from "vitest";
import { createConcurrencyBudget, demoBusy, isOpenDemoRequest } from "#app/http/anonymous-budget.server.ts";

/** Decision 018: open demo work has a budget of its own, in requests at once and a second. */
describe("the open demo's budget", () => {
  it("holds at most `limit` at once, and gives a place back on leave", () => {
    const budget = createConcurrencyBudget(2);
    expect([budget.enter(), budget.enter(), budget.enter()]).toEqual([true, true, false]);
    budget.leave();
    expect(budget.enter()).toBe(true);
    expect(budget.inFlight).toBe(2);
  });

  it("starts at most `perSecond` a second, refilled as time passes", () => {
    let now = 0;
    const budget = createConcurrencyBudget(100, 5, () => now);
    const started = () => {
      let n = 0;
      while (n <= 1_000 && budget.enter()) {
        budget.leave();
        n++;
      }
      return n;
    };
    expect(started()).toBe(5);
    now += 200;
    expect(started()).toBe(1);
    now += 10_000;
    expect(started()).toBe(5);
  });

  it("counts the demo's pages, data requests, forms and open routes, and nothing of the founder's", () => {
    const open: Array<[string, string]> = [
      ["GET", "/demo"],
      ["GET", "/demo?sort=name"],
      ["GET", "/demo.data"],
      ["GET", "/demo/investors/7?history=2"],
      ["POST", "/demo/actions"],
      ["POST", "/api/demo/reset"],
      ["POST", "/api/chat?demo=1"],
      ["GET", "/api/search-feed?demo=1"],
      ["PATCH", "/api/investors/7"],
    ];
    for (const [method, url] of open) expect(isOpenDemoRequest(method, url), `${method} ${url}`).toBe(true);
    const founders: Array<[string, string]> = [
      ["GET", "/"],
      ["GET", "/api/health"],
      ["GET", "/investors/7"],
      ["GET", "/api/search-feed"],
      ["POST", "/api/chat"],
      ["GET", "/demonstration"],
      ["POST", "/login"],
    ];
    for (const [method, url] of founders) expect(isOpenDemoRequest(method, url), `${method} ${url}`).toBe(false);
  });

  it("refuses in the error format under /api and with a short page elsewhere, both with Retry-After", async () => {
    const api = demoBusy("/api/demo/reset");
    expect(api.status).toBe(429);
    expect(api.headers.get("retry-after")).toBe("1");
    expect(await api.json()).toMatchObject({ error: { code: "demo_busy" } });
    const page = demoBusy("/demo");
    expect(page.status).toBe(429);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("The demo is busy");
  });
});
