import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getApp } from "../app.server.ts";
import { sessionCookieValue } from "../auth/guards.server.ts";
import { clearSessionCookieHeader, revokeSession } from "../auth/session.server.ts";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  // Deleted on the server: a copy of the cookie (a replay) is refused from now on.
  revokeSession(app.db, sessionCookieValue(request, app), app.sessionSecret);
  return redirect("/login", { headers: { "Set-Cookie": clearSessionCookieHeader(app.config.NODE_ENV === "production") } });
}
