import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getApp } from "../app.server.ts";
import { clearSessionCookieHeader } from "../auth/session.server.ts";

export async function loader() {
  return redirect("/");
}

export async function action(_: Route.ActionArgs) {
  const production = getApp().config.NODE_ENV === "production";
  return redirect("/login", { headers: { "Set-Cookie": clearSessionCookieHeader(production) } });
}
