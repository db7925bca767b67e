import { moneyText, toUsd } from "../currency.ts";
import { profileFit } from "../rubric/fit-sentence.ts";
import type { Rubric } from "../rubric/schema.ts";
import { decayWeight } from "../scoring.ts";
import { MAX_AMOUNT, STAGE_LABELS, type Stage } from "../vocabulary.ts";

/**
 * Discover's ranking (docs/product.md#discovery): the investors that this season's deals name and
 * the pipeline does not hold, ranked by how their deals fit the founder's startups (the deals'
 * sectors, stages, places and amounts stand for their profile, matched by the rubric's own fit,
 * app/domain/rubric/fit-sentence.ts), lead above participant, how recent, how many. Pure.
 */

export type DealRole = "lead" | "participant";
export type DealForRanking = {
  id: number;
  company: string;
  amount: number | null;
  currency: string | null;
  stage: Stage | null;
  sectors: string[];
  geography: string | null;
  announcedOn: string;
  sourceUrls: string[];
  investors: Array<{ key: string; name: string; role: DealRole }>;
};
export type StartupForRanking = { name: string; rubric: Rubric };

export type DiscoveredInvestor = {
  key: string;
  name: string;
  firm: string | null;
  score: number;
  reason: string;
  lead_count: number;
  deal_ids: number[];
  dismissed: boolean;
  /** Their profile as the deals show it: what "Add to pipeline" saves. */
  profile: { sectors: string[]; stages: Stage[]; geographies: string[]; check_min: number | null; check_max: number | null };
  sources: string[];
};

/** How fast a deal's news fades for the ranking: a month-old lead counts half. */
export const DEAL_HALF_LIFE_DAYS = 30;
/** A deal fits when its own profile fits a startup at least this well (0–100). */
export const MATCHING_FIT = 50;

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "12 Nov" from "2026-11-12". */
export function shortDate(isoDate: string): string {
  const [, month, day] = isoDate.split("-").map(Number);
  return `${day} ${SHORT_MONTHS[(month ?? 1) - 1] ?? ""}`.trim();
}

/** "Led the $3M seed of Finlo (fintech, Berlin), 12 Nov" or "Joined the Series A of …". */
export function dealSentence(deal: Omit<DealForRanking, "investors" | "id" | "sourceUrls">, role: DealRole): string {
  const money = deal.amount !== null ? `${moneyText(deal.amount, deal.currency ?? "USD")} ` : "";
  const stage = deal.stage
    ? deal.stage === "seed" || deal.stage === "pre_seed"
      ? STAGE_LABELS[deal.stage].toLowerCase()
      : STAGE_LABELS[deal.stage]
    : "round";
  const about = [deal.sectors[0], deal.geography].filter(Boolean).join(", ");
  const verb = role === "lead" ? "Led" : "Joined";
  return `${verb} the ${money}${stage} of ${deal.company}${about ? ` (${about})` : ""}, ${shortDate(deal.announcedOn)}`;
}

function dealProfile(deals: readonly DealForRanking[]): DiscoveredInvestor["profile"] {
  // A round past the largest cheque an investor may hold (a typo, a hostile item) says nothing of their cheque.
  // A round in a currency without a rate says nothing of the cheque in dollars.
  const amounts = deals
    .flatMap((deal) => {
      const usd = deal.amount === null ? undefined : toUsd(deal.amount, deal.currency);
      return usd === undefined ? [] : [Math.round(usd)];
    })
    .filter((amount) => amount <= MAX_AMOUNT);
  return {
    sectors: [...new Set(deals.flatMap((deal) => deal.sectors))].slice(0, 10),
    stages: [...new Set(deals.flatMap((deal) => (deal.stage ? [deal.stage] : [])))],
    geographies: [...new Set(deals.flatMap((deal) => (deal.geography ? [deal.geography] : [])))].slice(0, 10),
    check_min: amounts.length > 0 ? Math.min(...amounts) : null,
    check_max: amounts.length > 0 ? Math.max(...amounts) : null,
  };
}

