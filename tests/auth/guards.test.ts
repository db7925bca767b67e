import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { sessionStore, sideOf, signedInContext } from "#app/auth/guards.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { mailApp } from "#tests/helpers/mail-sync.ts";

function signedIn(value: boolean): RouterContextProvider {
  const context = new RouterContextProvider();
  if (value) context.set(signedInContext, true);
  return context;
}

async function refusal(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("not refused");
}

describe("sideOf: a page module mounted signed in and open under /demo/", () => {
  const app = mailApp(createTestDatabase().db, {});

  it("is the demo side under /demo/, for anyone", async () => {
    const request = new Request("http://app.test/demo/investors/3.data");
    expect(await sideOf({ request, context: signedIn(false) }, app)).toEqual({ demo: true });
  });

  it("is the real side once the page layout has checked the session", async () => {
    const request = new Request("http://app.test/investors/3");
    expect(await sideOf({ request, context: signedIn(true) }, app)).toEqual({ demo: false });
  });

  it("checks the session itself when mounted outside the layout: a stranger goes to /login", async () => {
    const request = new Request("http://app.test/elsewhere/investors/3");
    const response = await refusal(sideOf({ request, context: signedIn(false) }, app));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Felsewhere%2Finvestors%2F3");
    // With a session it is the real side.
    const cookie = (await sessionStore(app).start()).split(";")[0]!;
    const withSession = new Request("http://app.test/elsewhere/investors/3", { headers: { cookie } });
    expect(await sideOf({ request: withSession, context: signedIn(false) }, app)).toEqual({ demo: false });
  });
});
