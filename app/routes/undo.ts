import { redirect } from "react-router";
import type { Route } from "./+types/undo";
import { getApp } from "../app.server.ts";
import { sideOf } from "../auth/guards.server.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { undoAction } from "../services/undo.server.ts";

/** A token is 22 characters; the form carries nothing else. */
const MAX_BODY_BYTES = 1024;

/**
 * "Undo" after a one-click action (POST /undo and /demo/undo, field `token`): takes back exactly
 * what that action recorded (decision 036) and goes back to Today, which says it was undone — or
 * that it can no longer be (unknown, used, expired after UNDO_MINUTES, or the other side's token).
 * A plain form post, so it works without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const form = await readFormBody(request, {
    maxBytes: MAX_BODY_BYTES,
    tooLarge: "This form carries one undo token: the body is too large.",
  });
  const undone = undoAction(app, form.get("token"), demo);
  const base = demo ? "/demo" : "/";
  if (!undone) return redirect(`${base}?undone=expired#today`, 303);
  return redirect(`${base}?undone=${undone.investorIds[0] ?? 0}#today`, 303);
}

export async function loader({ request }: Route.LoaderArgs) {
  return redirect(new URL(request.url).pathname.startsWith("/demo/") ? "/demo#today" : "/#today");
}
