import { redirect } from "react-router";
import type { Route } from "./+types/investor-deck-link";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { pageId } from "../http/api-error.ts";
import { answerDeckLinkForm } from "../http/deck-link-form.server.ts";

/**
 * The investor page's "Deck link" forms (POST /investors/:id/deck-link, decision 068): make the
 * link, turn it off, allow the download, set an expiry. Back to the page with the words either way
 * (the forms work without JavaScript).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = pageId(params.id);
  return answerDeckLinkForm(
    getApp(),
    requestActor(context),
    request,
    { investorId: id },
    { path: `/investors/${id}`, anchor: "deck-link" },
  );
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(`/investors/${pageId(params.id)}#deck-link`);
}
