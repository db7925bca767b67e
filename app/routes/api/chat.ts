import type { Route } from "./+types/chat";
import { getApp } from "../../app.server.ts";
import { requireApiSession } from "../../auth/guards.server.ts";
import { chatRequestSchema } from "../../domain/chat/schema.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { limitDemoChat } from "../../http/demo-limit.server.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { answerQuestion } from "../../services/chat.server.ts";

/** Route #8: answers a question from the dashboard's own data. `?demo=1` is open, demo rows only. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const app = getApp();
  const demo = new URL(request.url).searchParams.get("demo") === "1";
  // The demo chat is open to anyone, and every question may cost a model call.
  if (demo) limitDemoChat(request);
  const member = demo ? null : await requireApiSession(request, app);
  const body = await readJsonBody(request, chatRequestSchema);
  return json(await answerQuestion(app, body, { demo, asker: member?.name }));
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
