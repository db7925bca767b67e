import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Deal, FeedState, NewsItem } from "#app/domain/discovery/deal.ts";
import { type AliasRow, investorKey, pipelineKeys, resolvedKey } from "#app/domain/discovery/names.ts";
import { type DealForRanking, type DealRole, dealSentence } from "#app/domain/discovery/rank.ts";
import type { InvestorProfile } from "#app/domain/investor.ts";
import type { Actor } from "#app/domain/people.ts";
import type { ScoringRules } from "#app/domain/scoring.ts";
import type { Db } from "../database.server.ts";
import {
  dealInvestors,
  deals,
  discoveryAliases,
  discoveryDismissals,
  evidence,
  feedStates,
  investors,
  newsItems,
  runs,
} from "../schema.ts";
import { createInvestor, readHeadline, rescoreInvestor } from "./investors.server.ts";
import { contentHash, LeaseLost } from "./refresh.server.ts";
import type { RunRow } from "./runs.server.ts";

/**
 * Discovery's queries (docs/product.md#discovery, decision 034): its runs in the `runs` table, the
 * news items read once, deals merged per company and round, the pipeline's evidence from them,
 * aliases and dismissals.
 */

/** Reports of the same company and round within this many days are one deal. */
export const SAME_ROUND_DAYS = 30;
/** How sure a deal naming an investor is, as evidence: read from news, not judged by the model. */
export const DEAL_EVIDENCE_RELEVANCE = 0.8;

const ACTIVE = ["queued", "running", "waiting_chain"] as const;

export function activeDiscovery(db: Db): RunRow | undefined {
  return db
    .select()
    .from(runs)
    .where(and(eq(runs.kind, "discovery"), inArray(runs.status, [...ACTIVE])))
    .get();
}

export function getDiscoveryRun(db: Db, runId: string): RunRow | undefined {
  return db
    .select()
    .from(runs)
    .where(and(eq(runs.runId, runId), eq(runs.kind, "discovery")))
    .get();
}

/** Discoveries not finished, with what the poller needs to decide whether to work on them. */
function checkLease(db: Db, runId: string, leaseOwner: string): RunRow {
  const run = getDiscoveryRun(db, runId);
  if (run?.status !== "running" || run.leaseOwner !== leaseOwner) throw new LeaseLost(`run ${runId} is no longer ours`);
  return run;
}

/** A run keeps its first 50 errors. */
function withErrors(run: RunRow, errors: readonly string[]): string[] {
  return [...run.errors, ...errors].slice(0, 50);
}

/**
 * Saves what the sources handed over, each item once (an item read by an earlier run is
 * ignored), with the credits spent, the feeds' validators and the fetch's stamp, in one
 * transaction: a feed answers 304 next time only once its items are saved.
 */
export function saveFetchedItems(
  db: Db,
  input: {
    runId: string;
    items: readonly NewsItem[];
    feeds?: readonly FeedState[];
    credits: number;
    errors: string[];
    now: Date;
    leaseOwner: string;
  },
): number {
  return db.transaction((t) => {
    const run = checkLease(t, input.runId, input.leaseOwner);
    for (const feed of input.feeds ?? []) saveFeedValidators(t, feed.url, { etag: feed.etag, lastModified: feed.lastModified }, input.now);
    for (const item of input.items) {
      t.insert(newsItems)
        .values({
          source: item.source,
          key: item.key,
          url: item.url,
          title: item.title,
          text: item.text,
          publishedOn: item.published_on,
          runId: input.runId,
        })
        .onConflictDoNothing()
        .run();
    }
    const saved = t.select({ count: sql<number>`count(*)` }).from(newsItems).where(eq(newsItems.runId, input.runId)).get()!.count;
    t.update(runs)
      .set({
        selected: saved,
        steps: saved,
        fetchedAt: input.now.toISOString(),
        searchCreditsUsed: sql`${runs.searchCreditsUsed} + ${input.credits}`,
        errors: withErrors(run, input.errors),
      })
      .where(eq(runs.runId, input.runId))
      .run();
    return saved;
  });
}

