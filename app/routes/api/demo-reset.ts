import type { Route } from "./+types/demo-reset";
import { getApp } from "../../app.server.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { limitDemoWrites } from "../../http/demo-limit.server.ts";
import { readEmptyBody } from "../../http/json-body.server.ts";
import { resetDemo } from "../../jobs/demo.server.ts";

/** Route #14: open to anyone; only is_demo rows change. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  limitDemoWrites(request, "rebuild");
  await readEmptyBody(request);
  const app = getApp();
  return json({ demo_investors: resetDemo(app.db, app.now(), app.rules) });
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
