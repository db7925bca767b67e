import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { INVESTOR_SORTS } from "#app/domain/dashboard-query.ts";
import {
  ACTION_PRIORITY,
  ACTIONS,
  type InvestorEdit,
  type InvestorProfile,
  type RecommendedAction,
  type PassReason,
  type RelationshipStatus,
} from "#app/domain/investor.ts";
import { demoEditRefusal } from "#app/domain/demo-bounds.ts";
import { appOwnedAfterEdit } from "#app/domain/import/app-owned.ts";
import { userOwnedPatch } from "#app/domain/investor-edit.ts";
import { type InvestorPatch, profileColumnsPatch, profileOf } from "#app/domain/investor-profile.ts";
import { type EvidenceForScoring, type InvestorForScoring, type ScoringRules, scoreInvestor } from "#app/domain/scoring.ts";
import { type Actor, createdEntry, profileChanges, userOwnedChanges, userOwnedOf } from "#app/domain/people.ts";
import { type AppDatabase, type Db, statement } from "../database.server.ts";
import { recordActivity, refuseStaleEdit } from "./activity.server.ts";
import { contactEntries, evidence, investors } from "../schema.ts";
import { type ContactRow, contactHistoryPage, countContacts } from "./contacts.server.ts";
import { type InvestorRow, evidenceForScoring, getInvestor, investorById } from "./investor-row.server.ts";
import { writeDemoOnly } from "./kept.server.ts";
import { ALL_IDS, type IdRange, type InvestorSet, setCondition } from "./investor-set.ts";
import { type RankedStartup, headlineStartup, rankedStartups, scoreOneForStartup } from "./startups.server.ts";
import { followUpFactsIn, followUpFactsOf } from "./follow-up-facts.server.ts";

export { ALL_IDS, type IdRange, type InvestorSet, setCondition } from "./investor-set.ts";

export type { InvestorRow };
export type EvidenceRow = typeof evidence.$inferSelect;
export type { ContactRow } from "./contacts.server.ts";

function nowIso(now: Date): string {
  return now.toISOString();
}

export function scoringInput(
  row: Pick<
    InvestorRow,
    | "name"
    | "relationshipStatus"
    | "lastContactDate"
    | "nextStep"
    | "nextStepDate"
    | "meetingDate"
    | "signalActivity"
    | "signalFit"
    | "fitDetail"
    | "fitKnown"
    | "fitMisfit"
    | "signalRedFlag"
    | "passReason"
    | "passNote"
  >,
): InvestorForScoring {
  return {
    name: row.name,
    next_step: row.nextStep,
    next_step_date: row.nextStepDate,
    meeting_date: row.meetingDate,
    relationship_status: row.relationshipStatus,
    last_contact_date: row.lastContactDate,
    signal_activity: row.signalActivity,
    signal_fit: row.signalFit,
    fit_detail: row.fitDetail,
    fit_known: row.fitKnown,
    fit_misfit: row.fitMisfit,
    signal_red_flag: row.signalRedFlag,
    pass_reason: row.passReason,
    pass_note: row.passNote,
  };
}

/** The startup whose score is every real investor's own (decision 039), or null: read once for a loop of rescoreInvestor. */
export function readHeadline(db: Db): RankedStartup | null {
  return headlineStartup(rankedStartups(db)) ?? null;
}

/**
 * Recomputes one investor's global score and action from what is saved (inside a caller's
 * transaction). A caller re-scoring several passes `headline` (readHeadline) read once; else it
 * is read here.
 */
export function rescoreInvestor(db: Db, id: number, now: Date, rules: ScoringRules, headline?: RankedStartup | null): void {
  const row = investorById(db).get({ id });
  if (!row) return;
  // With a round raising now, its score is the investor's one score (decision 039).
  const scoredFor = row.isDemo ? null : headline === undefined ? readHeadline(db) : headline;
  const result =
    (scoredFor && scoreOneForStartup(db, scoredFor, id, now, rules)) ??
    scoreInvestor({ ...scoringInput(row), ...followUpFactsOf(db, id) }, evidenceForScoring(db, id), now, rules);
  db.update(investors)
    .set({
      score: result.score,
      action: result.action,
      scoreExplained: result.explained,
      actionSince: row.action === result.action && row.actionSince ? row.actionSince : now.toISOString(),
    })
    .where(eq(investors.id, id))
    .run();
}

/**
 * Route #6's core: every investor's score and action with today's decay, in one transaction.
 * Prepared statements and one ordered evidence scan: this runs over every row, so it is
 * measured against the raw SQLite floor in bench/.
 */
export function rescoreAllInvestors(db: AppDatabase, now: Date, rules: ScoringRules): number {
  return rescoreInvestorRange(db, now, rules, ALL_IDS);
}