/** Search credits the discovery runs created since `since` spent: DISCOVERY_CREDIT_BUDGET is a week's, not a run's. */
export function discoveryCreditsSince(db: Db, since: Date): number {
  return db
    .select({ credits: sql<number>`coalesce(sum(${runs.searchCreditsUsed}), 0)` })
    .from(runs)
    .where(and(eq(runs.kind, "discovery"), gte(runs.createdAt, since.toISOString())))
    .get()!.credits;
}

/** The run's next item not read yet. */
export function nextUnreadItem(db: Db, runId: string): (NewsItem & { id: number }) | undefined {
  const row = db
    .select()
    .from(newsItems)
    .where(and(eq(newsItems.runId, runId), isNull(newsItems.readAt)))
    .orderBy(asc(newsItems.id))
    .limit(1)
    .get();
  return (
    row && { id: row.id, source: row.source, key: row.key, url: row.url, title: row.title, text: row.text, published_on: row.publishedOn }
  );
}

export function listAliases(db: Db): Array<AliasRow & { alias: string }> {
  return db
    .select({ aliasKey: discoveryAliases.aliasKey, alias: discoveryAliases.alias, name: discoveryAliases.name })
    .from(discoveryAliases)
    .orderBy(asc(discoveryAliases.alias))
    .all();
}

/** Adds or replaces an alias; false when the alias folds to nothing or to the name itself. */
export function saveAlias(db: Db, alias: string, name: string): boolean {
  const aliasKey = investorKey(alias);
  if (!aliasKey || aliasKey === investorKey(name)) return false;
  db.insert(discoveryAliases)
    .values({ aliasKey, alias, name })
    .onConflictDoUpdate({ target: discoveryAliases.aliasKey, set: { alias, name } })
    .run();
  return true;
}

/** Whether another alias may be added: true when `alias` replaces one already saved or the count is below `max`. */
export function aliasFits(db: Db, alias: string, max: number): boolean {
  const aliasKey = investorKey(alias);
  const known = db.select({ key: discoveryAliases.aliasKey }).from(discoveryAliases).where(eq(discoveryAliases.aliasKey, aliasKey)).get();
  if (known) return true;
  const saved = db.select({ count: sql<number>`count(*)` }).from(discoveryAliases).get();
  return (saved?.count ?? 0) < max;
}

export function deleteAlias(db: Db, aliasKey: string): boolean {
  return db.delete(discoveryAliases).where(eq(discoveryAliases.aliasKey, aliasKey)).run().changes > 0;
}

export function aliasMap(db: Db): Map<string, string> {
  return new Map(listAliases(db).map((row) => [row.aliasKey, row.name]));
}

/** The pipeline's investors of one side as their keys (name or firm, through the aliases). */
export function pipelineKeyMap(db: Db, demo: boolean, aliases: ReadonlyMap<string, string> = aliasMap(db)): Map<string, number> {
  const rows = db
    .select({ id: investors.id, name: investors.name, firm: investors.firm })
    .from(investors)
    .where(eq(investors.isDemo, demo))
    .all();
  return pipelineKeys(rows, aliases);
}

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The deal this one merges into: the same company and stage (or a stage not known) within 30 days. */
function sameRound(db: Db, deal: Deal, announcedOn: string, demo: boolean) {
  const candidates = db
    .select()
    .from(deals)
    .where(
      and(
        eq(deals.companyKey, investorKey(deal.company)),
        eq(deals.isDemo, demo),
        gte(deals.announcedOn, addDays(announcedOn, -SAME_ROUND_DAYS)),
        sql`${deals.announcedOn} <= ${addDays(announcedOn, SAME_ROUND_DAYS)}`,
      ),
    )
    .all();
  return candidates.find((row) => row.stage === null || deal.stage === null || row.stage === deal.stage);
}

type DealForEvidence = Omit<DealForRanking, "investors" | "sourceUrls">;

/** A deal as one investor's evidence ("Led the $3M seed of Finlo (fintech, Berlin), 12 Nov"); false when they have it already. */
function insertDealEvidence(
  db: Db,
  input: { investorId: number; deal: DealForEvidence; role: DealRole; url: string; excerpt: string; runId: string | null; now: Date },
): boolean {
  const sentence = dealSentence(input.deal, input.role);
  const stamp = input.now.toISOString();
  return (
    db
      .insert(evidence)
      .values({
        investorId: input.investorId,
        url: input.url,
        title: sentence,
        excerpt: input.excerpt.slice(0, 500),
        source: "news",
        publishedAt: input.deal.announcedOn,
        foundAt: stamp,
        runId: input.runId,
        contentHash: contentHash(sentence, `deal ${input.deal.id}`),
        category: "deal",
        relevance: DEAL_EVIDENCE_RELEVANCE,
        summary: sentence,
        judgedAt: stamp,
      })
      .onConflictDoNothing()
      .run().changes > 0
  );
}

