import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/startup-deck-links";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { deckLinkFormSchema } from "../domain/deck-link-input.ts";
import { pageId } from "../http/api-error.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { submitDeckLinkForm } from "../services/deck-links.server.ts";

/**
 * The startup page's deck-link forms (POST /startups/:id/deck/links, decision 068): an ad-hoc
 * link with a label, and the changes to the links listed. Back to the page with the words.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = pageId(params.id);
  const submission = parseWithZod(await readFormBody(request), { schema: deckLinkFormSchema });
  const answer =
    submission.status === "success"
      ? submitDeckLinkForm(getApp(), requestActor(context), new URL(request.url).origin, { startupId: id }, submission.value)
      : { ok: false, message: "The form could not be read. Reload the page and try again." };
  const key = answer.ok ? "deck_link_notice" : "deck_link_error";
  return redirect(`/startups/${id}?${key}=${encodeURIComponent(answer.message)}#deck-links`, 303);
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(`/startups/${pageId(params.id)}#deck-links`);
}
