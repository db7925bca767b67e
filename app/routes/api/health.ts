import { getApp } from "../../app.server.ts";
import { reportSettings } from "../../config.server.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import packageJson from "../../../package.json";

/** Route #1: is the process up and the database usable? Settings are yes/no only. */
export async function loader() {
  const app = getApp();
  let db = { ok: false, journal_mode: "unknown" };
  try {
    const mode = app.db.$client.pragma("journal_mode", { simple: true });
    app.db.$client.prepare("select 1").get();
    db = { ok: true, journal_mode: String(mode) };
  } catch {
    db = { ok: false, journal_mode: "unknown" };
  }
  return json(
    {
      status: db.ok ? "ok" : "unavailable",
      version: packageJson.version,
      db,
      settings: reportSettings(app.config),
    },
    { status: db.ok ? 200 : 503 },
  );
}

export async function action({ request }: { request: Request }) {
  return methodNotAllowed(request, ["GET"]);
}
