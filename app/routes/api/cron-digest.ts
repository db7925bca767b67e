import type { Route } from "./+types/cron-digest";
import { getApp } from "../../app.server.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { sendDigest } from "../../jobs/digest.server.ts";

/** Route #3: today's digest, sent when Twilio is configured; otherwise its text with sent: false. */
export async function loader() {
  const app = getApp();
  return json(await sendDigest(app));
}

export async function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
