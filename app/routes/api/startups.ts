import type { Route } from "./+types/startups";
import { getApp } from "../../app.server.ts";
import { startupInputSchema } from "../../domain/rubric/schema.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { createStartupWithRubric } from "../../services/startups.server.ts";
import { startupJson } from "#db/queries/startups.server.ts";

/** Route #10: a startup with a rubric drafted by the model, or a labelled default when it cannot. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const app = getApp();
  const input = await readJsonBody(request, startupInputSchema);
  const created = await createStartupWithRubric(app, input);
  return json(
    {
      startup: startupJson(created.startup),
      rubric: created.rubric,
      rubric_source: created.rubric_source,
    },
    { status: 201 },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
