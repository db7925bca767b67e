import { toUsd } from "#app/domain/currency.ts";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { and, asc, between, desc, eq, inArray, sql } from "drizzle-orm";
import type { InvestorToEvaluate } from "#app/domain/evaluation.ts";
import type { EvidenceForScoring, ScoringRules } from "#app/domain/scoring.ts";
import { profileFit } from "#app/domain/rubric/fit-sentence.ts";
import { placeReachOf, placeReachesOf } from "#app/domain/rubric/place-reach.ts";
import type { RubricInvestor } from "#app/domain/rubric/match.ts";
import { type Rubric, type StartupInput, rubricSchema } from "#app/domain/rubric/schema.ts";
import type { RoleWanted, Stage } from "#app/domain/vocabulary.ts";
import { scoreForStartup } from "#app/domain/rubric/startup-score.ts";
import { roundRaisingNow } from "#app/domain/round.ts";
import { warmSql } from "./warm-paths.server.ts";
import { followUpFactsIn, followUpFactsOf } from "./follow-up-facts.server.ts";
import { type AppDatabase, type Db, keptQuery, statement } from "../database.server.ts";
import { type Actor, amountOfDeletedRound } from "#app/domain/people.ts";
import { recordActivity } from "./activity.server.ts";
import { ALL_IDS, type IdRange, type InvestorSet, setCondition } from "./investor-set.ts";
import { evaluations, evidence, investors, rubrics, startupScores, startups } from "../schema.ts";

/**
 * The investor columns a rubric reads (RubricInvestor), selected the same way everywhere; the
 * email and hook ride along for the startup page's outreach drafts (without them every draft
 * there said "No email address on file").
 */
const rubricInvestorColumns = {
  email: investors.email,
  signal_hook: investors.signalHook,
  id: investors.id,
  sectors: investors.sectors,
  stages: investors.stages,
  geographies: investors.geographies,
  based_in: investors.basedIn,
  check_min: investors.checkMin,
  check_max: investors.checkMax,
  check_currency: investors.checkCurrency,
  relationship_status: investors.relationshipStatus,
  last_contact_date: investors.lastContactDate,
  signal_activity: investors.signalActivity,
  signal_red_flag: investors.signalRedFlag,
  signals_checked_at: investors.signalsCheckedAt, // a wait reason says whether a refresh has looked for their news yet
  // What the follow-ups read (decision 030): a next step due, a meeting passed.
  next_step: investors.nextStep,
  next_step_date: investors.nextStepDate,
  meeting_date: investors.meetingDate,
  // Why they passed, so a ranking's reason says it as the overall score does ("They passed: too early").
  pass_reason: investors.passReason,
  pass_note: investors.passNote,
};

/**
 * The regions an investor's places sit in, resolved here so a page that re-ranks in the browser
 * need not carry the countries data. With no places, where they are based stands in (decision 055).
 */
function withPlaceReach<Row extends { geographies: string[] | null; based_in?: string | null }>(
  row: Row,
): Row & { place_reach: string[]; place_reaches: string[][] } {
  const declared = row.geographies ?? [];
  const places = declared.length === 0 && row.based_in ? [row.based_in] : declared;
  return { ...row, place_reach: placeReachOf(places), place_reaches: placeReachesOf(places) };
}

/** A saved startup as the API answers it (snake_case, docs/product.md#resources). */
export function startupJson(row: StartupRow) {
  return { id: row.id, ...startupInputOf(row), created_at: row.createdAt };
}

/** The creation fields of a saved startup, as route #10 took them. */
function roundedUsd(amount: number, currency: string | null): number | null {
  const usd = toUsd(amount, currency);
  return usd === undefined ? null : Math.round(usd);
}

export function startupInputOf(row: StartupRow): StartupInput {
  return {
    name: row.name,
    pitch: row.pitch,
    sector: row.sector,
    stage: row.stage,
    geography: row.geography,
    // In US dollars, as a rubric's cheque range is (NOK 20M is about $1.8M); with no rate, not known.
    round_size: row.roundSize === null ? null : roundedUsd(row.roundSize, row.roundCurrency),
    ask: row.ask,
    role_wanted: row.roleWanted,
  };
}

