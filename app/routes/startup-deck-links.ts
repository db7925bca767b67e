import { redirect } from "react-router";
import type { Route } from "./+types/startup-deck-links";
import { getApp } from "../app.server.ts";
import { requestActor } from "../auth/guards.server.ts";
import { pageId } from "../http/api-error.ts";
import { answerDeckLinkForm } from "../http/deck-link-form.server.ts";

/**
 * The startup page's deck-link forms (POST /startups/:id/deck/links, decision 068): an ad-hoc
 * link with a label, and the changes to the links listed. Back to the page with the words.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = pageId(params.id);
  return answerDeckLinkForm(getApp(), requestActor(context), request, { startupId: id }, { path: `/startups/${id}`, anchor: "deck-links" });
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(`/startups/${pageId(params.id)}#deck-links`);
}
