import { redirect } from "react-router";
import type { Route } from "./+types/refresh-now";
import { getApp } from "../app.server.ts";
import { verifyPasscode } from "../auth/passcode-attempts.server.ts";
import { manualRefreshWait, startManualRefresh } from "../services/manual-refresh.server.ts";
import { RefreshRefused } from "../jobs/refresh.server.ts";
import { readFormBody } from "../http/form-body.server.ts";

/**
 * The dashboard's "Refresh now": the same manual refresh as route #4. The passcode is asked each
 * time (spending credits deserves it) and never kept in the browser.
 */
export async function action({ request }: Route.ActionArgs) {
  const app = getApp();
  const form = await readFormBody(request);
  const notice = (value: string) => redirect(`/?refresh=${encodeURIComponent(value)}`);
  if (!verifyPasscode(request, String(form.get("passcode") ?? ""), app).ok) return notice("wrong_passcode");
  try {
    await startManualRefresh(app, form.get("linkedin") === "on");
    return notice("started");
  } catch (error) {
    const wait = manualRefreshWait(error);
    if (wait !== undefined) return notice(`too_soon:${Math.ceil(wait / 60)}`);
    if (error instanceof RefreshRefused) return notice(error.code);
    throw error;
  }
}

export async function loader() {
  return redirect("/");
}