/** The founder's startups, oldest first: read for every step of a refresh (the round raising now), so built once. */
export function listStartups(db: Db) {
  return keptQuery(db, "startups", (d) =>
    d.select().from(startups).where(eq(startups.isDemo, false)).orderBy(asc(startups.id)).prepare(),
  ).all();
}

export function getStartup(db: Db, id: number): StartupRow | undefined {
  return db
    .select()
    .from(startups)
    .where(and(eq(startups.id, id), eq(startups.isDemo, false)))
    .get();
}

export function latestRubric(db: Db, startupId: number): { rubric: Rubric; source: RubricSource; version: number } | undefined {
  const row = db.select().from(rubrics).where(eq(rubrics.startupId, startupId)).orderBy(desc(rubrics.version)).limit(1).get();
  if (!row) return undefined;
  return { rubric: rubricSchema.parse(row.rubric), source: row.source, version: row.version };
}

export { type RubricSource, type StartupRow, type WrittenRound, createStartup } from "./startup-create.server.ts";
import type { RubricSource, StartupRow } from "./startup-create.server.ts";

/** The role the startup wants from investors (decision 029); the rubric is the caller's to follow. */
export function saveRoleWanted(db: Db, id: number, role: RoleWanted | null, now: Date): void {
  db.update(startups)
    .set({ roleWanted: role, updatedAt: now.toISOString() })
    .where(and(eq(startups.id, id), eq(startups.isDemo, false)))
    .run();
}

/** A new rubric version (the previous ones stay, for history), recorded as the actor's "rubric" change. */
export function saveRubricVersion(db: Db, actor: Actor, startupId: number, rubric: Rubric, source: RubricSource, now: Date): number {
  return db.transaction((tx) => {
    const current = tx
      .select({ version: sql<number>`coalesce(max(${rubrics.version}), 0)` })
      .from(rubrics)
      .where(eq(rubrics.startupId, startupId))
      .get();
    const version = (current?.version ?? 0) + 1;
    tx.insert(rubrics).values({ startupId, version, source, rubric, createdAt: now.toISOString() }).run();
    const startup = tx
      .update(startups)
      .set({ updatedAt: now.toISOString() })
      .where(eq(startups.id, startupId))
      .returning({ name: startups.name, isDemo: startups.isDemo })
      .get();
    const about = { subject: startup?.name ?? "a startup", isDemo: startup?.isDemo ?? false };
    recordActivity(tx, actor, about, [{ kind: "rubric", detail: { startup_id: startupId, version, source } }], now);
    return version;
  });
}

/** Route #13: the startup, its rubrics, evaluations and scores go (cascade); investors, evidence and amounts (now the round raising now's) stay. */
export function deleteStartup(db: Db, actor: Actor, id: number, now: Date): boolean {
  return db.transaction((tx) => {
    const removed = tx
      .delete(startups)
      .where(and(eq(startups.id, id), eq(startups.isDemo, false)))
      .returning({ name: startups.name })
      .get();
    if (!removed) return false;
    const moved = tx
      .update(investors)
      .set({ amountStartupId: null })
      .where(eq(investors.amountStartupId, id))
      .returning({ id: investors.id, name: investors.name, amount: investors.amount, amountCurrency: investors.amountCurrency })
      .all();
    // Each amount that was for its round is now the round raising now's, said per investor (decision 061).
    for (const row of moved)
      recordActivity(tx, actor, { investorId: row.id, subject: row.name }, [amountOfDeletedRound(row, id, removed.name)], now);
    return true;
  });
}

export type EvaluationInput = { investorId: number; relevance: number; reasons: string; evidenceIds: number[] };

export function saveEvaluations(db: Db, startupId: number, items: EvaluationInput[], now: Date): void {
  db.transaction((tx) => {
    for (const item of items) {
      tx.insert(evaluations)
        .values({
          startupId,
          investorId: item.investorId,
          relevance: item.relevance,
          reasons: item.reasons,
          evidenceIds: item.evidenceIds,
          createdAt: now.toISOString(),
        })
        .onConflictDoUpdate({
          target: [evaluations.startupId, evaluations.investorId],
          set: { relevance: item.relevance, reasons: item.reasons, evidenceIds: item.evidenceIds, createdAt: now.toISOString() },
        })
        .run();
    }
  });
}

