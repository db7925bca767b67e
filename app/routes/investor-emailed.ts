import { redirect } from "react-router";
import type { Route } from "./+types/investor-emailed";
import { getApp } from "../app.server.ts";
import { sideActor, sideOf } from "../auth/guards.server.ts";
import { pageId } from "../http/api-error.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { recordEmailed } from "../services/undo.server.ts";

/**
 * Today's one-click "Emailed" (POST /investors/:id/emailed and /demo/investors/:id/emailed):
 * records the contact through the investor edit and goes back to the dashboard, which then no
 * longer lists the investor as one to email and offers "Undo" with the token that names exactly
 * this change (decision 036). A plain form post, so it works without JavaScript.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const id = pageId(params.id);
  const outcome = recordEmailed(app, sideActor(context, demo), id, demo);
  if (outcome.kind === "not_found") throw new Response("Not found", { status: 404 });
  // A demo investor's history is bounded: past it, the dashboard says so instead (a 303 like a success).
  if (outcome.kind === "demo_full") return redirect("/demo?done=demo_full#today", 303);
  // Pressed within "Mine" (`?mine=1` on the form's action), the answer is Mine again (decision 062).
  const mine = new URL(request.url).searchParams.get("mine") === "1" ? "mine=1&" : "";
  return redirect(`${demo ? "/demo" : "/"}?${mine}emailed=${id}&undo=${outcome.undo}#today`, 303);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const demo = new URL(request.url).pathname.startsWith("/demo/");
  return redirect(`${demo ? "/demo" : ""}/investors/${pageId(params.id)}`);
}
