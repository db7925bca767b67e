import type { Route } from "./+types/api-session";
import { getApp } from "../../app.server.ts";
import { memberContext, requireApiSession, signedInContext } from "../../auth/guards.server.ts";

/** The layout around the JSON routes marked "session" (docs/api.md): the cookie or x-admin-passcode, else 401. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    context.set(memberContext, await requireApiSession(request, getApp()));
    context.set(signedInContext, true);
  },
];