/** `column` is one of the investors in `set`. */
function inSet(column: AnySQLiteColumn, set: InvestorSet) {
  return "ids" in set ? inArray(column, [...set.ids]) : between(column, set.from, set.to);
}

/** What every startup's ranking reads of the investors in `set` (all real ones by default): their columns and their judged evidence. */
export function rubricBase(db: AppDatabase, range: InvestorSet = ALL_IDS) {
  const facts = followUpFactsIn(db, range); // the warm path in hand (decision 065) and the deck's views (decision 068)
  const rows = db
    .select({
      ...rubricInvestorColumns,
      name: investors.name,
      firm: investors.firm,
      overall: investors.score,
      // Today's tie-breaks (EMAIL_FIRST_ORDER), so the page orders ties as Today does (decision 039).
      hook_at: sql<
        string | null
      >`(select coalesce(e.published_at, e.found_at) from evidence e where e.id = ${investors.signalHookEvidenceId})`,
      warm: sql<number>`${sql.raw(warmSql("investors.id"))}`,
    })
    .from(investors)
    .where(and(eq(investors.isDemo, false), inSet(investors.id, range)))
    .orderBy(asc(investors.id))
    .all()
    .map((row) => ({ ...withPlaceReach(row), ...facts(row.id) }));
  const evidenceById = new Map<number, EvidenceForScoring[]>();
  const ofEvidence = setCondition("investor_id", range);
  const judged = statement(
    db,
    `select investor_id as investorId, published_at, found_at, category, relevance from evidence
      where judged_at is not null and ${ofEvidence.sql}`,
  );
  for (const item of judged.iterate(...ofEvidence.params) as IterableIterator<EvidenceForScoring & { investorId: number }>) {
    const { investorId, ...rest } = item;
    let list = evidenceById.get(investorId);
    if (!list) {
      list = [];
      evidenceById.set(investorId, list);
    }
    list.push(rest);
  }
  return { rows, evidenceById, range };
}
export type RubricBase = ReturnType<typeof rubricBase>;

export function rubricInputs(db: AppDatabase, startupId: number, range: InvestorSet = ALL_IDS, base: RubricBase = rubricBase(db, range)) {
  const evaluationsById = new Map(
    db
      .select()
      .from(evaluations)
      .where(and(eq(evaluations.startupId, startupId), inSet(evaluations.investorId, base.range)))
      .all()
      .map((row) => [row.investorId, { relevance: row.relevance, reasons: row.reasons, evidence_ids: row.evidenceIds }]),
  );
  return base.rows.map((row) => ({
    investor: row,
    evaluation: evaluationsById.get(row.id),
    evidence: base.evidenceById.get(row.id) ?? [],
  }));
}
export type RubricInputRow = ReturnType<typeof rubricInputs>[number];

/** Scores every real investor (or only `onlyIds`) for one startup with its latest rubric; one transaction. */
export function scoreStartup(
  db: AppDatabase,
  startupId: number,
  now: Date,
  rules: ScoringRules,
  onlyIds?: ReadonlySet<number>,
  range: IdRange = ALL_IDS,
): number {
  const current = latestRubric(db, startupId);
  if (!current) return 0;
  const name = getStartup(db, startupId)?.name ?? "this startup";
  const stage = getStartup(db, startupId)?.stage ?? null;
  const scored = scoreRankedStartup(db, { id: startupId, name, stage, rubric: current.rubric }, now, rules, onlyIds, rubricBase(db, range));
  // A new rubric for the round raising now changes the investors' own scores too (decision 039).
  if (headlineStartup(rankedStartups(db))?.id === startupId) copyHeadlineScores(db, startupId, range, now);
  return scored;
}

/** A startup with its latest rubric and the stage it raises: what ranking investors for it needs. */
export type RankedStartup = { id: number; name: string; stage: Stage | null; rubric: Rubric; raisingNow?: boolean };

/** Every startup that has a rubric, with it. */
export function rankedStartups(db: Db): RankedStartup[] {
  return listStartups(db).flatMap((startup) => {
    const rubric = latestRubric(db, startup.id)?.rubric;
    return rubric ? [{ id: startup.id, name: startup.name, stage: startup.stage, rubric, raisingNow: startup.raisingNow }] : [];
  });
}

/**
 * The startup whose score is an investor's one score (decision 039): the round raising now (the
 * only startup, else the one marked), when it has a rubric; else none, and the overall score stands.
 */
