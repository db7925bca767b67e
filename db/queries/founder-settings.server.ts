import { eq, inArray } from "drizzle-orm";
import { type FounderSettings, type ResolvedFounderSettings, resolveFounderSettings } from "#app/domain/founder-settings.ts";
import type { AppDatabase } from "../database.server.ts";
import { appState } from "../schema.ts";

/** Keys in the app_state key/value table; a missing key means "use the environment's default". */
const KEYS = { founderName: "founder_name", pitch: "founder_pitch", meetingLink: "meeting_link" } as const satisfies Record<
  keyof FounderSettings,
  string
>;

export function readSavedFounderSettings(db: AppDatabase): FounderSettings {
  const rows = db
    .select()
    .from(appState)
    .where(inArray(appState.key, Object.values(KEYS)))
    .all();
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return { founderName: byKey.get(KEYS.founderName), pitch: byKey.get(KEYS.pitch), meetingLink: byKey.get(KEYS.meetingLink) };
}

/** Saves all three at once (one transaction); an undefined value removes the saved one. */
export function saveFounderSettings(db: AppDatabase, settings: FounderSettings, now: Date): void {
  const stamp = now.toISOString();
  db.transaction((tx) => {
    for (const [field, key] of Object.entries(KEYS) as Array<[keyof FounderSettings, string]>) {
      const value = settings[field]?.trim();
      if (value) {
        tx.insert(appState)
          .values({ key, value, updatedAt: stamp })
          .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: stamp } })
          .run();
      } else {
        tx.delete(appState).where(eq(appState.key, key)).run();
      }
    }
  });
}

/** The values every draft uses: saved on /settings, else FOUNDER_NAME / FOUNDER_PITCH / MEETING_LINK. */
export function loadFounderSettings(
  db: AppDatabase,
  defaults: { FOUNDER_NAME?: string; FOUNDER_PITCH?: string; MEETING_LINK?: string },
): ResolvedFounderSettings {
  return resolveFounderSettings(readSavedFounderSettings(db), {
    founderName: defaults.FOUNDER_NAME,
    pitch: defaults.FOUNDER_PITCH,
    meetingLink: defaults.MEETING_LINK,
  });
}
