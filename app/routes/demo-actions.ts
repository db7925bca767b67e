import { redirect } from "react-router";
import type { Route } from "./+types/demo-actions";
import { getApp } from "../app.server.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { refreshDemo, resetDemo } from "../jobs/demo.server.ts";
import { readFormBody } from "../http/form-body.server.ts";

/** The demo dashboard's buttons (plain form posts, so they work without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  limitDemoWrites(request, "rebuild");
  const intent = (await readFormBody(request)).get("intent");
  // The page says what happened (with or without JavaScript) from the `done` parameter.
  if (intent === "reset") return redirect(`/demo?done=demo_reset:${resetDemo(app.db, app.now(), app.rules)}`);
  if (intent === "refresh") return redirect(`/demo?done=demo_refresh:${refreshDemo(app.db, app.now(), app.rules).updated}`);
  throw new Response("Unknown demo action", { status: 400 });
}

export async function loader() {
  return redirect("/demo");
}
