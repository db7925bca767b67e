import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  INTRO_STATE_LABELS,
  type IntroPath,
  type IntroSource,
  type IntroState,
  type PathTier,
  cleanPersonName,
  personNameKey,
} from "#app/domain/intros.ts";
import type { Actor } from "#app/domain/people.ts";
import type { Db } from "../database.server.ts";
import { introPaths, investors, members, people, personAddresses } from "../schema.ts";
import { recordActivity } from "./activity.server.ts";

/**
 * Warm intros' data (decision 065): people who introduce, their addresses, the paths they make to
 * investors and each intro's state. Every read and write of `people`, `person_addresses` and
 * `intro_paths` goes through here; each change records its author in the activity.
 */

export type PersonInput = {
  name: string;
  organisation?: string | null;
  emails?: readonly string[];
  knownByMemberId?: number | null;
  isDemo: boolean;
};

/**
 * The person with this name on this side (case and accents ignored), made when there is none. A
 * known person gains the addresses given and an organisation or a member where none was said;
 * nothing said before is overwritten. Returns the id, or null for a name that cleans to nothing.
 */
export function ensurePerson(db: Db, input: PersonInput, now: Date): number | null {
  const name = cleanPersonName(input.name);
  if (name === "") return null;
  const key = personNameKey(name);
  const at = now.toISOString();
  const organisation = input.organisation?.trim() || null;
  const found =
    db
      .select({ id: people.id, organisation: people.organisation, knownBy: people.knownByMemberId })
      .from(people)
      .where(and(eq(people.isDemo, input.isDemo), eq(people.nameKey, key)))
      .get() ?? onlyWithFirstName(db, key, input.isDemo);
  let id: number;
  if (found) {
    id = found.id;
    const fill: Partial<typeof people.$inferInsert> = {};
    if (found.organisation === null && organisation) fill.organisation = organisation;
    if (found.knownBy === null && input.knownByMemberId) fill.knownByMemberId = input.knownByMemberId;
    if (Object.keys(fill).length > 0)
      db.update(people)
        .set({ ...fill, updatedAt: at })
        .where(eq(people.id, id))
        .run();
  } else {
    id = db
      .insert(people)
      .values({
        name,
        nameKey: key,
        organisation,
        knownByMemberId: input.knownByMemberId ?? null,
        isDemo: input.isDemo,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: people.id })
      .get().id;
  }
  for (const email of input.emails ?? []) {
    const address = email.trim().toLowerCase();
    if (address === "" || !address.includes("@")) continue;
    db.insert(personAddresses).values({ personId: id, address }).onConflictDoNothing().run();
  }
  return id;
}

export type PathInput = {
  investorId: number;
  personId: number | null;
  memberId: number | null;
  source: IntroSource;
  tier?: PathTier | null;
  evidence?: string;
  isDemo: boolean;
};

/**
 * Adds a path (one per investor, person and member). A path already there keeps its state; a mail
 * path's tier and evidence are brought up to date. Returns the path's id, whether it is new, and
 * whether its tier moved (either is a reason to re-score the investor).
 */
export function addIntroPath(db: Db, actor: Actor, input: PathInput, now: Date): { id: number; added: boolean; tierMoved?: true } {
  const at = now.toISOString();
  const existing = findPath(db, input.investorId, input.personId, input.memberId);
  if (existing) {
    if (input.source === "mail" && (existing.tier !== (input.tier ?? null) || existing.evidence !== (input.evidence ?? ""))) {
      db.update(introPaths)
        .set({ tier: input.tier ?? null, evidence: input.evidence ?? "", updatedAt: at })
        .where(eq(introPaths.id, existing.id))
        .run();
      if (existing.tier !== (input.tier ?? null)) return { id: existing.id, added: false, tierMoved: true };
    }
    return { id: existing.id, added: false };
  }
  const id = db
    .insert(introPaths)
    .values({
      investorId: input.investorId,
      personId: input.personId,
      memberId: input.memberId,
      source: input.source,
      tier: input.tier ?? null,
      evidence: input.evidence ?? "",
      isDemo: input.isDemo,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: introPaths.id })
    .get().id;
  const subject = investorName(db, input.investorId);
  recordActivity(
    db,
    actor,
    { investorId: input.investorId, subject, isDemo: input.isDemo },
    [{ kind: "intro_path", detail: { path_id: id, person: pathWho(db, input.personId, input.memberId), source: input.source } }],
    now,
  );
  return { id, added: true };
}

/** Removes a path; false when there was none. */
export function removeIntroPath(db: Db, actor: Actor, pathId: number, now: Date): boolean {
  const path = db.select().from(introPaths).where(eq(introPaths.id, pathId)).get();
  if (!path) return false;
  db.delete(introPaths).where(eq(introPaths.id, pathId)).run();
  recordActivity(
    db,
    actor,
    { investorId: path.investorId, subject: investorName(db, path.investorId), isDemo: path.isDemo },
    [{ kind: "intro_path", detail: { path_id: pathId, person: pathWho(db, path.personId, path.memberId), removed: true } }],
    now,
  );
  return true;
}

/**
 * Moves an intro's state. Asked sets the day asked (`today`, YYYY-MM-DD); the other states keep it.
 * Returns the path's row after, or undefined when there is no such path.
 */
