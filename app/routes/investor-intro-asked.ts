import { redirect } from "react-router";
import type { Route } from "./+types/investor-intro-asked";
import { getApp } from "../app.server.ts";
import { sideActor, sideOf } from "../auth/guards.server.ts";
import { pageId } from "../http/api-error.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { markIntroAsked } from "../services/intro-asked.server.ts";
import { introAskedForm } from "../domain/intro-input.ts";

/** A path's id and a state: a few bytes. */
const MAX_BODY_BYTES = 1024;

/**
 * Today's "Asked" on a warm row (POST /investors/:id/intro-asked, decision 065): fields `path` (the
 * intro path's id) and `state` ("asked", or "to_ask" to undo). Marks the intro, re-scores the
 * investor and goes back to Today, which says so and offers "Undo". A plain form post, so it
 * works without JavaScript; a path that is not this investor's is a 404.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const id = pageId(params.id);
  const form = await readFormBody(request, {
    maxBytes: MAX_BODY_BYTES,
    tooLarge: "This form carries an intro's state: the body is too large.",
  });
  const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const parsed = introAskedForm.safeParse(fields);
  if (!parsed.success) throw new Response("This form is not one Today sends.", { status: 400 });
  const outcome = markIntroAsked(
    app,
    sideActor(context, demo),
    { investorId: id, pathId: parsed.data.path, state: parsed.data.state },
    demo,
  );
  if (outcome.kind === "not_found") throw new Response("Not found", { status: 404 });
  const mine = parsed.data.mine === "1" || new URL(request.url).searchParams.get("mine") === "1" ? "mine=1&" : "";
  const said = parsed.data.state === "asked" ? `asked=${outcome.pathId}` : `unasked=${outcome.pathId}`;
  return redirect(`${demo ? "/demo" : "/"}?${mine}${said}#today`, 303);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const demo = new URL(request.url).pathname.startsWith("/demo/");
  return redirect(`${demo ? "/demo" : ""}/investors/${pageId(params.id)}`);
}
