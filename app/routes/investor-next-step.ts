import { redirect } from "react-router";
import type { Route } from "./+types/investor-next-step";
import { getApp } from "../app.server.ts";
import { sideActor, sideOf } from "../auth/guards.server.ts";
import { pageId } from "../http/api-error.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { answerEdit, nextStepAnswerSchema } from "../domain/next-step-answer.ts";
import { isUndoToken } from "../domain/undo.ts";
import { answerNextStep } from "../services/undo.server.ts";

/** Two short fields, an intent, a token and where to go back. */
const MAX_BODY_BYTES = 4096;

/**
 * The answer to "is the next step done, and what is next?" (POST /investors/:id/next-step and
 * /demo/investors/:id/next-step, decision 053): fields `intent` ("done" or "next"), `next_step`
 * and `next_step_date` for "next", `undo` (the token of the "Emailed" just recorded: the answer
 * joins it) and `back=investor` when asked on the investor page. Clears or replaces the next step
 * through the investor edit and goes back where it was asked, which says what was recorded and
 * offers "Undo"; a missing or unreadable answer goes back with `step_error`. A plain form post,
 * so it works without JavaScript.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const id = pageId(params.id);
  const form = await readFormBody(request, { maxBytes: MAX_BODY_BYTES, tooLarge: "This form carries a next step: the body is too large." });
  const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const parsed = nextStepAnswerSchema.safeParse(fields);
  const back = fields.back === "investor" ? "investor" : "today";
  const join = isUndoToken(fields.undo) ? fields.undo : null;
  const base = demo ? "/demo" : "";
  const again = (error: "missing" | "invalid") =>
    back === "investor"
      ? redirect(`${base}/investors/${id}?saved=1&ask=step&step_error=${error}#notes`, 303)
      : redirect(`${base || "/"}?emailed=${id}${join ? `&undo=${join}` : ""}&step_error=${error}#today`, 303);
  if (!parsed.success) return again("invalid");
  const answer = answerEdit(parsed.data);
  if ("error" in answer) return again("missing");
  const outcome = answerNextStep(app, sideActor(context, demo), id, demo, answer.edit, join);
  if (outcome.kind !== "recorded") throw new Response("Not found", { status: 404 });
  const said = `answered=${parsed.data.intent}&undo=${outcome.undo}`;
  if (back === "investor") return redirect(`${base}/investors/${id}?${said}#notes`, 303);
  return redirect(`${base || "/"}?emailed=${id}&${said}#today`, 303);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const demo = new URL(request.url).pathname.startsWith("/demo/");
  return redirect(`${demo ? "/demo" : ""}/investors/${pageId(params.id)}`);
}