export function setIntroState(
  db: Db,
  actor: Actor,
  pathId: number,
  state: IntroState,
  today: string,
  now: Date,
): typeof introPaths.$inferSelect | undefined {
  const path = db.select().from(introPaths).where(eq(introPaths.id, pathId)).get();
  if (!path) return undefined;
  const at = now.toISOString();
  const after = db
    .update(introPaths)
    .set({
      state,
      askedOn: state === "asked" ? today : path.askedOn,
      stateAt: at,
      stateByMemberId: actor.kind === "member" ? actor.memberId : null,
      updatedAt: at,
    })
    .where(eq(introPaths.id, pathId))
    .returning()
    .get();
  recordActivity(
    db,
    actor,
    { investorId: path.investorId, subject: investorName(db, path.investorId), isDemo: path.isDemo },
    [
      {
        kind: "intro",
        detail: {
          path_id: pathId,
          person: pathWho(db, path.personId, path.memberId),
          from: path.state,
          state,
          label: INTRO_STATE_LABELS[state],
        },
      },
    ],
    now,
  );
  return after;
}

/** Every path of these investors as pages read them, strongest first, by investor id. */
export function introPathsOf(db: Db, investorIds: readonly number[]): Map<number, IntroPath[]> {
  const byInvestor = new Map<number, IntroPath[]>();
  if (investorIds.length === 0) return byInvestor;
  const stateBy = sql<string | null>`(select name from members m2 where m2.id = ${introPaths.stateByMemberId})`;
  const rows = db
    .select({
      path: introPaths,
      personName: people.name,
      organisation: people.organisation,
      knownBy: people.knownByMemberId,
      memberName: members.name,
      stateBy,
    })
    .from(introPaths)
    .leftJoin(people, eq(people.id, introPaths.personId))
    .leftJoin(members, eq(members.id, sql`coalesce(${introPaths.memberId}, ${people.knownByMemberId})`))
    .where(inArray(introPaths.investorId, [...investorIds]))
    .orderBy(
      asc(introPaths.investorId),
      sql`case ${introPaths.tier} when 'strong' then 0 when 'moderate' then 1 when 'weak' then 3 else 2 end`,
      asc(introPaths.id),
    )
    .all();
  const personIds = [...new Set(rows.flatMap((row) => (row.path.personId === null ? [] : [row.path.personId])))];
  const emails = new Map<number, string[]>();
  if (personIds.length > 0) {
    for (const row of db
      .select()
      .from(personAddresses)
      .where(inArray(personAddresses.personId, personIds))
      // In the order they were given: the connector draft writes to the first, so an address mail
      // later joins to a person by their name ("Erik Solberg" <someone-else@…>) never takes it over.
      .orderBy(sql`${personAddresses}.rowid`)
      .all()) {
      const list = emails.get(row.personId);
      if (list) list.push(row.address);
      else emails.set(row.personId, [row.address]);
    }
  }
  for (const row of rows) {
    const p = row.path;
    const memberId = p.memberId ?? row.knownBy ?? null;
    const path: IntroPath = {
      id: p.id,
      investor_id: p.investorId,
      person:
        p.personId === null
          ? null
          : { id: p.personId, name: row.personName ?? "", organisation: row.organisation ?? null, emails: emails.get(p.personId) ?? [] },
      member: memberId !== null && row.memberName !== null ? { id: memberId, name: row.memberName } : null,
      source: p.source,
      tier: p.tier,
      evidence: p.evidence,
      state: p.state,
      asked_on: p.askedOn,
      state_at: p.stateAt,
      state_by: row.stateBy ?? null,
    };
    const list = byInvestor.get(p.investorId);
    if (list) list.push(path);
    else byInvestor.set(p.investorId, [path]);
  }
  return byInvestor;
}

/**
 * A bare first name ("Erik") is the team's one person with that first name ("Erik Solberg") when
 * there is exactly one on the side; two or none, and it is a person of its own.
 */
function onlyWithFirstName(db: Db, key: string, isDemo: boolean) {
  if (key.includes(" ")) return undefined;
  const matches = db
    .select({ id: people.id, organisation: people.organisation, knownBy: people.knownByMemberId })
    .from(people)
    .where(and(eq(people.isDemo, isDemo), sql`substr(${people.nameKey}, 1, ${key.length + 1}) = ${`${key} `}`))
    .limit(2)
    .all();
  return matches.length === 1 ? matches[0] : undefined;
}

function findPath(db: Db, investorId: number, personId: number | null, memberId: number | null) {
  return db
    .select({ id: introPaths.id, tier: introPaths.tier, evidence: introPaths.evidence })
    .from(introPaths)
    .where(
      and(
        eq(introPaths.investorId, investorId),
        sql`coalesce(${introPaths.personId}, 0) = ${personId ?? 0}`,
        sql`coalesce(${introPaths.memberId}, 0) = ${memberId ?? 0}`,
      ),
    )
    .get();
}

function investorName(db: Db, investorId: number): string {
  return db.select({ name: investors.name }).from(investors).where(eq(investors.id, investorId)).get()?.name ?? "";
}

/** Who a path runs through, as the activity names it: the person, else the member. */
function pathWho(db: Db, personId: number | null, memberId: number | null): string {
  if (personId !== null) return db.select({ name: people.name }).from(people).where(eq(people.id, personId)).get()?.name ?? "";
  if (memberId !== null) return db.select({ name: members.name }).from(members).where(eq(members.id, memberId)).get()?.name ?? "";
  return "";
}
