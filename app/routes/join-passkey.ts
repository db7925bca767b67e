import { z } from "zod";
import { cleanMemberName } from "../domain/people.ts";
import type { Route } from "./+types/join-passkey";
import { getApp } from "../app.server.ts";
import { finishJoinWithPasskey, startJoinWithPasskey } from "../auth/passkeys.server.ts";
import { signedInHeaders } from "../auth/sign-in.server.ts";
import { apiError, json } from "../http/api-error.ts";
import { readJsonBody } from "../http/json-body.server.ts";

/**
 * The two steps of "Join with a passkey" on /join/<token> (decision 060), asked by the page's
 * script: `{step: "options", name}` checks the invitation and gives the WebAuthn options with the
 * id of the challenge the server keeps; `{step: "verify", challengeId, response}` checks the new
 * passkey, makes the member, uses up the invitation and starts the session, in one go.
 */
const body = z.discriminatedUnion("step", [
  z.strictObject({
    step: z.literal("options"),
    name: z.string().transform(cleanMemberName).pipe(z.string().min(1, "Enter your name.").max(80)),
  }),
  z.strictObject({ step: z.literal("verify"), challengeId: z.string().max(64), response: z.record(z.string(), z.unknown()) }),
]);

const CODES: Record<number, string> = { 400: "try_again", 410: "invite_unusable", 429: "rate_limited" };

export async function action({ request, params }: Route.ActionArgs) {
  const app = getApp();
  const input = await readJsonBody(request, body);
  if (input.step === "options") {
    const start = await startJoinWithPasskey(request, app, params.token, input.name);
    if (!start.ok) return apiError(start.status, CODES[start.status] ?? "refused", start.message);
    return json({ challengeId: start.challengeId, options: start.options }, { headers: { "cache-control": "no-store" } });
  }
  const done = await finishJoinWithPasskey(request, app, params.token, input.challengeId, input.response);
  if (!done.ok) return apiError(done.status, CODES[done.status] ?? "refused", done.message);
  const headers = await signedInHeaders(request, app, done.member.id);
  headers.set("cache-control", "no-store");
  return json({ name: done.member.name }, { headers });
}
