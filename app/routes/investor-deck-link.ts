import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/investor-deck-link";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { deckLinkFormSchema } from "../domain/deck-link-input.ts";
import { pageId } from "../http/api-error.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { submitDeckLinkForm } from "../services/deck-links.server.ts";

/**
 * The investor page's "Deck link" forms (POST /investors/:id/deck-link, decision 068): make the
 * link, turn it off, allow the download, set an expiry. Back to the page with the words either way
 * (the forms work without JavaScript).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = pageId(params.id);
  const submission = parseWithZod(await readFormBody(request), { schema: deckLinkFormSchema });
  const answer =
    submission.status === "success"
      ? submitDeckLinkForm(getApp(), requestActor(context), new URL(request.url).origin, { investorId: id }, submission.value)
      : { ok: false, message: "The form could not be read. Reload the page and try again." };
  const key = answer.ok ? "deck_link_notice" : "deck_link_error";
  return redirect(`/investors/${id}?${key}=${encodeURIComponent(answer.message)}#deck-link`, 303);
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(`/investors/${pageId(params.id)}#deck-link`);
}
