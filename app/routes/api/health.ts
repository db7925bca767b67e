import { getApp } from "../../app.server.ts";
import { reportSettings } from "../../config.server.ts";
import { json, methodNotAllowed } from "../../http/api-error.ts";
import { type StorageState, storageState } from "../../services/storage-health.server.ts";
import packageJson from "../../../package.json";

/**
 * Route #1: is the process up and the database usable? Settings are yes/no only. A database that
 * reads but cannot take writes (a full disk, a read-only file, an I/O error) is `degraded`, still
 * 200: the founder can read and sign in, and a restart would not give the disk room (decision 058).
 */
export async function loader() {
  const app = getApp();
  let db: { ok: boolean; journal_mode: string; storage: StorageState | "unknown" } = {
    ok: false,
    journal_mode: "unknown",
    storage: "unknown",
  };
  try {
    const mode = app.db.$client.pragma("journal_mode", { simple: true });
    app.db.$client.prepare("select 1").get();
    db = { ok: true, journal_mode: String(mode), storage: storageState(app) };
  } catch {
    db = { ok: false, journal_mode: "unknown", storage: "unknown" };
  }
  const status = !db.ok ? "unavailable" : db.storage === "ok" ? "ok" : "degraded";
  return json(
    {
      status,
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