/**
 * "Add to pipeline": the investor created with the profile their deals show (status
 * not_contacted), every deal naming them saved as their evidence, scored once, in one transaction.
 */
export function addDiscoveredInvestor(
  db: Db,
  input: { key: string; profile: InvestorProfile; demo: boolean; now: Date; rules: ScoringRules; actor: Actor },
): number {
  return db.transaction((t) => {
    const investorId = createInvestor(t, input.profile, { now: input.now, rules: input.rules, demo: input.demo, actor: input.actor });
    const named = t
      .select({ role: dealInvestors.role, deal: deals })
      .from(dealInvestors)
      .innerJoin(deals, eq(deals.id, dealInvestors.dealId))
      .where(and(eq(dealInvestors.key, input.key), eq(deals.isDemo, input.demo)))
      .all();
    for (const { role, deal } of named) {
      insertDealEvidence(t, { investorId, deal, role, url: deal.sourceUrls[0] ?? "", excerpt: deal.company, runId: null, now: input.now });
    }
    rescoreInvestor(t, investorId, input.now, input.rules);
    return investorId;
  });
}

export type SavedDeals = { dealIds: number[]; evidenceAdded: number; newInvestors: number };

/**
 * One news item's deals, merged into the deals table, with the investors they name; a pipeline
 * investor named gets the deal as evidence (category `deal`, source `news`) and is re-scored.
 * Marks the item read and counts it on the run in the same transaction, so it is read once.
 */
export function saveItemDeals(
  db: Db,
  input: {
    runId: string;
    item: NewsItem & { id: number };
    deals: readonly Deal[];
    errors: string[];
    now: Date;
    rules: ScoringRules;
    leaseOwner: string;
    leaseMs: number;
    demo?: boolean;
  },
): SavedDeals {
  const demo = input.demo ?? false;
  return db.transaction((t) => {
    const run = checkLease(t, input.runId, input.leaseOwner);
    const aliases = aliasMap(t);
    const pipeline = pipelineKeyMap(t, demo, aliases);
    const today = input.now.toISOString().slice(0, 10);
    const dealIds: number[] = [];
    const touched = new Set<number>();
    let evidenceAdded = 0;
    let newInvestors = 0;
    for (const deal of input.deals) {
      const announcedOn = deal.announced_on ?? input.item.published_on ?? today;
      const sourceUrl = deal.source_url || input.item.url;
      const existing = sameRound(t, deal, announcedOn, demo);
      let dealId: number;
      if (existing) {
        dealId = existing.id;
        t.update(deals)
          .set({
            amount: existing.amount ?? deal.amount,
            currency: existing.currency ?? deal.currency,
            stage: existing.stage ?? deal.stage,
            sectors: [...new Set([...existing.sectors, ...deal.sectors])].slice(0, 10),
            geography: existing.geography ?? deal.geography,
            sourceUrls: [...new Set([...existing.sourceUrls, sourceUrl])].slice(0, 10),
          })
          .where(eq(deals.id, dealId))
          .run();
      } else {
        dealId = t
          .insert(deals)
          .values({
            company: deal.company,
            companyKey: investorKey(deal.company),
            amount: deal.amount,
            currency: deal.currency,
            stage: deal.stage,
            sectors: deal.sectors,
            geography: deal.geography,
            announcedOn,
            sourceUrls: [sourceUrl],
            isDemo: demo,
            runId: input.runId,
          })
          .returning({ id: deals.id })
          .get().id;
      }
      dealIds.push(dealId);
      const named: Array<[string, DealRole]> = [
        ...deal.leads.map((name): [string, DealRole] => [name, "lead"]),
        ...deal.participants.map((name): [string, DealRole] => [name, "participant"]),
      ];
      for (const [name, role] of named) {
        const key = resolvedKey(name, aliases);
        if (!key) continue;
        const seenBefore = t.select({ key: dealInvestors.key }).from(dealInvestors).where(eq(dealInvestors.key, key)).limit(1).get();
        t.insert(dealInvestors)
          .values({ dealId, key, name, role })
          .onConflictDoUpdate({
            target: [dealInvestors.dealId, dealInvestors.key],
            // Lead wins over participant when two reports disagree.
            set: { role: sql`case when ${dealInvestors.role} = 'lead' or excluded.role = 'lead' then 'lead' else 'participant' end` },
          })
          .run();
        const investorId = pipeline.get(key);
        if (investorId === undefined) {
          if (!seenBefore) newInvestors++;
          continue;
        }
        const added = insertDealEvidence(t, {
          investorId,
          deal: { ...deal, announcedOn, id: dealId },
          role,
          url: sourceUrl,
          excerpt: input.item.title,
          runId: demo ? null : input.runId,
          now: input.now,
        });
        if (added) {
          evidenceAdded++;
          touched.add(investorId);
        }
      }
    }
    const headline = touched.size > 0 ? readHeadline(t) : null;
    for (const investorId of touched) rescoreInvestor(t, investorId, input.now, input.rules, headline);
    t.update(newsItems).set({ readAt: input.now.toISOString() }).where(eq(newsItems.id, input.item.id)).run();
    t.update(runs)
      .set({
        cursor: sql`${runs.cursor} + 1`,
        investorsChecked: sql`${runs.investorsChecked} + 1`,
        dealsFound: sql`${runs.dealsFound} + ${input.deals.length}`,
        investorsFound: sql`${runs.investorsFound} + ${newInvestors}`,
        evidenceAdded: sql`${runs.evidenceAdded} + ${evidenceAdded}`,
        leaseExpiresAt: new Date(input.now.getTime() + input.leaseMs).toISOString(),
        errors: withErrors(run, input.errors),
      })
      .where(eq(runs.runId, input.runId))
      .run();
    return { dealIds, evidenceAdded, newInvestors };
  });
}

