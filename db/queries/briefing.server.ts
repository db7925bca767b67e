import { desc, eq } from "drizzle-orm";
import type { AppDatabase } from "../database.server.ts";
import { investors } from "../schema.ts";

/**
 * The investors of one side (real or demo, never both) as the digest and the chat read them.
 * Personal notes are left out on purpose: they never leave the app in a message or a prompt.
 */
export function investorsForBriefing(db: AppDatabase, demo: boolean) {
  return db
    .select({
      id: investors.id,
      name: investors.name,
      firm: investors.firm,
      score: investors.score,
      action: investors.action,
      relationship_status: investors.relationshipStatus,
      last_contact_date: investors.lastContactDate,
      signal_hook: investors.signalHook,
      signal_red_flag: investors.signalRedFlag,
      sectors: investors.sectors,
      stages: investors.stages,
      geographies: investors.geographies,
    })
    .from(investors)
    .where(eq(investors.isDemo, demo))
    .orderBy(desc(investors.score), investors.id)
    .all();
}

export type BriefingInvestor = ReturnType<typeof investorsForBriefing>[number];
