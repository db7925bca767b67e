import type { FirstMorningFacts } from "#app/domain/first-morning.ts";
import type { AppDatabase } from "../database.server.ts";

export const FIRST_MORNING_SQL = `select exists(select 1 from startups where is_demo = 0) as startup,
              exists(select 1 from investors where is_demo = 0) as investors,
              exists(select 1 from contact_entries c cross join investors i on i.id = c.investor_id where i.is_demo = 0)
              or exists(select 1 from intro_paths p where p.is_demo = 0 and p.asked_on is not null
                        and p.state_by_member_id is not null) as contacted`;

/**
 * What the first morning's guide ticks, on the founder's side (demo rows never count): indexed
 * look-ups. "Read Today" is done by a first contact, or by a first intro a member asked ("Asked" on
 * a warm path is the founder's first outreach to that investor, decision 065). A path an import set
 * asked (a sheet's "Intro requested" row) has no member: it is the sheet's past, not a morning's work.
 * The contacts are walked first (`cross join`): SQLite walked every investor looking for one with a
 * contact, 2 ms at 26,000 on each page built after a write, 0.01 ms now (decision 069).
 */
export function readFirstMorningFacts(db: AppDatabase): FirstMorningFacts {
  const row = db.$client.prepare(FIRST_MORNING_SQL).get() as { startup: number; investors: number; contacted: number };
  return { startup: row.startup === 1, investors: row.investors === 1, contacted: row.contacted === 1 };
}