export function headlineStartup(all: readonly RankedStartup[]): RankedStartup | undefined {
  return roundRaisingNow(all.map((startup) => ({ ...startup, raisingNow: startup.raisingNow ?? false })));
}

/**
 * One real investor's score for `startup`, from what is saved now, written to its ranking and
 * returned (the investor's one score, decision 039). Drizzle only: it runs inside the callers'
 * transactions.
 */
export function scoreOneForStartup(db: Db, startup: RankedStartup, investorId: number, now: Date, rules: ScoringRules) {
  const row = db
    .select(rubricInvestorColumns)
    .from(investors)
    .where(and(eq(investors.id, investorId), eq(investors.isDemo, false)))
    .get();
  if (!row) return undefined;
  const saved = db
    .select()
    .from(evaluations)
    .where(and(eq(evaluations.startupId, startup.id), eq(evaluations.investorId, investorId)))
    .get();
  const judged = db
    .select({ published_at: evidence.publishedAt, found_at: evidence.foundAt, category: evidence.category, relevance: evidence.relevance })
    .from(evidence)
    .where(and(eq(evidence.investorId, investorId), sql`${evidence.judgedAt} is not null`))
    .all();
  const evaluation = saved && { relevance: saved.relevance, reasons: saved.reasons, evidence_ids: saved.evidenceIds };
  const result = scoreForStartup(
    { ...withPlaceReach(row), ...followUpFactsOf(db, investorId) } as RubricInvestor,
    evaluation,
    judged,
    startup.rubric,
    now,
    rules,
    startup.name,
    startup.stage,
  );
  const stamp = now.toISOString();
  const values = { score: result.score, action: result.action, scoreExplained: result.explained, updatedAt: stamp };
  db.insert(startupScores)
    .values({ startupId: startup.id, investorId, ...values })
    .onConflictDoUpdate({ target: [startupScores.startupId, startupScores.investorId], set: values })
    .run();
  return result;
}

/**
 * The headline startup's saved scores become the real investors' own in `set` (decision 039): the
 * number Today, the board, search and the chat read is the one its page shows. The action's start
 * moves only when the action changes, as in every re-score.
 */
export function copyHeadlineScores(db: AppDatabase, startupId: number, set: InvestorSet, now: Date): void {
  const ofInvestors = setCondition("investors.id", set);
  statement(
    db,
    `update investors set score = ss.score, action = ss.action, score_explained = ss.score_explained,
       action_since = case when investors.action = ss.action and investors.action_since is not null then investors.action_since else ? end
     from startup_scores ss
     where ss.startup_id = ? and ss.investor_id = investors.id and investors.is_demo = 0 and ${ofInvestors.sql}`,
  ).run(now.toISOString(), startupId, ...ofInvestors.params);
}

/** scoreStartup for a startup already read, over investors already read (a re-score in chunks reads each once). */
export function scoreRankedStartup(
  db: AppDatabase,
  startup: RankedStartup,
  now: Date,
  rules: ScoringRules,
  onlyIds: ReadonlySet<number> | undefined,
  base: RubricBase,
): number {
  const { id: startupId, name } = startup;
  const current = startup;
  const inputs = rubricInputs(db, startupId, base.range, base).filter((row) => !onlyIds || onlyIds.has(row.investor.id));
  // One prepared statement for every row: building a query per row cost more than the scoring.
  const upsert = statement(
    db,
    `insert into startup_scores (startup_id, investor_id, score, action, score_explained, updated_at) values (?, ?, ?, ?, ?, ?)
     on conflict (startup_id, investor_id) do update set score = excluded.score, action = excluded.action,
       score_explained = excluded.score_explained, updated_at = excluded.updated_at`,
  );
  db.$client.transaction(() => {
    const stamp = now.toISOString();
    for (const { investor, evaluation, evidence: items } of inputs) {
      const result = scoreForStartup(investor as RubricInvestor, evaluation, items, current.rubric, now, rules, name, startup.stage);
      upsert.run(startupId, investor.id, result.score, result.action, JSON.stringify(result.explained), stamp);
    }
  })();
  return inputs.length;
}

/**
 * Real investors lacking a score for some real startup that has a rubric: written by a process
 * that did not live to score them (a create is saved before its per-startup scores).
 */
