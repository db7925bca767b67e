import { createContext, redirect, type RouterContextProvider } from "react-router";
import type { App } from "../app.server.ts";
import { apiError } from "../http/api-error.ts";
import { noteStorageFault } from "../http/storage-failure.server.ts";
import { cronBearerAccepted } from "./cron.server.ts";
import { tokenMember } from "./api-token.server.ts";
import { headerPasscodeAccepted } from "./passcode-attempts.server.ts";
import { type SessionStore, createSessionStore } from "./session.server.ts";
import { type SessionMember, activeMember, ensureOwner, liveOwner } from "#db/queries/members.server.ts";
import { type Actor, memberActor, systemActor } from "../domain/people.ts";

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

export async function hasSession(request: Request, app: App): Promise<boolean> {
  return (await sessionMember(request, app)) !== null;
}

/**
 * The member the request's session cookie names (decision 059), or null: no live session, or a
 * member since disabled. A session from before the team is the owner's.
 */
export async function sessionMember(request: Request, app: App): Promise<SessionMember | null> {
  const id = await sessionStore(app).memberOf(request.headers.get("cookie"));
  if (id === undefined) return null;
  if (id === null) return teamOwner(app);
  return activeMember(app.db, id) ?? null;
}

/** The real team's owner: whom the passcode (the form's or the x-admin-passcode header's) signs in as. */
export function teamOwner(app: App): SessionMember {
  return liveOwner(app.db) ?? ensureOwner(app.db, app.now());
}

/**
 * The member a request acts as: its session's, else its personal API token's (decision 063; a
 * wrong or revoked one is a 401), else the owner's when it carries the passcode header.
 */
export async function requestMember(request: Request, app: App): Promise<SessionMember | null> {
  const member = (await sessionMember(request, app)) ?? tokenMember(request, app);
  if (member) return member;
  if (request.headers.has("x-admin-passcode") && hasAdminPasscode(request, app)) return teamOwner(app);
  return null;
}

/** The x-admin-passcode header is right (throws a 429 Response when guessing too often). */
export function hasAdminPasscode(request: Request, app: App): boolean {
  return headerPasscodeAccepted(request, app);
}

/**
 * Whether the request is the founder's (decisions 056, 068): a live session, or the right
 * x-admin-passcode header (a script's). The founder is never counted against the open demo's or
 * the deck links' budgets, and never recorded as a deck's viewer. Throws the guards' 429
 * Response when the passcode is being guessed.
 */
export async function isFounderRequest(request: Request, app: App): Promise<boolean> {
  if (await hasSession(request, app).catch(() => false)) return true;
  return request.headers.has("x-admin-passcode") && hasAdminPasscode(request, app);
}

/** Set by the page and API layouts once the request's session (or passcode header) is checked. */
export const signedInContext = createContext<boolean>(false);

/** Who the signed-in request is (decision 059): set by the page and API layouts with signedInContext. */
export const memberContext = createContext<SessionMember | null>(null);

/**
 * The actor of a signed-in request, as the guard layout put it in the context: services take it
 * and every write records it. Throws (a 401 page) when no layout set it: a write never goes
 * unattributed.
 */
export function requestActor(context: Readonly<RouterContextProvider>): Actor {
  const member = context.get(memberContext);
  if (!member) throw new Response("Sign in first.", { status: 401 });
  return memberActor(member);
}

/** The actor of a module mounted on both sides (sideOf): the demo's visitor, or the signed-in member. */
export function sideActor(context: Readonly<RouterContextProvider>, demo: boolean): Actor {
  return demo ? systemActor("visitor") : requestActor(context);
}

/**
 * Pages and exports: the session cookie, or the x-admin-passcode header for scripts (a
 * "session" in the contract); without either, go to /login and come back afterwards. `url` is
 * React Router's normalised URL: `request.url` of a client-side navigation ends in `.data`
 * (with `_routes`), which is no page to come back to.
 */
export async function requirePageSession(request: Request, app: App, url = new URL(request.url)): Promise<SessionMember> {
  // A personal API token is for the JSON API only (decision 063): a page's form posts (making a
  // token, the team's settings) need a person's session, so a leaked token cannot make another.
  const member =
    (await sessionMember(request, app)) ??
    (request.headers.has("x-admin-passcode") && hasAdminPasscode(request, app) ? teamOwner(app) : null);
  if (member) return member;
  const back = url.pathname + url.search;
  throw redirect(`/login${back === "/" ? "" : `?redirectTo=${encodeURIComponent(back)}`}`);
}

/** JSON routes marked "session": the signed cookie, a member's API token, or x-admin-passcode for scripts. */
export async function requireApiSession(request: Request, app: App): Promise<SessionMember> {
  const member =
    (await sessionMember(request, app)) ?? tokenMember(request, app) ?? (hasAdminPasscode(request, app) ? teamOwner(app) : null);
  if (member) return member;
  throw apiError(
    401,
    "unauthorized",
    "Sign in on /login first, or send Authorization: Bearer <your API token>, or the x-admin-passcode header.",
  );
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
  if (!context.get(signedInContext)) {
    (context as RouterContextProvider).set(memberContext, await requirePageSession(request, app));
    (context as RouterContextProvider).set(signedInContext, true);
  }
  return { demo: false };
}