/** Ranges of at most `size` investors each (real and demo), covering every id and any added later. */
export function investorIdRanges(db: AppDatabase, size: number): IdRange[] {
  const ids = db.$client.prepare("select id from investors order by id").pluck().all() as number[];
  const ranges: IdRange[] = [];
  for (let start = 0; start < ids.length; start += size) {
    ranges.push({ from: start === 0 ? ALL_IDS.from : ids[start]!, to: ids[Math.min(start + size, ids.length) - 1]! });
  }
  if (ranges.length === 0) return [ALL_IDS];
  ranges[ranges.length - 1]!.to = ALL_IDS.to;
  return ranges;
}

/** Re-scores the investors in `range` (a range of ids or a list), in one transaction (see rescoreAllInvestors). */
export function rescoreInvestorRange(
  db: AppDatabase,
  now: Date,
  rules: ScoringRules,
  range: InvestorSet,
  options: { demoOnly?: boolean } = {},
): number {
  const client = db.$client;
  const ofInvestors = setCondition("id", range);
  // With a round raising now the real investors' scores are its ranking's (copyHeadlineScores).
  const whichSide = options.demoOnly ? " and is_demo = 1" : "";
  const ofEvidence = setCondition("investor_id", range);
  const readInvestors = statement(
    db,
    `select id, action, name, relationship_status, last_contact_date, next_step, next_step_date, meeting_date, signal_activity, signal_fit, fit_detail, fit_known, fit_misfit, signal_red_flag, pass_reason, pass_note from investors where ${ofInvestors.sql}${whichSide} order by id`,
  );
  const readEvidence = statement(
    db,
    `select investor_id, published_at, found_at, category, relevance from evidence where ${ofEvidence.sql} order by investor_id`,
  );
  // The action's start moves only when the action changes, so "don't chase" can be ordered by
  // how recently its reason appeared.
  const write = statement(
    db,
    "update investors set score = @score, action = @action, score_explained = @explained, action_since = case when action = @action and action_since is not null then action_since else @stamp end where id = @id",
  );
  type Row = {
    id: number;
    action: RecommendedAction;
    fit_detail: string | null;
    fit_known: number | null;
    name: string;
    fit_misfit: string | null;
    pass_reason: PassReason | null;
    pass_note: string | null;
    relationship_status: RelationshipStatus;
    last_contact_date: string | null;
    next_step: string | null;
    next_step_date: string | null;
    meeting_date: string | null;
    signal_activity: number | null;
    signal_fit: number | null;
    signal_red_flag: string | null;
  };
  type EvidenceScan = EvidenceForScoring & { investor_id: number };

  const stamp = now.toISOString();
  const run = client.transaction(() => {
    const byInvestor = new Map<number, EvidenceForScoring[]>();
    for (const item of readEvidence.iterate(...ofEvidence.params) as IterableIterator<EvidenceScan>) {
      let list = byInvestor.get(item.investor_id);
      if (!list) {
        list = [];
        byInvestor.set(item.investor_id, list);
      }
      list.push(item);
    }
    let count = 0;
    const facts = followUpFactsIn(db, range);
    for (const row of readInvestors.all(...ofInvestors.params) as Row[]) {
      const result = scoreInvestor({ ...row, ...facts(row.id) }, byInvestor.get(row.id) ?? [], now, rules);
      write.run({ score: result.score, action: result.action, explained: JSON.stringify(result.explained), stamp, id: row.id });
      count++;
    }
    return count;
  });
  return run.immediate();
}

