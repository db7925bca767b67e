import { redirect } from "react-router";
import { getApp } from "../app.server.ts";
import { mailConfigured, syncMail } from "../jobs/mail-sync.server.ts";

/**
 * "Sync now" on /settings (POST /settings/mail-sync, no fields): reads the mailboxes once and goes
 * back to the settings' mail panel, which shows what the sync found. `syncMail` never throws: a
 * failure comes back in its status, in our own words. A plain form post, so it works without
 * JavaScript.
 */
export async function action() {
  const app = getApp();
  if (!mailConfigured(app.config)) return redirect("/settings?synced=not_configured#mail", 303);
  const status = await syncMail(app);
  const failed = status.last_error !== null && status.last_error_at !== null && status.last_error_at >= (status.started_at ?? "");
  return redirect(`/settings?synced=${failed ? "failed" : `added:${status.added}`}#mail`, 303);
}

export async function loader() {
  return redirect("/settings#mail");
}
