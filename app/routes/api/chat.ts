import type { Route } from "./+types/chat";
import { getApp } from "../../app.server.ts";
import { requireApiSession } from "../../auth/guards.server.ts";
import { chatRequestSchema } from "../../domain/chat.ts";
import { apiError, json, methodNotAllowed } from "../../http/api-error.ts";
import { readJsonBody } from "../../http/json-body.server.ts";
import { clientKey, createRateLimiter } from "../../http/rate-limit.server.ts";
import { answerQuestion } from "../../jobs/chat.server.ts";

// The demo chat is open to anyone, and every question may cost a model call.
const demoLimiter = createRateLimiter({ limit: 10, windowMs: 60_000 });

/** Route #8: answers a question from the dashboard's own data. `?demo=1` is open, demo rows only. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
  const app = getApp();
  const demo = new URL(request.url).searchParams.get("demo") === "1";
  if (!demo) {
    requireApiSession(request, app);
  } else {
    const wait = demoLimiter.check(clientKey(request));
    if (wait !== undefined) {
      return apiError(429, "rate_limited", `The demo chat takes 10 questions a minute. Try again in ${wait} seconds.`, {
        headers: { "retry-after": String(wait) },
      });
    }
  }
  const body = await readJsonBody(request, chatRequestSchema);
  return json(await answerQuestion(app, body, { demo }));
}

export async function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
