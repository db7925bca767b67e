import { LIVE_PATH_STATES, PATH_STRENGTH_ORDER, WARM_RANK, type WarmPath } from "#app/domain/warm-path.ts";
import type { IntrosWaiting } from "#app/domain/digest-intros.ts";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type AppDatabase, type Db, statement } from "../database.server.ts";
import { type InvestorSet, setCondition } from "./investor-set.ts";
import { introPaths, investors, people } from "../schema.ts";

/**
 * The warm path in hand per investor, in SQL (decision 065): what Today, the re-score, the
 * rankings, the digest and the chat read of `intro_paths`, one correlated, indexed subquery per
 * investor row (intro_paths_unique starts with investor_id). The order is app/domain/warm-path.ts's.
 */

const STATE_RANK = `case p.state ${LIVE_PATH_STATES.map((state, index) => `when '${state}' then ${index}`).join(" ")} end`;
const STRENGTH_RANK = `case coalesce(p.tier, 'word') ${PATH_STRENGTH_ORDER.map((strength, index) => `when '${strength}' then ${index}`).join(" ")} end`;
const LIVE = `p.state in (${LIVE_PATH_STATES.map((state) => `'${state}'`).join(", ")})`;

/**
 * The path in hand for the investor whose id is `investorId` (an SQL expression, e.g. "i.id"), as
 * JSON text (readWarmPath reads it back), or null: the live path first in LIVE_PATH_STATES, then
 * PATH_STRENGTH_ORDER, then the oldest.
 */
export function bestPathSql(investorId: string): string {
  return `(select json_object('path_id', p.id, 'person', pe.name, 'member', m.name, 'source', p.source, 'tier', p.tier,
      'evidence', p.evidence, 'state', p.state, 'asked_on', p.asked_on)
    from intro_paths p left join people pe on pe.id = p.person_id
      left join members m on m.id = coalesce(p.member_id, pe.known_by_member_id)
    where p.investor_id = ${investorId} and ${LIVE}
    order by ${STATE_RANK}, ${STRENGTH_RANK}, p.id limit 1)`;
}

/**
 * Today's tie-break "a warm path" (EMAIL_FIRST_ORDER's `warm`) in SQL, as warmRank says it: the
 * strongest live path's WARM_RANK, else mail with them (mail_contacts), else 0. Declined paths and
 * the notes' words count for nothing.
 */
export function warmSql(investorId: string): string {
  const rank = `case coalesce(p.tier, 'word') ${PATH_STRENGTH_ORDER.map((strength) => `when '${strength}' then ${WARM_RANK[strength]}`).join(" ")} end`;
  return `coalesce((select max(${rank}) from intro_paths p where p.investor_id = ${investorId} and ${LIVE}),
    case when exists (select 1 from mail_contacts mc where mc.investor_id = ${investorId}) then ${WARM_RANK.mail} else 0 end)`;
}

/** A path as bestPathSql wrote it, back as a WarmPath; null for none. */
export function readWarmPath(json: string | null | undefined): WarmPath | null {
  if (!json) return null;
  return JSON.parse(json) as WarmPath;
}

/** The path in hand for one investor (the one-investor re-score reads it, inside its caller's transaction). */
export function warmPathOf(db: Db, investorId: number): WarmPath | null {
  // An id is a whole number, so it is written into the text.
  if (!Number.isSafeInteger(investorId)) return null;
  const row = db.get<{ intro: string | null }>(sql.raw(`select ${bestPathSql(String(investorId))} as intro`));
  return readWarmPath(row?.intro);
}

/** A path's investor and state when it is on this side (real or demo), else undefined. */
export function introPathOnSide(db: Db, pathId: number, demo: boolean) {
  return db
    .select({ investorId: introPaths.investorId, state: introPaths.state })
    .from(introPaths)
    .where(and(eq(introPaths.id, pathId), eq(introPaths.isDemo, demo)))
    .get();
}

/**
 * What Today's notice says after "Asked" or its Undo (`?asked=` / `?unasked=`): the path, its
 * connector and investor, and its state now (the Undo is offered only while it is still asked).
 */
export function introNotice(db: Db, pathId: number | null, demo: boolean, how: "asked" | "unasked") {
  if (pathId === null) return null;
  const row = db
    .select({ investorId: introPaths.investorId, state: introPaths.state, person: people.name, investor: investors.name })
    .from(introPaths)
    .innerJoin(investors, eq(investors.id, introPaths.investorId))
    .leftJoin(people, eq(people.id, introPaths.personId))
    .where(and(eq(introPaths.id, pathId), eq(introPaths.isDemo, demo)))
    .get();
  if (!row || row.person === null) return null;
  return { pathId, how, investorId: row.investorId, investor: row.investor, person: row.person, state: row.state };
}

/**
 * Intros waiting on a connector for the digest (decision 065): asked or agreed and not yet made,
 * on one side, of one member's investors ("Mine", decision 062) or everyone's; the count and the
 * oldest asked three.
 */
export function introsWaiting(db: Db, demo: boolean, mine: number | null = null): IntrosWaiting {
  const where = and(
    eq(introPaths.isDemo, demo),
    inArray(introPaths.state, ["asked", "agreed"]),
    isNotNull(introPaths.personId),
    mine === null ? undefined : eq(investors.ownerMemberId, mine),
  );
  const count =
    db
      .select({ n: sql<number>`count(*)` })
      .from(introPaths)
      .innerJoin(investors, eq(investors.id, introPaths.investorId))
      .where(where)
      .get()?.n ?? 0;
  const first = db
    .select({ person: people.name, investor: investors.name })
    .from(introPaths)
    .innerJoin(investors, eq(investors.id, introPaths.investorId))
    .innerJoin(people, eq(people.id, introPaths.personId))
    .where(where)
    .orderBy(sql`${introPaths.askedOn} is null`, asc(introPaths.askedOn), asc(introPaths.id))
    .limit(3)
    .all();
  return { count, first };
}

/**
 * The path in hand of every investor of `set`, in one ordered scan of `intro_paths` (the re-score
 * of everyone reads this instead of a subquery per investor, which cost 1.47× the re-score without paths at 5,000 investors; this, 1.3×).
 */
export function bestPathsIn(db: AppDatabase, set: InvestorSet): Map<number, WarmPath> {
  const where = setCondition("p.investor_id", set);
  const rows = statement(
    db,
    `select p.investor_id as investor_id, json_object('path_id', p.id, 'person', pe.name, 'member', m.name, 'source', p.source,
        'tier', p.tier, 'evidence', p.evidence, 'state', p.state, 'asked_on', p.asked_on) as intro
      from intro_paths p left join people pe on pe.id = p.person_id
        left join members m on m.id = coalesce(p.member_id, pe.known_by_member_id)
      where ${where.sql} and ${LIVE}
      order by p.investor_id, ${STATE_RANK}, ${STRENGTH_RANK}, p.id`,
  ).iterate(...where.params) as IterableIterator<{ investor_id: number; intro: string }>;
  const best = new Map<number, WarmPath>();
  for (const row of rows) if (!best.has(row.investor_id)) best.set(row.investor_id, readWarmPath(row.intro)!);
  return best;
}
