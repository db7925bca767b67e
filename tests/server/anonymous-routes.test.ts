import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "#app/routes.ts";
import { signIn } from "#tests/helpers/session.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { postForm } from "#tests/helpers/http.ts";

/*
 * Walks app/routes.ts and proves that every route refuses an anonymous request, for every
 * method it answers, unless it is on OPEN below with its reason. A route added outside the guard
 * layouts fails here even if it checks the session itself: the guard is the layout (decision 025).
 */

const PASSCODE = "anonymous-routes-passcode-5521";
const CRON_SECRET = "anonymous-routes-cron-0123456789ab";
const APP = join(import.meta.dirname, "../../app");

/** How each guard layout refuses a stranger. */
const GUARDS: Record<string, "page" | "json"> = {
  "routes/guard/page-session.ts": "page",
  "routes/guard/api-session.ts": "json",
  "routes/guard/cron.ts": "json",
  "routes/guard/admin-passcode.ts": "json",
};

/** Outside every guard layout on purpose. */
const OPEN: Record<string, string> = {
  "/login": "the sign-in form itself",
  "/logout": "signing out deletes the session it is given, if any",
  "/login/passkey": "signing in with a passkey, the sign-in form's script: a refused answer counts in the passcode's guess budget",
  "/join/:token": "an invitation link: the invitee has no session yet; each opening counts in the passcode's guess budget",
  "/join/:token/passkey": "joining with a passkey from an invitation link: the same budget, the invitation checked at each step",
  "/demo": "the demo dashboard: synthetic investors, for anyone",
  "/demo/board": "the demo's board and its moves: demo rows only (board.tsx, sideOf), 30 writes a minute per client",
  "/demo/actions": "the demo's reset and refresh buttons: demo rows only, 30 writes a minute per client",
  "/demo/investors/:id": "a demo investor's page and edit form: demo rows only (investor.tsx, sideOf)",
  "/demo/investors/:id/emailed": "the demo's one-click Emailed: demo rows only (sideOf)",
  "/demo/investors/:id/next-step": 'the demo\'s answer to "is the next step done?": demo rows only (sideOf)',
  "/demo/investors/:id/intro-asked": "the demo's Asked and Nudged on a warm row: demo paths only (sideOf), within the demo's write budget",
  "/demo/mail/log": "logging the demo's mail: demo rows only (sideOf)",
  "/demo/search": "Find investor without JavaScript on the demo: demo rows only (sideOf)",
  "/demo/ask": "the demo chat without JavaScript: demo rows only, 10 questions a minute (sideOf)",
  "/demo/undo": "undoing the demo's one-click actions: a demo token on demo rows only (sideOf)",
  "/demo/discover": "the demo's synthetic discoveries, read only: demo rows only",
  "/openapi.json": "the API's contract is public, like docs/api.md",
  "/d/:token":
    "a deck link's viewer (decision 068): the token is the credential; wrong tokens count per client and against a ceiling for everyone",
  "/d/:token/view": "the viewer's report of time per page: the link's token and the view's own key, bounded seconds",
  "/d/:token/pages/:page": "a deck link's page image, watermarked: the token is the credential, queued per link and in all",
  "/d/:token/download": "a deck link's PDF, only when the founder allowed it on that link",
  "/api/health": "route #1: for uptime checks; settings are booleans only",
  "/api/demo/reset": "route #14: demo rows only, rate limited",
  "/api/demo/refresh": "route #15: demo rows only, rate limited",
  "/api/*": "the JSON 404 for any other path under /api",
  "/*": "the 404 page",
};

/**
 * Outside the layouts, but open only on the demo side, which the route decides per request; its
 * signed-in side is probed below like any guarded route, with the request that reaches real rows.
 */
const DEMO_SIDE_ONLY: Record<string, { reason: string; methods: string[] }> = {
  "/api/search-feed": { reason: "route #7: open with ?demo=1 (demo rows only)", methods: ["GET"] },
  "/api/chat": { reason: "route #8: open with ?demo=1 (demo rows only, 10 questions a minute)", methods: ["POST"] },
  // DELETE (route #16) shares the path and is never open: it asks for the session itself.
  "/api/investors/:id": { reason: "route #9: open on a demo investor (30 edits a minute)", methods: ["PATCH", "DELETE"] },
};

