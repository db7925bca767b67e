import { exportEverything } from "#db/queries/export.server.ts";
import { readSavedFounderSettings } from "#db/queries/founder-settings.server.ts";
import { getApp } from "../app.server.ts";

export async function loader() {
  const app = getApp();
  const date = app.now().toISOString().slice(0, 10);
  // The outreach details saved on /settings are the founder's too (unset ones are left out).
  const { founderName, pitch, meetingLink } = readSavedFounderSettings(app.db);
  const everything = { ...exportEverything(app.db, app.now()), founder: { name: founderName, pitch, meeting_link: meetingLink } };
  return new Response(JSON.stringify(everything, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="investor-pipeline-${date}.json"`,
      "cache-control": "no-store",
    },
  });
}
