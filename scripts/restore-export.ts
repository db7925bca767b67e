/**
 * `npm run restore-export -- investor-pipeline-2026-11-25.json`: writes an /export.json into the
 * database at DATABASE_PATH (./data/app.db by default), which must have no investors or startups
 * of its own (demo rows do not count). Run it with the server stopped, or restart the server
 * after, so its kept pages are drawn again. Runs through the server build (`npm run build`
 * first), which the Docker image carries: on Fly, `node scripts/restore-export.ts /data/file.json`.
 */
import { existsSync } from "node:fs";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore-export -- <file downloaded from /export.json>");
  process.exit(1);
}
const entry = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(entry)) {
  console.error("The app is not built yet: run `npm run build` first.");
  process.exit(1);
}
const databasePath = process.env.DATABASE_PATH ?? "./data/app.db";
const { restoreExportFile } = await import(entry.href);
try {
  const counts = restoreExportFile(file, databasePath);
  console.log(
    `Restored into ${databasePath}: ${counts.investors} investors, ${counts.contacts} contacts, ${counts.evidence} evidence, ` +
      `${counts.mail_contacts} emails, ${counts.startups} startups, ${counts.members} members, ${counts.activity} changes, ${counts.people ?? 0} people with ${counts.intro_paths ?? 0} intro paths, and the outreach settings. The next start re-scores them.`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
