import { and, asc, desc, eq, gt, inArray, lt, ne, or, isNull, sql } from "drizzle-orm";
import { EditConflict, changedParts, clashingChanges } from "#app/domain/conflict.ts";
import type { ActivityEntry, Actor, SystemActor } from "#app/domain/people.ts";
import type { Db } from "../database.server.ts";
import { activity, investors } from "../schema.ts";

/**
 * The activity (decision 059): who changed what. Written only through `recordActivity`, inside the
 * transaction of the change it records, so a change is never saved without its author.
 */

export type ActivityRow = typeof activity.$inferSelect;

export function recordActivity(
  db: Db,
  actor: Actor,
  about: { investorId?: number | null; subject: string; isDemo?: boolean; version?: number },
  entries: readonly ActivityEntry[],
  now: Date,
): void {
  if (entries.length === 0) return;
  // The investor's version after the change (decision 063): what an edit based on an older one clashes with.
  const version = about.version !== undefined ? { version: about.version } : {};
  const at = now.toISOString();
  db.insert(activity)
    .values(
      entries.map((entry) => ({
        at,
        actorMemberId: actor.kind === "member" ? actor.memberId : null,
        actorSystem: actor.kind === "system" ? actor.system : null,
        investorId: about.investorId ?? null,
        subject: about.subject,
        kind: entry.kind,
        detail: { ...entry.detail, ...version },
        isDemo: about.isDemo ?? false,
      })),
    )
    .run();
  // The open demo's record is anyone's to grow: only its newest DEMO_ACTIVITY_KEPT rows are kept,
  // so visitors' presses cost bounded space (by the (is_demo, id) index, a few rows a time).
  if (about.isDemo) {
    db.delete(activity)
      .where(
        and(
          eq(activity.isDemo, true),
          lt(activity.id, sql`(select id from ${activity} where is_demo = 1 order by id desc limit 1 offset ${DEMO_ACTIVITY_KEPT - 1})`),
        ),
      )
      .run();
  }
}

/** How many of the open demo's activity rows are kept (its Today shows the newest five, a demo timeline 30). */
export const DEMO_ACTIVITY_KEPT = 2_000;

/**
 * The changes saved to an investor after `version` (oldest first): the rows whose detail carries a
 * later version (decision 063). Read only when the investor's version has moved past the edit's.
 */
export function activitySinceVersion(db: Db, investorId: number, version: number): ActivityRow[] {
  return db
    .select()
    .from(activity)
    .where(and(eq(activity.investorId, investorId), sql`json_extract(${activity.detail}, '$.version') > ${version}`))
    .orderBy(asc(activity.id))
    .all();
}

/**
 * Refuses an edit based on `basedOn` when a change saved since touched a part it changes (decision
 * 063): throws an EditConflict, so the transaction it runs in rolls back. A version that moved with
 * no row saying so (history from before versions were recorded) refuses any edit.
 */
export function refuseStaleEdit(
  db: Db,
  investor: { id: number; version: number },
  basedOn: number | undefined,
  mine: ActivityEntry[],
): void {
  if (basedOn === undefined || investor.version <= basedOn || !mine.some((entry) => changedParts(entry).length > 0)) return;
  const newer = activitySinceVersion(db, investor.id, basedOn);
  const clashing = newer.length > 0 ? clashingChanges(newer, mine) : [];
  if (clashing.length > 0 || newer.length === 0) throw new EditConflict(investor.version, clashing, mine);
}

/** One investor's activity, newest first, at most `limit` rows (before `beforeId` for the next page). */
export function investorActivity(db: Db, investorId: number, limit = 50, beforeId?: number): ActivityRow[] {
  return db
    .select()
    .from(activity)
    .where(and(eq(activity.investorId, investorId), beforeId ? lt(activity.id, beforeId) : undefined))
    .orderBy(desc(activity.id))
    .limit(limit)
    .all();
}

/**
 * What others did since `afterId` ("Since you last looked" on Today): newest first, at most
 * `limit`, never the member's own changes nor the re-score's routine ones.
 */
export function activityOfOthers(db: Db, options: { demo: boolean; memberId: number; afterId: number; limit: number }): ActivityRow[] {
  const routine: SystemActor = "rescore";
  return db
    .select()
    .from(activity)
    .where(
      and(
        eq(activity.isDemo, options.demo),
        gt(activity.id, options.afterId),
        or(isNull(activity.actorMemberId), ne(activity.actorMemberId, options.memberId)),
        or(isNull(activity.actorSystem), ne(activity.actorSystem, routine)),
      ),
    )
    .orderBy(desc(activity.id))
    .limit(options.limit)
    .all();
}

/** The newest activity id of a side (0 when none): where "since you last looked" starts next time. */
export function latestActivityId(db: Db, demo: boolean): number {
  return (
    db
      .select({ id: sql<number | null>`max(${activity.id})` })
      .from(activity)
      .where(eq(activity.isDemo, demo))
      .get()?.id ?? 0
  );
}

/** The real side's activity after `afterId`, oldest first, at most `limit` (`GET /api/activity`: read on from the last id). */
export function activityAfter(db: Db, afterId: number, limit: number): ActivityRow[] {
  return db
    .select()
    .from(activity)
    .where(and(eq(activity.isDemo, false), gt(activity.id, afterId)))
    .orderBy(asc(activity.id))
    .limit(limit)
    .all();
}

/** A side's newest activity, newest first (the open demo's "Since you last looked": it has no one to remember). */
export function latestActivity(db: Db, demo: boolean, limit: number): ActivityRow[] {
  return db.select().from(activity).where(eq(activity.isDemo, demo)).orderBy(desc(activity.id)).limit(limit).all();
}

/** Which of `ids` are investors still there (a line of the activity links only to a page that exists). */
export function presentInvestorIds(db: Db, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  return new Set(
    db
      .select({ id: investors.id })
      .from(investors)
      .where(inArray(investors.id, [...ids]))
      .all()
      .map((row) => row.id),
  );
}
