import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { App } from "../app-context.ts";
import { deckLinkFormSchema } from "../domain/deck-link-input.ts";
import type { Actor } from "../domain/people.ts";
import { submitDeckLinkForm } from "../services/deck-links.server.ts";
import { readFormBody } from "./form-body.server.ts";

/**
 * A deck-link form posted from the investor's or the startup's page (decision 068): read, done
 * by the service for that scope, and back to `page` (its path and anchor) with the words either
 * way, as `deck_link_notice` or `deck_link_error` (the forms work without JavaScript).
 */
export async function answerDeckLinkForm(
  app: App,
  actor: Actor,
  request: Request,
  scope: { investorId: number } | { startupId: number },
  page: { path: string; anchor: string },
): Promise<Response> {
  const submission = parseWithZod(await readFormBody(request), { schema: deckLinkFormSchema });
  const answer =
    submission.status === "success"
      ? submitDeckLinkForm(app, actor, new URL(request.url).origin, scope, submission.value)
      : { ok: false, message: "The form could not be read. Reload the page and try again." };
  const key = answer.ok ? "deck_link_notice" : "deck_link_error";
  return redirect(`${page.path}?${key}=${encodeURIComponent(answer.message)}#${page.anchor}`, 303);
}
