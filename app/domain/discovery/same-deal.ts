import type { Deal } from "./deal.ts";
import { investorKey } from "./names.ts";

/**
 * One round reported by several sources (a feed, a search result, GDELT) is one deal: the same
 * company and the same round (stages that agree, or one unstated) announced within 30 days.
 * Pure.
 */

export const SAME_DEAL_WITHIN_DAYS = 30;
const DAY_MS = 86_400_000;

/** "Finlo GmbH", "finlo" and "Finlo." are one company. */
export function companyKey(company: string): string {
  return investorKey(company.replace(/\b(?:inc|ltd|gmbh|sas|sa|bv|ab|oy|plc|llc|corp|limited)\.?$/i, ""));
}

export function sameDeal(a: Deal, b: Deal): boolean {
  if (companyKey(a.company) !== companyKey(b.company)) return false;
  if (a.stage && b.stage && a.stage !== b.stage) return false;
  if (a.announced_on && b.announced_on) {
    const apart = Math.abs(Date.parse(`${a.announced_on}T00:00:00Z`) - Date.parse(`${b.announced_on}T00:00:00Z`));
    if (!(apart <= SAME_DEAL_WITHIN_DAYS * DAY_MS)) return false;
  }
  return true;
}

/** Deals grouped so each group is one round, in the order each round was first seen. */
export function groupSameDeals(deals: readonly Deal[]): Deal[][] {
  const groups: Deal[][] = [];
  const byCompany = new Map<string, Deal[][]>();
  for (const deal of deals) {
    const key = companyKey(deal.company);
    const candidates = byCompany.get(key) ?? [];
    const group = candidates.find((members) => members.every((member) => sameDeal(member, deal)));
    if (group) {
      group.push(deal);
      continue;
    }
    const fresh = [deal];
    groups.push(fresh);
    byCompany.set(key, [...candidates, fresh]);
  }
  return groups;
}

/** One deal per round: every source's investors (a lead anywhere is a lead), the first stated facts, the earliest date. */
export function mergeDeals(deals: readonly Deal[]): Deal[] {
  return groupSameDeals(deals).map(mergeGroup);
}

function mergeGroup(group: Deal[]): Deal {
  const [first, ...rest] = group;
  if (!first) throw new Error("mergeGroup needs at least one deal");
  if (rest.length === 0) return first;
  const withAmount = group.find((deal) => deal.amount !== null);
  const dates = group.map((deal) => deal.announced_on).filter((date): date is string => date !== null);
  // One spelling per investor across the group (the longest), then its strongest role.
  const names = unionByKey(group.flatMap((deal) => [...deal.leads, ...deal.participants]));
  const leadKeys = new Set(group.flatMap((deal) => deal.leads).map(investorKey));
  const leads = names.filter((name) => leadKeys.has(investorKey(name)));
  const participants = names.filter((name) => !leadKeys.has(investorKey(name)));
  return {
    company: first.company,
    amount: withAmount?.amount ?? null,
    currency: withAmount?.currency ?? null,
    stage: group.find((deal) => deal.stage !== null)?.stage ?? null,
    sectors: [...new Set(group.flatMap((deal) => deal.sectors))].slice(0, 10),
    geography: group.find((deal) => deal.geography !== null)?.geography ?? null,
    announced_on: dates.length > 0 ? dates.reduce((earliest, date) => (date < earliest ? date : earliest)) : null,
    leads: leads.slice(0, 20),
    participants: participants.slice(0, 40),
    source_url: first.source_url,
  };
}

/** Names once each, by the key the pipeline compares; the longest spelling kept. */
function unionByKey(names: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = investorKey(name);
    const known = byKey.get(key);
    if (key !== "" && (!known || name.length > known.length)) byKey.set(key, name);
  }
  return [...byKey.values()];
}
