import {
  addDiscoveredInvestor,
  aliasFits,
  aliasMap,
  deleteAlias,
  listAliases,
  saveAlias,
  dealsForRanking,
  dismissDiscovery,
  dismissals,
  pipelineKeyMap,
} from "#db/queries/discovery.server.ts";
import { UNREAD_BY_KEPT_PAGES, keptUntilWrite } from "#db/queries/kept.server.ts";
import { rankedStartups } from "#db/queries/startups.server.ts";
import type { App } from "../app-context.ts";
import type { Actor } from "../domain/people.ts";
import { type DealForRanking, type DiscoveredInvestor, rankDiscoveries } from "../domain/discovery/rank.ts";

/**
 * Discover (docs/product.md#discovery): the ranked investors of one side's recent deals, and the
 * founder's two answers to each, add to the pipeline or dismiss.
 */

/** Deals older than this no longer stand for an investor's profile on Discover. */
export const DISCOVERY_WINDOW_DAYS = 90;

export type Discoveries = { deals: DealForRanking[]; investors: DiscoveredInvestor[] };

export function listDiscoveries(app: App, demo: boolean): Discoveries {
  const now = app.now();
  const since = new Date(now.getTime() - DISCOVERY_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const deals = dealsForRanking(app.db, demo, since);
  if (deals.length === 0) return { deals, investors: [] };
  const pipeline = pipelineKeyMap(app.db, demo, aliasMap(app.db));
  const investors = rankDiscoveries({
    deals,
    startups: demo ? [] : rankedStartups(app.db),
    inPipeline: (key) => pipeline.has(key),
    dismissedAt: dismissals(app.db, demo),
    now,
  });
  return { deals, investors };
}

/**
 * How many investors not dismissed this week's deals brought (Today's line). Kept until a write,
 * like Today's own data: Today asks on every answer, and ranking the deals reads the whole pipeline.
 */
export function newThisWeek(app: App, demo: boolean): number {
  const now = app.now();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  return keptUntilWrite(
    app.db,
    `new-this-week:${demo}:${now.toISOString().slice(0, 10)}`,
    () => {
      const { deals, investors } = listDiscoveries(app, demo);
      const recent = new Set(deals.filter((deal) => deal.announcedOn >= weekAgo).map((deal) => deal.id));
      return investors.filter((investor) => !investor.dismissed && investor.deal_ids.some((id) => recent.has(id))).length;
    },
    demo ? "demo" : "real",
    UNREAD_BY_KEPT_PAGES,
  );
}

/** The JSON answer of GET /api/discoveries (docs/api.md): the profile each investor would be added with stays inside. */
export function discoveriesAnswer(app: App) {
  const { deals, investors } = listDiscoveries(app, false);
  return {
    deals: deals.map((deal) => ({
      id: deal.id,
      company: deal.company,
      amount: deal.amount,
      currency: deal.currency,
      stage: deal.stage,
      sectors: deal.sectors,
      geography: deal.geography,
      announced_on: deal.announcedOn,
      source_urls: deal.sourceUrls,
      investors: deal.investors,
    })),
    investors: investors.map(({ key, name, firm, score, reason, lead_count, deal_ids, dismissed }) => ({
      key,
      name,
      firm,
      score,
      reason,
      lead_count,
      deal_ids,
      dismissed,
    })),
  };
}

/** A key from a URL or a form: folded text, at most 200 characters; anything else is no key. */
export function parseDiscoveryKey(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const key = raw.trim();
  return key.length > 0 && key.length <= 200 && /^[\p{L}\p{N} ]+$/u.test(key) ? key : undefined;
}

export class DiscoveryNotFound extends Error {}

function find(app: App, key: string, demo: boolean): DiscoveredInvestor {
  const investor = listDiscoveries(app, demo).investors.find((each) => each.key === key);
  if (!investor) throw new DiscoveryNotFound(`There is no discovered investor ${key}.`);
  return investor;
}

/** Creates the investor with the profile their deals show and the deals as evidence. */
export function addDiscovery(app: App, actor: Actor, key: string, demo: boolean): { investor_id: number; name: string } {
  const investor = find(app, key, demo);
  const investorId = addDiscoveredInvestor(app.db, {
    key,
    demo,
    actor,
    now: app.now(),
    rules: app.rules,
    profile: {
      name: investor.name,
      firm: investor.firm ?? undefined,
      kind: "fund",
      sectors: investor.profile.sectors,
      stages: investor.profile.stages,
      geographies: investor.profile.geographies,
      check_min: investor.profile.check_min ?? undefined,
      check_max: investor.profile.check_max ?? undefined,
    },
  });
  return { investor_id: investorId, name: investor.name };
}

export function dismissDiscoveryByKey(app: App, key: string, demo: boolean): { name: string } {
  const investor = find(app, key, demo);
  dismissDiscovery(app.db, key, demo, app.now());
  return { name: investor.name };
}

/** The founder's aliases as /settings lists them. */
export function listDiscoveryAliases(app: App): Array<{ aliasKey: string; alias: string; name: string }> {
  return listAliases(app.db);
}

const ALIAS_MAX = 120;
/** Aliases kept at most: every deal's names go through them, and /settings lists them all. */
export const MAX_ALIASES = 500;

/** Saves "alias = name" from the settings form: `saved`, or why not in a word the page turns into a sentence. */
export function saveDiscoveryAlias(app: App, rawAlias: unknown, rawName: unknown): "saved" | "missing" | "too_long" | "same" | "too_many" {
  const alias = typeof rawAlias === "string" ? rawAlias.replace(/\s+/g, " ").trim() : "";
  const name = typeof rawName === "string" ? rawName.replace(/\s+/g, " ").trim() : "";
  if (!alias || !name) return "missing";
  if (alias.length > ALIAS_MAX || name.length > ALIAS_MAX) return "too_long";
  if (!aliasFits(app.db, alias, MAX_ALIASES)) return "too_many";
  return saveAlias(app.db, alias, name) ? "saved" : "same";
}

export function removeDiscoveryAlias(app: App, aliasKey: string): boolean {
  return aliasKey.length <= 200 && deleteAlias(app.db, aliasKey);
}

/**
 * Whether discovery has any news to read: a feed, Tavily's news search (a key and a weekly budget),
 * or GDELT. With none, Discover says so and which settings turn one on, never "every Monday".
 */
export function newsSourcesConfigured(app: App): boolean {
  const config = app.config;
  return config.DEAL_FEEDS.length > 0 || (Boolean(config.TAVILY_API_KEY) && config.DISCOVERY_CREDIT_BUDGET > 0) || config.DISCOVERY_GDELT;
}
