import { and, asc, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../database.server.ts";
import { introPaths, people, personAddresses } from "../schema.ts";
import { EXPORT_ROWS_PER_CHUNK } from "./export.server.ts";

/**
 * Warm intros in /export.json (decision 065): the real side's people with their addresses, and
 * every intro path with its state, dates and who moved it; keyset-paged by id like the rest of the
 * export, so a chunk costs the same at the end as at the start.
 */

export type ExportedPerson = {
  id: number;
  name: string;
  organisation: string | null;
  known_by_member_id: number | null;
  emails: string[];
  created_at: string;
  updated_at: string;
};

/**
 * The next real people after `afterId`, by the primary key. `+is_demo` keeps SQLite off the
 * (is_demo, name_key) index: through it every chunk read all the side's people and sorted them,
 * so 200,000 people exported in 800 chunks of a full scan and sort each (decision 065).
 */
export function peopleAfterQuery(db: Db, afterId: number, limit = EXPORT_ROWS_PER_CHUNK) {
  return db
    .select()
    .from(people)
    .where(and(sql`+${people.isDemo} = 0`, gt(people.id, afterId)))
    .orderBy(asc(people.id))
    .limit(limit);
}

/** The next real people after `afterId`, each with their addresses. */
export function peopleAfterForExport(db: Db, afterId: number, limit = EXPORT_ROWS_PER_CHUNK): ExportedPerson[] {
  const rows = peopleAfterQuery(db, afterId, limit).all();
  if (rows.length === 0) return [];
  const emails = new Map<number, string[]>();
  for (const row of db
    .select()
    .from(personAddresses)
    .where(
      inArray(
        personAddresses.personId,
        rows.map((row) => row.id),
      ),
    )
    // In the order they were given (the draft's first address), which the restore keeps.
    .orderBy(asc(personAddresses.personId), sql`${personAddresses}.rowid`)
    .all()) {
    const list = emails.get(row.personId);
    if (list) list.push(row.address);
    else emails.set(row.personId, [row.address]);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    organisation: row.organisation,
    known_by_member_id: row.knownByMemberId,
    emails: emails.get(row.id) ?? [],
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }));
}

/** The next real intro paths after `afterId`, by the primary key (`+is_demo`: not the (is_demo, state) index and a sort, as for people). */
export function introPathsAfterQuery(db: Db, afterId: number, limit = EXPORT_ROWS_PER_CHUNK) {
  return db
    .select({
      id: introPaths.id,
      investor_id: introPaths.investorId,
      person_id: introPaths.personId,
      member_id: introPaths.memberId,
      source: introPaths.source,
      tier: introPaths.tier,
      evidence: introPaths.evidence,
      state: introPaths.state,
      asked_on: introPaths.askedOn,
      state_at: introPaths.stateAt,
      state_by_member_id: introPaths.stateByMemberId,
      created_at: introPaths.createdAt,
      updated_at: introPaths.updatedAt,
    })
    .from(introPaths)
    .where(and(sql`+${introPaths.isDemo} = 0`, gt(introPaths.id, afterId)))
    .orderBy(asc(introPaths.id))
    .limit(limit);
}

/** The next real intro paths after `afterId`. */
export function introPathsAfterForExport(db: Db, afterId: number, limit = EXPORT_ROWS_PER_CHUNK) {
  return introPathsAfterQuery(db, afterId, limit).all();
}