type Leaf = { path: string; file: string; guard: string | undefined };

/** Every route that answers a URL, with its full path and the guard layout around it. */
function leaves(entries: RouteConfigEntry[], parentPath = "", guard?: string): Leaf[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parentPath : `${parentPath}/${entry.path}`;
    if (entry.children?.length) return leaves(entry.children, path, GUARDS[entry.file] ? entry.file : guard);
    return [{ path: path || "/", file: entry.file, guard }];
  });
}

/** The methods a route module answers: GET always, the writes when it has an action. */
function methodsOf(file: string): string[] {
  const source = readFileSync(join(APP, file), "utf8");
  return /export (async )?function action\b|export const action\b/.test(source) ? ["GET", "POST", "PATCH", "PUT", "DELETE"] : ["GET"];
}

const routes = leaves(routeConfig);

describe("the route config", () => {
  it("puts every route under a guard layout, or on OPEN / DEMO_SIDE_ONLY with a reason", () => {
    expect(routes.length).toBeGreaterThan(30);
    const unguarded = routes.filter((route) => !route.guard).map((route) => route.path);
    expect(unguarded.sort()).toEqual([...Object.keys(OPEN), ...Object.keys(DEMO_SIDE_ONLY)].sort());
    for (const reason of [...Object.values(OPEN), ...Object.values(DEMO_SIDE_ONLY).map((entry) => entry.reason)]) {
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it("leaves no credential check in a route under a layout: the layout is the guard", () => {
    for (const route of routes.filter((entry) => entry.guard)) {
      const source = readFileSync(join(APP, route.file), "utf8");
      expect(source, route.file).not.toMatch(/require(PageSession|ApiSession|Cron|AdminPasscode)\(/);
    }
  });
});

describe("every route but the open ones refuses an anonymous request (built server)", () => {
  let server: RunningServer;
  let realInvestor: number;

  beforeAll(async () => {
    // TRUST_PROXY so that each probe can come from an address of its own: a request without the
    // cron bearer counts as a wrong guess, and the guess limits are not what this test is about.
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE, CRON_SECRET, TRUST_PROXY: "true" });
    const cookie = await signIn(server.url, PASSCODE);
    const made = await postForm(
      server,
      "/investors/new",
      { name: "Rowan Real", firm: "Real Fund", kind: "fund", relationship_status: "not_contacted" },
      { as: { cookie } },
    );
    expect(made.headers.get("location")).toMatch(/^\/investors\/\d+$/);
    realInvestor = Number(made.headers.get("location")!.split("/").pop());
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** A concrete URL on the signed-in side: a real investor's id, any other id 1. */
  function urlOf(path: string): string {
    return path
      .replace(/investors\/:id/, `investors/${realInvestor}`)
      .replace(/:id/g, "1")
      .replace(/\*$/, "no-such-thing");
  }

  let probes = 0;

  function send(method: string, path: string): Promise<Response> {
    const json = path.startsWith("/api/");
    probes += 1;
    const from = { "x-forwarded-for": `198.51.${Math.floor(probes / 250)}.${probes % 250}` };
    return fetch(server.url + path, {
      method,
      redirect: "manual",
      headers: method === "GET" ? from : { ...from, "content-type": json ? "application/json" : "application/x-www-form-urlencoded" },
      body: method === "GET" ? undefined : json ? "{}" : "intent=save",
    });
  }

  async function expectRefused(kind: "page" | "json", method: string, path: string): Promise<void> {
    const response = await send(method, path);
    const label = `${method} ${path}`;
    if (kind === "page") {
      expect(response.status, label).toBe(302);
      const location = response.headers.get("location") ?? "";
      expect(location, label).toMatch(/^\/login(\?redirectTo=|$)/);
      if (location !== "/login") expect(new URL(location, server.url).searchParams.get("redirectTo"), label).toBe(path);
    } else {
      expect(response.status, label).toBe(401);
      expect((await response.json()).error.code, label).toBe("unauthorized");
    }
  }

  it("refuses a stranger on every guarded route and method: /login for pages, 401 for JSON", async () => {
    let guarded = 0;
    for (const route of routes.filter((entry) => entry.guard)) {
      for (const method of methodsOf(route.file)) {
        await expectRefused(GUARDS[route.guard!]!, method, urlOf(route.path));
        guarded += 1;
      }
    }
    expect(guarded).toBeGreaterThan(60);
  });

  it("refuses a stranger on the signed-in side of the routes open on the demo side", async () => {
    for (const [path, { methods: taken }] of Object.entries(DEMO_SIDE_ONLY)) {
      const route = routes.find((entry) => entry.path === path)!;
      for (const method of methodsOf(route.file)) {
        if (taken.includes(method)) {
          await expectRefused("json", method, urlOf(path));
        } else {
          // A method the route does not take is a 405 before any credential is asked, as ever.
          const response = await send(method, urlOf(path));
          expect(response.status, `${method} ${path}`).toBe(405);
          expect((await response.json()).error.code).toBe("method_not_allowed");
        }
      }
    }
  });

  it("answers the open routes without a 500", async () => {
    for (const route of routes.filter((entry) => OPEN[entry.path])) {
      for (const method of methodsOf(route.file)) {
        const response = await send(method, urlOf(route.path).replace(`investors/${realInvestor}`, "investors/1"));
        expect(response.status, `${method} ${route.path}`).toBeLessThan(500);
      }
    }
  });

  it("runs a parent layout's middleware for resource routes (no default export) and for .data requests", async () => {
    // These modules have no default export and no credential check of their own (above): only
    // the layout can refuse them.
    for (const [path, file] of [
      ["/export.csv", "routes/export-csv.ts"],
      ["/api/startups", "routes/api/startups.ts"],
      ["/api/cron/digest", "routes/api/cron-digest.ts"],
    ] as const) {
      expect(readFileSync(join(APP, file), "utf8")).not.toMatch(/export default/);
      expect((await send("GET", path)).status, path).not.toBe(200);
    }
    // A client-side navigation's data request is refused too: a redirect to /login that comes
    // back to the page, not to its `.data` (which would show the founder raw turbo-stream).
    for (const [path, back] of [
      ["/settings.data", "%2Fsettings"],
      ["/startups.data?_routes=routes%2Fstartups", "%2Fstartups"],
    ] as const) {
      const data = await fetch(server.url + path, { redirect: "manual" });
      expect(data.status, path).toBe(202);
      const body = await data.text();
      expect(body, path).toContain(`"SingleFetchRedirect"`);
      expect(body, path).toContain(`"/login?redirectTo=${back}"`);
    }
    // With a session every one of them answers.
    const cookie = await signIn(server.url, PASSCODE);
    expect((await fetch(`${server.url}/export.csv`, { headers: { cookie } })).status).toBe(200);
    // (route #10 takes POST only: the 405 is its own answer, past the layout)
    expect((await fetch(`${server.url}/api/startups`, { headers: { cookie } })).status).toBe(405);
    expect((await fetch(`${server.url}/api/cron/digest`, { headers: { authorization: `Bearer ${CRON_SECRET}` } })).status).toBe(200);
    expect((await fetch(`${server.url}/settings.data`, { headers: { cookie } })).status).toBe(200);
  });

  it("takes the x-admin-passcode header on pages (scripts) and the API, and a cookie is not enough for route #4", async () => {
    expect((await fetch(`${server.url}/settings`, { headers: { "x-admin-passcode": PASSCODE } })).status).toBe(200);
    expect((await fetch(`${server.url}/api/startups`, { headers: { "x-admin-passcode": PASSCODE } })).status).toBe(405);
    const cookie = await signIn(server.url, PASSCODE);
    const refresh = await fetch(`${server.url}/api/refresh`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(refresh.status).toBe(401);
    expect((await refresh.json()).error.message).toMatch(/x-admin-passcode/);
  });
});
