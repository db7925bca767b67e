import { redirect } from "react-router";
import type { Route } from "./+types/undo";
import { getApp } from "../app.server.ts";
import { sideActor, sideOf } from "../auth/guards.server.ts";
import { positiveId } from "../domain/id.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { undoAction } from "../services/undo.server.ts";

/** A token is 22 characters, and from an investor page that investor's id. */
const MAX_BODY_BYTES = 1024;

/**
 * "Undo" after a one-click action (POST /undo and /demo/undo, field `token`, and `investor` when
 * posted from an investor page): takes back exactly what that action recorded (decision 036) and
 * goes back to Today (or that investor's Mail), which says it was undone — `?undone=<id>` after
 * "Emailed", `?unlogged=<count>` after "Log" — or that it can no longer be (`?undone=expired`:
 * unknown, used, expired after UNDO_MINUTES, or the other side's token). A plain form post, so
 * it works without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const form = await readFormBody(request, {
    maxBytes: MAX_BODY_BYTES,
    tooLarge: "This form carries one undo token: the body is too large.",
  });
  const undone = undoAction(app, sideActor(context, demo), form.get("token"), demo);
  const investor = positiveId(String(form.get("investor") ?? ""));
  const back = investor !== undefined ? `${demo ? "/demo" : ""}/investors/${investor}` : demo ? "/demo" : "/";
  const hash = investor !== undefined ? "#mail" : "#today";
  if (!undone) return redirect(`${back}?undone=expired${hash}`, 303);
  if (undone.unlogged > 0) return redirect(`${back}?unlogged=${undone.unlogged}${hash}`, 303);
  return redirect(`${back}?undone=${undone.investorIds[0] ?? 0}${hash}`, 303);
}

export async function loader({ request }: Route.LoaderArgs) {
  return redirect(new URL(request.url).pathname.startsWith("/demo/") ? "/demo#today" : "/#today");
}
