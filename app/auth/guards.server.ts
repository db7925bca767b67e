import { createContext, redirect, type RouterContextProvider } from "react-router";
import type { App } from "../app.server.ts";
import { apiError } from "../http/api-error.ts";
import { noteStorageFault } from "../http/storage-failure.server.ts";
import { cronBearerAccepted } from "./cron.server.ts";
import { headerPasscodeAccepted } from "./passcode-attempts.server.ts";
import { type SessionStore, createSessionStore } from "./session.server.ts";

/*
 * Who may do what is decided once per request by the guard layouts in app/routes.ts
 * (app/routes/guard/*: their middleware calls the require* functions below), never route by
 * route. A route outside them is open, and tests/server/anonymous-routes.test.ts names
 * each open one with its reason.
 */

const stores = new WeakMap<App, SessionStore>();

/** The process's sessions (React Router's session storage over the `sessions` table), made once per app. */
export function sessionStore(app: App): SessionStore {
  let store = stores.get(app);
  if (!store) {
    store = createSessionStore({
      db: app.db,
      secret: app.sessionSecret,
      production: app.config.NODE_ENV === "production",
      now: () => app.now(),
      onStorageFault: (fault) => noteStorageFault(fault),
    });
    stores.set(app, store);
  }
  return store;
}

export function hasSession(request: Request, app: App): Promise<boolean> {
  return sessionStore(app).isActive(request.headers.get("cookie"));
}

/** The x-admin-passcode header is right (throws a 429 Response when guessing too often). */
export function hasAdminPasscode(request: Request, app: App): boolean {
  return headerPasscodeAccepted(request, app);
}

/** Set by the page and API layouts once the request's session (or passcode header) is checked. */
export const signedInContext = createContext<boolean>(false);

/**
 * Pages and exports: the session cookie, or the x-admin-passcode header for scripts (a
 * "session" in the contract); without either, go to /login and come back afterwards. `url` is
 * React Router's normalised URL: `request.url` of a client-side navigation ends in `.data`
 * (with `_routes`), which is no page to come back to.
 */
export async function requirePageSession(request: Request, app: App, url = new URL(request.url)): Promise<void> {
  if (await hasSession(request, app)) return;
  if (request.headers.has("x-admin-passcode") && hasAdminPasscode(request, app)) return;
  const back = url.pathname + url.search;
  throw redirect(`/login${back === "/" ? "" : `?redirectTo=${encodeURIComponent(back)}`}`);
}

/** JSON routes marked "session": the signed cookie, or x-admin-passcode for scripts. */
export async function requireApiSession(request: Request, app: App): Promise<void> {
  if ((await hasSession(request, app)) || hasAdminPasscode(request, app)) return;
  throw apiError(401, "unauthorized", "Sign in on /login first, or send the x-admin-passcode header.");
}

export function requireCron(request: Request, app: App): void {
  if (cronBearerAccepted(request, app.config.CRON_SECRET)) return;
  throw apiError(
    401,
    "unauthorized",
    app.config.CRON_SECRET
      ? "Send Authorization: Bearer <CRON_SECRET>."
      : "CRON_SECRET is not set on the server, so cron routes are closed.",
  );
}

export function requireAdminPasscode(request: Request, app: App): void {
  if (hasAdminPasscode(request, app)) return;
  throw apiError(401, "unauthorized", "Send the admin passcode in the x-admin-passcode header.");
}

/**
 * The one per-route check left: a page module mounted twice — signed in (under the pages
 * layout) and open under /demo/ — decides from the path which rows it may see. The signed-in
 * side is confirmed here too, so the module serves no real row to a stranger even if it is
 * ever mounted outside the layout.
 */
export async function sideOf(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  app: App,
): Promise<{ demo: boolean }> {
  if (new URL(request.url).pathname.startsWith("/demo/")) return { demo: true };
  if (!context.get(signedInContext)) await requirePageSession(request, app);
  return { demo: false };
}
