/**
 * The benchmarks' database files: a copy of a template per measured server, and a template opened
 * once by a real server so that every copy starts on today's scores.
 */
import { copyFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { startBuiltServer } from "#tests/helpers/server.ts";

/** A fresh copy of a template database (with its WAL, if any), in its own temporary folder. */
export function copyOf(templatePath: string, prefix = "ipi-bench-"): string {
  const path = join(mkdtempSync(join(tmpdir(), prefix)), "app.db");
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(templatePath + suffix)) copyFileSync(templatePath + suffix, path + suffix);
  }
  return path;
}

/** Whether the saved scores are whole and from today (app/jobs/rescore.server.ts writes the stamp). */
export function scoredToday(databasePath: string): boolean {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select value from app_state where key = 'scored_with'").get() as { value: string } | undefined;
    return row?.value.endsWith(new Date().toISOString().slice(0, 10)) ?? false;
  } finally {
    db.close();
  }
}

/**
 * Opens `path` once with the built server and waits for its start-up re-score (it may run after
 * the server listens), so that the servers measured later start on scores from today, as a machine
 * restarted the same day would.
 */
export async function scoredByAStart(path: string, env: Record<string, string>, timeoutMs: number): Promise<void> {
  const server = await startBuiltServer({ ...env, DATABASE_PATH: path });
  const deadline = Date.now() + timeoutMs;
  while (!scoredToday(path) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  await server.stop();
  if (!scoredToday(path)) throw new Error(`the server did not finish its start-up re-score in ${timeoutMs / 1000} s`);
}