export function createInvestor(
  db: Db,
  profile: InvestorProfile,
  options: {
    now: Date;
    rules: ScoringRules;
    demo?: boolean;
    userOwned?: { relationshipStatus?: RelationshipStatus; lastContactDate?: string | null; personalNotes?: string | null };
    /** The cheque range's currency (ISO 4217), when the form named one; none is US dollars. */
    checkCurrency?: string;
    /** Who added it: recorded as its "created" entry, with the user-owned values it starts with. */
    actor: Actor;
  },
): number {
  return db.transaction((tx) => {
    const stamp = nowIso(options.now);
    const inserted = tx
      .insert(investors)
      .values({
        ...profileColumns(profile),
        ...(options.checkCurrency ? { checkCurrency: options.checkCurrency } : {}),
        isDemo: options.demo ?? false,
        relationshipStatus: options.userOwned?.relationshipStatus ?? "not_contacted",
        lastContactDate: options.userOwned?.lastContactDate ?? null,
        personalNotes: options.userOwned?.personalNotes ?? null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .returning()
      .get();
    const about = { investorId: inserted.id, subject: inserted.name, isDemo: inserted.isDemo };
    recordActivity(tx, options.actor, about, [createdEntry(userOwnedOf(inserted))], options.now);
    rescoreInvestor(tx, inserted.id, options.now, options.rules);
    return inserted.id;
  });
}

export function profileColumns(profile: InvestorProfile) {
  return {
    name: profile.name,
    firm: profile.firm || null,
    kind: profile.kind,
    website: profile.website || null,
    linkedinUrl: profile.linkedin_url || null,
    email: profile.email ? profile.email.trim() : null,
    sectors: profile.sectors,
    stages: profile.stages,
    geographies: profile.geographies,
    basedIn: profile.based_in ?? null,
    checkMin: profile.check_min ?? null,
    checkMax: profile.check_max ?? null,
  };
}

/**
 * Route #9 and the edit forms: writes the user-owned columns (and appends contact history) and
 * the profile fields it names (decision 026), then re-scores that investor, in one transaction. Returns false for an unknown id, and for an
 * edit of a demo investor that its bounds refuse (app/domain/demo-bounds.ts; the routes check
 * first to say why, this is the guard for every other way in, such as "Log").
 */
export function editInvestor(
  db: AppDatabase,
  id: number,
  edit: InvestorEdit | InvestorPatch,
  options: { now: Date; rules: ScoringRules; demo?: boolean; actor: Actor; basedOn?: number },
): boolean {
  // With `demo: true` only a demo row can match, so the write is the demo's own (kept real pages stay kept).
  if (options.demo === true) return writeDemoOnly(db, () => editAnyInvestor(db, id, edit, options));
  return editAnyInvestor(db, id, edit, options);
}

export function editAnyInvestor(
  db: Db,
  id: number,
  edit: InvestorEdit | InvestorPatch,
  // `basedOn`: the version the edit was made on; a newer change to what it changes refuses it (decision 063).
  options: { now: Date; rules: ScoringRules; demo?: boolean; actor: Actor; basedOn?: number },
): boolean {
  return db.transaction((tx) => {
    const current = investorById(tx).get({ id });
    if (!current || (options.demo !== undefined && current.isDemo !== options.demo)) return false;
    if (current.isDemo && demoEditRefusal(edit, edit.add_contact ? countContacts(tx, id) : 0)) return false;
    const owned = userOwnedPatch(edit, current.lastContactDate);
    const profile = profileColumnsPatch(profileOf(edit));
    const patch = { ...owned, ...profile };
    // What the founder sets here, a re-import of an older tracker keeps (app/domain/import/app-owned.ts).
    const appOwned = appOwnedAfterEdit(current.appOwned, Object.keys(owned));
    const entries = [...userOwnedChanges(current, owned), ...profileChanges(current, profile)];
    if (edit.add_contact) {
      const contact = edit.add_contact;
      entries.push({ kind: "contact", detail: { date: contact.date ?? null, channel: contact.channel ?? null, note: contact.note } });
    }
    refuseStaleEdit(tx, current, options.basedOn, entries);
    tx.update(investors)
      .set({
        ...patch,
        ...(appOwned.length !== current.appOwned.length ? { appOwned } : {}),
        ...(entries.length > 0 ? { version: current.version + 1 } : {}),
        updatedAt: nowIso(options.now),
      })
      .where(eq(investors.id, id))
      .run();
    if (edit.add_contact) {
      tx.insert(contactEntries)
        .values({
          investorId: id,
          date: edit.add_contact.date ?? null,
          channel: edit.add_contact.channel ?? null,
          note: edit.add_contact.note,
          createdAt: nowIso(options.now),
        })
        .run();
    }
    // Who changed it, in the same transaction (decision 059): the name it has after the edit.
    recordActivity(
      tx,
      options.actor,
      { investorId: id, subject: profile.name ?? current.name, isDemo: current.isDemo, version: current.version + 1 },
      entries,
      options.now,
    );
    rescoreInvestor(tx, id, options.now, options.rules);
    return true;
  });
}

/** An investor with its evidence and one page of its contact history (newest first; `contactsPage` 1 is the newest). */
export function getInvestorDetail(db: Db, id: number, demo: boolean, contactsPage = 1) {
  const investor = getInvestor(db, id, demo);
  if (!investor) return undefined;
  const items = db
    .select()
    .from(evidence)
    .where(eq(evidence.investorId, id))
    .orderBy(desc(sql`coalesce(${evidence.publishedAt}, ${evidence.foundAt})`))
    .all();
  const history = contactHistoryPage(db, id, contactsPage);
  return {
    investor,
    evidence: items,
    contacts: history.rows,
    contactHistory: { total: history.total, page: history.page, pages: history.pages },
  };
}

/**
 * The public JSON shape of an investor (snake_case, as in docs/product.md#resources). With
 * `contactsTotal`, `contacts` is the newest slice of a longer history and the total is said
 * (route #9); without, it is the whole history (the export).
 */
export function investorJson(row: InvestorRow, contacts?: ContactRow[], contactsTotal?: number) {
  return {
    id: row.id,
    name: row.name,
    firm: row.firm,
    kind: row.kind,
    website: row.website,
    linkedin_url: row.linkedinUrl,
    email: row.email,
    sectors: row.sectors,
    stages: row.stages,
    geographies: row.geographies,
    based_in: row.basedIn,
    check_min: row.checkMin,
    check_max: row.checkMax,
    check_currency: row.checkCurrency,
    is_demo: row.isDemo,
    score: row.score,
    action: row.action,
    score_explained: row.scoreExplained,
    signal_activity: row.signalActivity,
    signal_fit: row.signalFit,
    signal_hook: row.signalHook,
    signal_red_flag: row.signalRedFlag,
    signals_checked_at: row.signalsCheckedAt,
    relationship_status: row.relationshipStatus,
    last_contact_date: row.lastContactDate,
    personal_notes: row.personalNotes,
    amount: row.amount,
    amount_currency: row.amountCurrency,
    amount_startup_id: row.amountStartupId,
    next_step: row.nextStep,
    next_step_date: row.nextStepDate,
    meeting_date: row.meetingDate,
    pass_reason: row.passReason,
    pass_note: row.passNote,
    owner_member_id: row.ownerMemberId,
    ...(contacts
      ? { contact_history: contacts.map((c) => ({ id: c.id, date: c.date, channel: c.channel, note: c.note, created_at: c.createdAt })) }
      : {}),
    ...(contactsTotal !== undefined ? { contact_history_total: contactsTotal } : {}),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export type InvestorSort = (typeof INVESTOR_SORTS)[number];

export type InvestorListQuery = {
  demo: boolean;
  text?: string;
  action?: RecommendedAction;
  status?: RelationshipStatus;
  sort: InvestorSort;
  direction: "asc" | "desc";
  page: number;
  pageSize: number;
  /** Rank by this startup's score (its rubric) instead of the overall score. */
  startupId?: number;
  /** Only the investors this member owns ("Mine", decision 062). */
  ownerMemberId?: number;
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function listInvestors(db: Db, query: InvestorListQuery) {
  const filters: SQL[] = [eq(investors.isDemo, query.demo)];
  if (query.action) filters.push(eq(investors.action, query.action));
  if (query.status) filters.push(eq(investors.relationshipStatus, query.status));
  if (query.ownerMemberId !== undefined) filters.push(eq(investors.ownerMemberId, query.ownerMemberId));
  const text = query.text?.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    filters.push(
      or(
        sql`${investors.name} like ${pattern} escape '\\'`,
        sql`${investors.firm} like ${pattern} escape '\\'`,
        sql`${investors.email} like ${pattern} escape '\\'`,
      )!,
    );
  }
  const where = and(...filters);
  // The Action sort follows what to do first (docs/product.md#scoring-and-actions), not the alphabet; equal scores do too.
  const actionRank = sql`case ${investors.action} ${sql.join(
    ACTIONS.map((action) => sql`when ${action} then ${ACTION_PRIORITY[action]}`),
    sql` `,
  )} else 9 end`;
  const startupScore = sql<
    number | null
  >`(select ss.score from startup_scores ss where ss.startup_id = ${query.startupId ?? -1} and ss.investor_id = ${investors.id})`;
  const column = {
    score: query.startupId ? sql`coalesce(${startupScore}, -1)` : investors.score,
    name: sql`name_key(${investors.name})`,
    action: actionRank,
    status: investors.relationshipStatus,
    last_contact: investors.lastContactDate,
    checked: investors.signalsCheckedAt,
  }[query.sort];
  const order = query.direction === "asc" ? asc(column) : desc(column);
  const total = db.select({ n: sql<number>`count(*)` }).from(investors).where(where).get()?.n ?? 0;
  const rows = db
    .select({
      id: investors.id,
      name: investors.name,
      firm: investors.firm,
      score: investors.score,
      action: investors.action,
      relationshipStatus: investors.relationshipStatus,
      lastContactDate: investors.lastContactDate,
      signalHook: investors.signalHook,
      signalRedFlag: investors.signalRedFlag,
      signalsCheckedAt: investors.signalsCheckedAt,
      startupScore: query.startupId ? startupScore : sql<null>`null`,
      reason: sql<string | null>`json_extract(${investors.scoreExplained}, '$.action_reason')`,
    })
    .from(investors)
    .where(where)
    .orderBy(
      order,
      ...(query.sort === "action" ? [desc(investors.score)] : query.sort === "score" ? [asc(actionRank)] : []),
      asc(investors.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all();
  return { rows, total };
}
