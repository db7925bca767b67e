import { redirect } from "react-router";
import type { Route } from "./+types/mail-log";
import { getApp } from "../app.server.ts";
import { sideActor, sideOf } from "../auth/guards.server.ts";
import { positiveId } from "../domain/id.ts";
import { limitDemoWrites } from "../http/demo-limit.server.ts";
import { readFormBody } from "../http/form-body.server.ts";
import { type MailSelection, logMail } from "../services/undo.server.ts";

/** The most ids one post names (Today shows a few rows; a longer list is "Log all"). */
const MAX_IDS = 100;

function isDemoPath(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/demo/");
}

/**
 * "Log" and "Log all" for mail contacts (POST /mail/log and /demo/mail/log): fields `id` (repeated)
 * or `all=1`, and `investor` when sent from an investor page (the answer then goes back there).
 * Each email becomes a contact entry through the investor edit (db/queries/mail.server.ts); a plain
 * form post, so it works without JavaScript. Ids of the other side, unknown or already logged are
 * skipped: the confirmation counts what was logged, and carries the token that undoes exactly
 * this log (decision 036) when something was.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp();
  const { demo } = await sideOf({ request, context }, app);
  if (demo) limitDemoWrites(request, "edit");
  const form = await readFormBody(request);
  const ids = form
    .getAll("id")
    .slice(0, MAX_IDS)
    .map((value) => (typeof value === "string" ? positiveId(value) : undefined))
    .filter((id): id is number => id !== undefined);
  const selection: MailSelection = form.get("all") === "1" ? "all" : { ids };
  const { logged, undo } = logMail(app, sideActor(context, demo), selection, demo);
  const base = demo ? "/demo" : "";
  const query = `?logged=${logged}${undo ? `&undo=${undo}` : ""}`;
  const investor = positiveId(String(form.get("investor") ?? ""));
  if (investor !== undefined) return redirect(`${base}/investors/${investor}${query}#mail`, 303);
  return redirect(`${base || "/"}${query}#today`, 303);
}

export async function loader({ request }: Route.LoaderArgs) {
  return redirect(isDemoPath(request) ? "/demo#today" : "/#today");
}
