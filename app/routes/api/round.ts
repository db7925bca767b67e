import type { Route } from "./+types/round";
import { getApp } from "../../app.server.ts";
import { requestActor } from "../../auth/guards.server.ts";
import { roundPutSchema } from "../../domain/round-input.ts";
import { apiError, json, methodNotAllowed } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { currentRound, setRoundAndAsk } from "../../services/round.server.ts";

/** `GET /api/round`: the round raising now and its totals (docs/api.md#the-round). */
export async function loader() {
  return json(currentRound(getApp()));
}

/** `PUT /api/round`: sets a startup's round and makes it the one raising now. Strict body. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request, ["GET", "PUT"]);
  const body = await readJsonBody(request, roundPutSchema);
  const result = await setRoundAndAsk(getApp(), requestActor(context), body);
  if (result.saved) return json(result.round);
  if (result.reason === "no_startup")
    throw apiError(409, "no_startup", "There is no startup yet: add one (POST /api/startups) before setting its round.");
  if (result.reason === "which_startup") {
    const message = "Several startups and none is raising now: say which with startup_id.";
    throw apiError(400, "invalid_body", message, { fields: { startup_id: [message] } });
  }
  throw apiError(404, "not_found", `There is no startup with id ${body.startup_id}.`);
}
