import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getApp } from "../app.server.ts";
import { sessionStore } from "../auth/guards.server.ts";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  // Deleted on the server: a copy of the cookie (a replay) is refused from now on.
  return redirect("/login", { headers: { "Set-Cookie": await sessionStore(app).end(request.headers.get("cookie")) } });
}