export function investorsMissingStartupScores(db: AppDatabase): number[] {
  return db.$client
    .prepare(
      `select distinct i.id from investors i cross join startups s
       where i.is_demo = 0 and s.is_demo = 0
         and exists (select 1 from rubrics r where r.startup_id = s.id)
         and not exists (select 1 from startup_scores ss where ss.startup_id = s.id and ss.investor_id = i.id)
       order by i.id`,
    )
    .pluck()
    .all() as number[];
}

/** The global fit signal and its sentence (the round raising now's profile fit, else the best over every startup's rubric), derived parts re-score writes. */
export function updateFitSignals(
  db: AppDatabase,
  onlyIds?: ReadonlySet<number>,
  range: InvestorSet = ALL_IDS,
  all: readonly RankedStartup[] = rankedStartups(db),
): void {
  if (all.length === 0 && !onlyIds && !("ids" in range)) {
    // No rubric: every fit is unknown, set in one statement (most installs before a startup is added).
    db.$client
      .prepare(
        `update investors set signal_fit = null, fit_detail = null, fit_known = null, fit_cheque = null, fit_misfit = null
          where is_demo = 0 and id between ? and ?
            and (signal_fit is not null or fit_detail is not null or fit_known is not null or fit_cheque is not null or fit_misfit is not null)`,
      )
      .run(range.from, range.to);
    return;
  }
  const write = statement(
    db,
    "update investors set signal_fit = ?, fit_detail = ?, fit_known = ?, fit_cheque = ?, fit_misfit = ? where id = ?",
  );
  const rows = db
    .select(rubricInvestorColumns)
    .from(investors)
    .where(and(eq(investors.isDemo, false), inSet(investors.id, range)))
    .all()
    .map(withPlaceReach);
  // With a round raising now the fit is its startup's, as the score is (decision 039); else the best over all.
  const headline = headlineStartup(all);
  const fitAgainst = headline ? [headline] : all;
  db.$client.transaction(() => {
    for (const row of rows) {
      if (onlyIds && !onlyIds.has(row.id)) continue;
      const fit = profileFit(row as RubricInvestor, fitAgainst);
      write.run(fit.value, fit.detail, fit.known, fit.cheque ?? null, fit.misfit ?? null, row.id);
    }
  })();
}

/** One investor's per-startup scores, each with its startup's name (the investor page shows them beside the overall score). */
export function startupScoresFor(db: Db, investorId: number) {
  return db
    .select({ startupId: startups.id, startupName: startups.name, score: startupScores.score, action: startupScores.action })
    .from(startupScores)
    .innerJoin(startups, eq(startups.id, startupScores.startupId))
    .where(and(eq(startupScores.investorId, investorId), eq(startups.isDemo, false)))
    .orderBy(asc(startups.id))
    .all();
}

/** Real investors with saved evidence, newest evidence first, at most 10 items each: what a startup's evaluation shows the model. */
export function evidenceToEvaluate(db: Db): InvestorToEvaluate[] {
  const rows = db
    .select({
      investorId: evidence.investorId,
      id: evidence.id,
      title: evidence.title,
      summary: sql<string>`coalesce(${evidence.summary}, ${evidence.excerpt})`,
      category: evidence.category,
      published_at: evidence.publishedAt,
      name: investors.name,
      firm: investors.firm,
      sectors: investors.sectors,
      stages: investors.stages,
    })
    .from(evidence)
    .innerJoin(investors, eq(investors.id, evidence.investorId))
    .where(eq(investors.isDemo, false))
    .orderBy(investors.id, sql`coalesce(${evidence.publishedAt}, ${evidence.foundAt}) desc`)
    .all();
  const byInvestor = new Map<number, InvestorToEvaluate>();
  for (const row of rows) {
    let entry = byInvestor.get(row.investorId);
    if (!entry) {
      entry = { id: row.investorId, name: row.name, firm: row.firm, sectors: row.sectors, stages: row.stages, evidence: [] };
      byInvestor.set(row.investorId, entry);
    }
    if (entry.evidence.length < 10)
      entry.evidence.push({ id: row.id, title: row.title, summary: row.summary, category: row.category, published_at: row.published_at });
  }
  return [...byInvestor.values()];
}
