import { redirect } from "react-router";
import type { App } from "../app.server.ts";
import { apiError } from "../http/api-error.ts";
import { cronBearerAccepted } from "./cron.server.ts";
import { headerPasscodeAccepted } from "./passcode-attempts.server.ts";
import { isActiveSession, readCookie, sessionCookieName } from "./session.server.ts";

export function hasSession(request: Request, app: App): boolean {
  return isActiveSession(app.db, sessionCookieValue(request, app), app.sessionSecret, app.now());
}

export function sessionCookieValue(request: Request, app: App): string | undefined {
  return readCookie(request.headers.get("cookie"), sessionCookieName(app.config.NODE_ENV === "production"));
}

/** The x-admin-passcode header is right (throws a 429 Response when guessing too often). */
export function hasAdminPasscode(request: Request, app: App): boolean {
  return headerPasscodeAccepted(request, app);
}

/**
 * Pages and exports: the session cookie, or the x-admin-passcode header for scripts (a
 * "session" in the contract); without either, go to /login and come back afterwards.
 */
export function requirePageSession(request: Request, app: App): void {
  if (hasSession(request, app)) return;
  if (request.headers.has("x-admin-passcode") && hasAdminPasscode(request, app)) return;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`/login${back === "/" ? "" : `?redirectTo=${encodeURIComponent(back)}`}`);
}

/** JSON routes marked "session": the signed cookie, or x-admin-passcode for scripts. */
export function requireApiSession(request: Request, app: App): void {
  if (hasSession(request, app) || hasAdminPasscode(request, app)) return;
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
