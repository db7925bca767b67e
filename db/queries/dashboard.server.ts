import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../database.server.ts";
import { investors } from "../schema.ts";

export type Kpis = { tracked: number; emailFirst: number; followUpsDue: number; dontChase: number };

/** The four KPI cards, for real rows or demo rows (never both). */
export function readKpis(db: AppDatabase, demo: boolean): Kpis {
  const row = db
    .select({
      tracked: sql<number>`count(*)`,
      emailFirst: sql<number>`coalesce(sum(${investors.action} = 'email_first'), 0)`,
      followUpsDue: sql<number>`coalesce(sum(${investors.action} = 'follow_up'), 0)`,
      dontChase: sql<number>`coalesce(sum(${investors.action} = 'dont_chase'), 0)`,
    })
    .from(investors)
    .where(eq(investors.isDemo, demo))
    .get();
  return row ?? { tracked: 0, emailFirst: 0, followUpsDue: 0, dontChase: 0 };
}
