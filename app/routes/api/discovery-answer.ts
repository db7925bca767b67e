import type { Route } from "./+types/discovery-answer";
import { getApp } from "../../app.server.ts";
import { requestActor } from "../../auth/guards.server.ts";
import { apiError, json, methodNotAllowed } from "../../http/api-error.ts";
import { readEmptyBody } from "../../http/json-body.server.ts";
import { DiscoveryNotFound, addDiscovery, dismissDiscoveryByKey, parseDiscoveryKey } from "../../services/discoveries.server.ts";

/** `POST /api/discoveries/:key/add` → {investor_id}, and `…/dismiss` → {key, dismissed}. No body (or `{}`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const key = parseDiscoveryKey(params.key);
  if (key === undefined) throw apiError(404, "not_found", "There is no such discovered investor.");
  await readEmptyBody(request);
  const app = getApp();
  try {
    const answer = new URL(request.url).pathname.endsWith("/add") ? "add" : "dismiss";
    if (answer === "add") {
      const added = addDiscovery(app, requestActor(context), key, false);
      return json({ investor_id: added.investor_id }, { status: 201 });
    }
    dismissDiscoveryByKey(app, key, false);
    return json({ key, dismissed: true });
  } catch (error) {
    if (error instanceof DiscoveryNotFound) throw apiError(404, "not_found", error.message);
    throw error;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
