import { type FounderSettings, type ResolvedFounderSettings, resolveFounderSettings } from "#app/domain/founder-settings.ts";
import type { DraftStartup } from "#app/domain/outreach.ts";
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../database.server.ts";
import { startups } from "../schema.ts";
import { deleteState, readStates, writeState } from "./app-state.server.ts";

/** Keys in the app_state key/value table; a missing key means "use the environment's default". */
const KEYS = { founderName: "founder_name", pitch: "founder_pitch", meetingLink: "meeting_link" } as const satisfies Record<
  keyof FounderSettings,
  string
>;

export function readSavedFounderSettings(db: Db): FounderSettings {
  const byKey = readStates(db, Object.values(KEYS));
  return { founderName: byKey.get(KEYS.founderName), pitch: byKey.get(KEYS.pitch), meetingLink: byKey.get(KEYS.meetingLink) };
}

/** Saves all three at once (one transaction); an undefined value removes the saved one. */
export function saveFounderSettings(db: Db, settings: FounderSettings, now: Date): void {
  db.transaction((tx) => {
    for (const [field, key] of Object.entries(KEYS) as Array<[keyof FounderSettings, string]>) {
      const value = settings[field]?.trim();
      if (value) writeState(tx, key, value, now);
      else deleteState(tx, key);
    }
  });
}

/** The values every draft uses: saved on /settings, else FOUNDER_NAME / FOUNDER_PITCH / MEETING_LINK. */
export function loadFounderSettings(
  db: Db,
  defaults: { FOUNDER_NAME?: string; FOUNDER_PITCH?: string; MEETING_LINK?: string },
): ResolvedFounderSettings {
  return resolveFounderSettings(readSavedFounderSettings(db), {
    founderName: defaults.FOUNDER_NAME,
    pitch: defaults.FOUNDER_PITCH,
    meetingLink: defaults.MEETING_LINK,
  });
}

/**
 * The startup a draft speaks for when /settings leaves something empty, and whose round the first
 * email's subject names (decision 030): the one raising now, else the only one (else the first added).
 */
export function readDraftStartup(db: Db, demo: boolean): DraftStartup | null {
  const row = db
    .select({
      name: startups.name,
      pitch: startups.pitch,
      stage: startups.stage,
      roleWanted: startups.roleWanted,
      roundSize: startups.roundSize,
      roundCurrency: startups.roundCurrency,
      instrument: startups.instrument,
      closeBy: startups.closeBy,
    })
    .from(startups)
    .where(eq(startups.isDemo, demo))
    .orderBy(desc(startups.raisingNow), asc(startups.id))
    .limit(1)
    .get();
  return row ?? null;
}