/** The deals of one side announced since `since` (YYYY-MM-DD), each with the investors it names. */
export function dealsForRanking(db: Db, demo: boolean, since: string): DealForRanking[] {
  const rows = db
    .select()
    .from(deals)
    .where(and(eq(deals.isDemo, demo), gte(deals.announcedOn, since)))
    .orderBy(asc(deals.id))
    .all();
  if (rows.length === 0) return [];
  const named = db
    .select()
    .from(dealInvestors)
    .where(
      inArray(
        dealInvestors.dealId,
        rows.map((row) => row.id),
      ),
    )
    .all();
  return rows.map((row) => ({
    id: row.id,
    company: row.company,
    amount: row.amount,
    currency: row.currency,
    stage: row.stage,
    sectors: row.sectors,
    geography: row.geography,
    announcedOn: row.announcedOn,
    sourceUrls: row.sourceUrls,
    investors: named.filter((item) => item.dealId === row.id).map((item) => ({ key: item.key, name: item.name, role: item.role })),
  }));
}

export function dismissals(db: Db, demo: boolean): Map<string, string> {
  const rows = db.select().from(discoveryDismissals).where(eq(discoveryDismissals.isDemo, demo)).all();
  return new Map(rows.map((row) => [row.key, row.dismissedAt]));
}

export function dismissDiscovery(db: Db, key: string, demo: boolean, now: Date): void {
  db.insert(discoveryDismissals)
    .values({ key, isDemo: demo, dismissedAt: now.toISOString() })
    .onConflictDoUpdate({ target: [discoveryDismissals.key, discoveryDismissals.isDemo], set: { dismissedAt: now.toISOString() } })
    .run();
}

/** The validators a feed answered last time (ETag, Last-Modified), so an unchanged feed costs a 304. */
export function feedValidators(db: Db, url: string): { etag: string | null; lastModified: string | null } | undefined {
  return db.select({ etag: feedStates.etag, lastModified: feedStates.lastModified }).from(feedStates).where(eq(feedStates.url, url)).get();
}

export function saveFeedValidators(db: Db, url: string, validators: { etag: string | null; lastModified: string | null }, now: Date): void {
  const state = { ...validators, checkedAt: now.toISOString() };
  db.insert(feedStates)
    .values({ url, ...state })
    .onConflictDoUpdate({ target: feedStates.url, set: state })
    .run();
}
