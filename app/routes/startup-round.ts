import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/startup-round";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { founderErrors } from "../domain/form-messages.ts";
import { ROUND_FORM_WORDS, roundFormSchema } from "../domain/round-input.ts";
import { pageId } from "../http/api-error.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { setRoundAndAsk } from "../services/round.server.ts";

/**
 * The startup page's round form (POST /startups/:id/round): the same write as `PUT /api/round`.
 * With one startup its round is the round; with several, "raising now" marks this one. Back to
 * the page either way, with what was refused said there (the form works without JavaScript).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp();
  const id = pageId(params.id);
  const formData = await readFormBody(request);
  const submission = parseWithZod(formData, { schema: roundFormSchema, ...founderErrors(ROUND_FORM_WORDS) });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "The round could not be read.";
    return redirect(`/startups/${id}?round_error=${encodeURIComponent(message)}#round`, 303);
  }
  const { body, raisingNow } = submission.value;
  const result = await setRoundAndAsk(app, requestActor(context), { ...body, startup_id: id }, raisingNow);
  if (!result.saved) throw new Response("Not found", { status: 404 });
  const notice = result.rescoring
    ? `Round saved; every investor is being re-scored (Today shows how far it is).`
    : result.rescored === undefined
      ? "Round saved."
      : `Round saved; the cheque range follows the ask, ${result.rescored} investors re-ranked.`;
  return redirect(`/startups/${id}?notice=${encodeURIComponent(notice)}#round`, 303);
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(`/startups/${pageId(params.id)}#round`);
}
