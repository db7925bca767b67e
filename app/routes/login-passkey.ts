import { z } from "zod";
import type { Route } from "./+types/login-passkey";
import { getApp } from "../app.server.ts";
import { finishPasskeySignIn, startPasskeySignIn } from "../auth/passkeys.server.ts";
import { signedInHeaders } from "../auth/sign-in.server.ts";
import { apiError, json } from "../http/api-error.ts";
import { readJsonBody } from "../http/json-body.server.ts";

/**
 * The two steps of "Sign in with a passkey" on /login (decision 060), asked by the page's script:
 * `{step: "options"}` gives the WebAuthn options and the id of the challenge the server keeps;
 * `{step: "verify", challengeId, response}` checks the browser's answer and starts the session.
 * Open like /login itself; a refused answer counts in the passcode's guess budget.
 */
const body = z.discriminatedUnion("step", [
  z.strictObject({ step: z.literal("options") }),
  z.strictObject({ step: z.literal("verify"), challengeId: z.string().max(64), response: z.record(z.string(), z.unknown()) }),
]);

export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  const input = await readJsonBody(request, body);
  if (input.step === "options") {
    const start = await startPasskeySignIn(request, app);
    if (!start.ok) return apiError(start.status, "refused", start.message);
    return json({ challengeId: start.challengeId, options: start.options }, { headers: { "cache-control": "no-store" } });
  }
  const done = await finishPasskeySignIn(request, app, input.challengeId, input.response);
  if (!done.ok) return apiError(done.status, done.status === 429 ? "rate_limited" : "unauthorized", done.message);
  const headers = await signedInHeaders(request, app, done.member.id);
  headers.set("cache-control", "no-store");
  return json({ name: done.member.name }, { headers });
}