function fitOf(profile: DiscoveredInvestor["profile"], startups: readonly StartupForRanking[]) {
  return profileFit(
    {
      sectors: profile.sectors,
      stages: profile.stages,
      geographies: profile.geographies,
      check_min: profile.check_min,
      check_max: profile.check_max,
      check_currency: "USD",
    },
    startups,
  );
}

function ageDays(isoDate: string, now: Date): number {
  return Math.max(0, (now.getTime() - Date.parse(`${isoDate}T00:00:00Z`)) / 86_400_000);
}

/**
 * Ranks the deals' investors outside the pipeline (`inPipeline` says which keys are). The score
 * (0–100): 55 for the fit, 20 for leading (10 for only joining), 15 for how recent the newest
 * deal is, 10 for up to three matching deals. A dismissed investor comes back when they lead a
 * matching deal announced after the dismissal.
 */
export function rankDiscoveries(input: {
  deals: readonly DealForRanking[];
  startups: readonly StartupForRanking[];
  inPipeline: (key: string) => boolean;
  dismissedAt: ReadonlyMap<string, string>;
  now: Date;
}): DiscoveredInvestor[] {
  const byKey = new Map<string, Array<{ deal: DealForRanking; role: DealRole; name: string }>>();
  for (const deal of input.deals) {
    for (const named of deal.investors) {
      if (!named.key || input.inPipeline(named.key)) continue;
      const list = byKey.get(named.key) ?? [];
      list.push({ deal, role: named.role, name: named.name });
      byKey.set(named.key, list);
    }
  }
  const ranked: DiscoveredInvestor[] = [];
  for (const [key, entries] of byKey) {
    entries.sort((a, b) => b.deal.announcedOn.localeCompare(a.deal.announcedOn) || a.deal.id - b.deal.id);
    const deals = entries.map((entry) => entry.deal);
    const profile = dealProfile(deals);
    const fit = fitOf(profile, input.startups);
    const fitValue = fit.value ?? 0;
    const matching = entries.filter((entry) => (fitOf(dealProfile([entry.deal]), input.startups).value ?? 0) >= MATCHING_FIT);
    const leads = entries.filter((entry) => entry.role === "lead");
    const newest = entries[0]!;
    const recency = decayWeight(ageDays(newest.deal.announcedOn, input.now), DEAL_HALF_LIFE_DAYS);
    const score = Math.round(0.55 * fitValue + (leads.length > 0 ? 20 : 10) + 15 * recency + (10 * Math.min(3, matching.length)) / 3);
    const headline = leads[0] ?? newest;
    const count = matching.length > 1 ? `; ${matching.length} matching deals` : "";
    const reason = `${dealSentence(headline.deal, headline.role)}${fit.detail ? `. ${fit.detail}` : ""}${count}`;
    const dismissedOn = input.dismissedAt.get(key);
    const dismissed =
      dismissedOn !== undefined && !matching.some((entry) => entry.role === "lead" && entry.deal.announcedOn > dismissedOn.slice(0, 10));
    const names = entries.map((entry) => entry.name);
    const name = mostCommon(names);
    const longest = names.reduce((a, b) => (b.length > a.length ? b : a), name);
    ranked.push({
      key,
      name,
      firm: longest !== name ? longest : null,
      score: Math.min(100, score),
      reason,
      lead_count: leads.length,
      deal_ids: deals.map((deal) => deal.id),
      dismissed,
      profile,
      sources: [...new Set(deals.flatMap((deal) => deal.sourceUrls))].slice(0, 10),
    });
  }
  return ranked.sort((a, b) => b.score - a.score || b.lead_count - a.lead_count || a.key.localeCompare(b.key));
}

function mostCommon(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  let best = names[0] ?? "";
  for (const [name, count] of counts)
    if (count > (counts.get(best) ?? 0) || (count === counts.get(best) && name.length < best.length)) best = name;
  return best;
}
