import type { Route } from "./+types/page-session";
import { getApp } from "../../app.server.ts";
import { memberContext, requirePageSession, signedInContext } from "../../auth/guards.server.ts";

/**
 * The layout around every signed-in page and its form posts and exports (app/routes.ts): the
 * session cookie or the x-admin-passcode header, checked once here; without either, a redirect
 * to /login?redirectTo=… (decision 025).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, url }) => {
    context.set(memberContext, await requirePageSession(request, getApp(), url));
    context.set(signedInContext, true);
  },
];

// A loader makes every client-side navigation under this layout ask the server, so the
// middleware runs even for a page that has no loader of its own (React Router's middleware docs).
export async function loader() {
  return null;
}
