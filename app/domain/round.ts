import { type Currency, REFERENCE_RATES, type Rates, convert, isCurrency, moneyText } from "./currency.ts";
import { type Instrument, RELATIONSHIP_STATUSES, type RelationshipStatus, type RoleWanted } from "./vocabulary.ts";

/**
 * The round (docs/product.md#the-round, decision 031): which startup is raising now, and what its
 * investors' amounts add up to. Pure: rows in, totals out. Today, /demo, `GET /api/round`, the
 * chat and the digest all call `roundTotals`, so they cannot disagree.
 */

/** A startup's round as the round's surfaces read it. */
export type RoundStartup = {
  id: number;
  name: string;
  roundSize: number | null;
  roundCurrency: string | null;
  closeBy: string | null;
  instrument: Instrument | null;
  roleWanted: RoleWanted | null;
  valuationCap: number | null;
  preMoney: number | null;
  raisingNow: boolean;
};

/** What the totals read of an investor. */
export type MoneyInvestor = {
  relationshipStatus: RelationshipStatus;
  amount: number | null;
  amountCurrency: string | null;
  amountStartupId: number | null;
  /** How many investors this row stands for, `amount` being their sum (rows summed by status, currency and round); 1 when absent. */
  count?: number;
  /** How many of them have an amount; when absent, all of them if `amount` is set, else none. */
  withAmount?: number;
};

/** The statuses whose amount is an expected cheque still being talked about. */
export const IN_TALKS_STATUSES: ReadonlySet<RelationshipStatus> = new Set([
  "intro_requested",
  "contacted",
  "in_conversation",
  "meeting_scheduled",
  "due_diligence",
]);

export type StatusTotal = { status: RelationshipStatus; count: number; amount: number };

export type RoundTotals = {
  /** The round's currency: its target's, USD when unset. */
  currency: Currency;
  committed: number;
  soft_committed: number;
  in_talks: number;
  /** (committed + soft committed) / target, whole per cent; null without a target. Above 100 when oversubscribed. */
  percent: number | null;
  /** Every status in the vocabulary's order: how many investors, and their amounts in this round. */
  by_status: StatusTotal[];
  /** True when an amount in another currency was converted at the rates in force. */
  converted: boolean;
  /** The rates' day and the currencies whose rate the founder set, when an amount was converted; null otherwise. */
  rates: { date: string; overridden: Currency[] } | null;
  /** Amounts in a currency with no rate: left out of the amounts (counted in `by_status` counts), by currency. */
  without_rate: { currency: Currency; count: number }[];
  /** Committed and soft-committed investors with no amount saved: the totals cannot count them. */
  without_amount: { committed: number; soft_committed: number };
};

/** The round raising now: the only startup, else the one marked raising now, else none. */
export function roundRaisingNow<T extends { raisingNow: boolean }>(startups: readonly T[]): T | undefined {
  if (startups.length === 1) return startups[0];
  return startups.find((startup) => startup.raisingNow);
}

/** The round's currency: a startup's round currency when the app knows it, else dollars. */
export function roundCurrency(round: Pick<RoundStartup, "roundCurrency"> | undefined): Currency {
  return isCurrency(round?.roundCurrency) ? round.roundCurrency : "USD";
}

/** Whether an investor's amount belongs to this round: its startup's, or unassigned (the round raising now). */
export function countsInRound(investor: Pick<MoneyInvestor, "amountStartupId">, round: Pick<RoundStartup, "id"> | undefined): boolean {
  return investor.amountStartupId === null || investor.amountStartupId === round?.id;
}

/** What the investor page's "For the round of" lists: the founder's startups (shown only with two or more) and the one raising now. */
export type AmountRounds = { startups: { id: number; name: string }[]; raisingNow: string | null };

/**
 * Why an edit's `amount_startup_id` is refused, or undefined: it must name one of the founder's
 * own startups (`startups`), or be null for the round raising now. A demo investor's amount
 * belongs to the demo's round only.
 */
export function amountStartupRefusal(
  startupId: number | null | undefined,
  demo: boolean,
  startups: readonly Pick<RoundStartup, "id">[],
): string | undefined {
  if (startupId === undefined || startupId === null) return undefined;
  if (demo) return "A demo investor's amount belongs to the demo's round: amount_startup_id must be null.";
  if (startups.some((startup) => startup.id === startupId)) return undefined;
  return `You have no startup with id ${startupId}: amount_startup_id names one of your startups, or is null for the round raising now.`;
}

/** The rates a total is converted at: units per US dollar, their day, and the codes the founder overrode. */
export type RatesInForce = { unitsPerUsd: Rates; date: string; overridden: readonly Currency[] };

/** The rates shipped with the app, none overridden (the demo's, and a test's default). */
export const SHIPPED_RATES: RatesInForce = { unitsPerUsd: REFERENCE_RATES.unitsPerUsd, date: REFERENCE_RATES.date, overridden: [] };

/**
 * The round's totals over `investors`, amounts converted into the round's currency at `rates`
 * (the shipped reference rates with the founder's overrides; no currency is dollars). Counts take
 * every investor; amounts only those that belong to the round, and whose currency has a rate (the
 * others are counted in `without_rate`). Totals are rounded to whole units once, after summing.
 */
export function roundTotals(
  investors: readonly MoneyInvestor[],
  round: Pick<RoundStartup, "id" | "roundSize" | "roundCurrency"> | undefined,
  rates: RatesInForce = SHIPPED_RATES,
): RoundTotals {
  const currency = roundCurrency(round);
  const counts = new Map<RelationshipStatus, { count: number; amount: number }>(
    RELATIONSHIP_STATUSES.map((status) => [status, { count: 0, amount: 0 }]),
  );
  let converted = false;
  const used = new Set<Currency>();
  const withoutRate = new Map<Currency, number>();
  const without_amount = { committed: 0, soft_committed: 0 };
  for (const investor of investors) {
    const slot = counts.get(investor.relationshipStatus);
    if (!slot) continue;
    const count = investor.count ?? 1;
    slot.count += count;
    if (investor.relationshipStatus === "committed" || investor.relationshipStatus === "soft_committed") {
      without_amount[investor.relationshipStatus] += count - (investor.withAmount ?? (investor.amount === null ? 0 : count));
    }
    if (investor.amount === null || !countsInRound(investor, round)) continue;
    const from: Currency = investor.amountCurrency ?? "USD";
    const amount = convert(investor.amount, from, currency, rates.unitsPerUsd);
    if (amount === undefined) {
      // No rate for it (or for the round's currency): kept on the investor, left out of the sum, said.
      const key = rates.unitsPerUsd[from] === undefined ? from : currency;
      withoutRate.set(key, (withoutRate.get(key) ?? 0) + (investor.withAmount ?? count));
      continue;
    }
    if (from !== currency) {
      converted = true;
      used.add(from);
      used.add(currency);
    }
    slot.amount += amount;
  }
  const by_status = RELATIONSHIP_STATUSES.map((status) => {
    const slot = counts.get(status)!;
    return { status, count: slot.count, amount: Math.round(slot.amount) };
  });
  const amountOf = (status: RelationshipStatus) => by_status.find((total) => total.status === status)!.amount;
  const committed = amountOf("committed");
  const soft_committed = amountOf("soft_committed");
  const in_talks = by_status.filter((total) => IN_TALKS_STATUSES.has(total.status)).reduce((sum, total) => sum + total.amount, 0);
  const target = round?.roundSize ?? null;
  const percent = target && target > 0 ? Math.round(((committed + soft_committed) / target) * 100) : null;
  const overridden = rates.overridden.filter((code) => used.has(code));
  return {
    currency,
    committed,
    soft_committed,
    in_talks,
    percent,
    by_status,
    converted,
    rates: converted ? { date: rates.date, overridden } : null,
    without_rate: [...withoutRate].map(([code, n]) => ({ currency: code, count: n })).sort((a, b) => a.currency.localeCompare(b.currency)),
    without_amount,
  };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Whole days from `today` to `date` (both YYYY-MM-DD); negative when it has passed. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** "closes 15 Jan, 51 days", "closes today", "closed 3 Jan, 4 days ago". */
export function closeText(closeBy: string, today: string): string {
  const [, month = 1, day = 1] = closeBy.split("-").map(Number);
  const when = `${day} ${MONTHS[month - 1]}`;
  const days = daysUntil(closeBy, today);
  if (days === 0) return `closes today, ${when}`;
  if (days < 0) return `closed ${when}, ${-days} day${days === -1 ? "" : "s"} ago`;
  return `closes ${when}, ${days} day${days === 1 ? "" : "s"}`;
}

/**
 * The round in one line: "$650k committed + $300k soft of $1.5M (63%) · closes 15 Jan, 51 days".
 * Oversubscribed says so; without a target the amounts alone.
 */
export function roundProgressLine(round: Pick<RoundStartup, "roundSize" | "closeBy">, totals: RoundTotals, today: string): string {
  const money = (amount: number) => moneyText(amount, totals.currency);
  let line = `${money(totals.committed)} committed + ${money(totals.soft_committed)} soft`;
  if (round.roundSize && totals.percent !== null) {
    line += ` of ${money(round.roundSize)} (${totals.percent}%)`;
    if (totals.committed + totals.soft_committed > round.roundSize) line += ", oversubscribed";
  }
  if (round.closeBy) line += ` · ${closeText(round.closeBy, today)}`;
  return line;
}

/**
 * What the totals say of the rates (decision 054): "converted at the reference rates of 31 Dec
 * 2024 (NOK at your rate)" when an amount was converted, and which amounts no rate could count
 * ("2 amounts in KES left out: no rate; set one on Settings"). Null when neither.
 */
export function ratesNote(totals: Pick<RoundTotals, "rates" | "without_rate">): string | null {
  const parts: string[] = [];
  if (totals.rates) {
    const [year, month = 1, day] = totals.rates.date.split("-");
    const yours = totals.rates.overridden;
    const own = yours.length > 0 ? ` (${yours.join(", ")} at your rate${yours.length === 1 ? "" : "s"})` : "";
    parts.push(`converted at the reference rates of ${Number(day)} ${MONTHS[Number(month) - 1]} ${year}${own}`);
  }
  if (totals.without_rate.length > 0) {
    const count = totals.without_rate.reduce((sum, entry) => sum + entry.count, 0);
    const codes = totals.without_rate.map((entry) => entry.currency).join(", ");
    parts.push(`${count} amount${count === 1 ? "" : "s"} in ${codes} left out: no rate; set one on Settings`);
  }
  return parts.length > 0 ? parts.join("; ") : null;
}

/** What Today and /demo draw: the line, the bar's two parts (per cent of the target, together at most 100) and the notes. */
export type RoundProgress = {
  name: string;
  line: string;
  committedShare: number;
  softShare: number;
  oversubscribed: boolean;
  converted: boolean;
  /** What the totals say of the rates (`ratesNote`), or null. */
  ratesNote: string | null;
  /** "1 committed with no amount yet" and the status whose table lists them, or null when every one has an amount. */
  withoutAmount: { text: string; status: "committed" | "soft_committed" } | null;
};

/**
 * Who the totals leave out for want of an amount, and the status whose table lists them
 * (committed first). Null when nobody.
 */
export function withoutAmountNote(without: RoundTotals["without_amount"]): RoundProgress["withoutAmount"] {
  const parts: string[] = [];
  if (without.committed > 0) parts.push(`${without.committed} committed`);
  if (without.soft_committed > 0) parts.push(`${without.soft_committed} soft`);
  if (parts.length === 0) return null;
  return {
    text: `${parts.join(" + ")} with no amount yet`,
    status: without.committed > 0 ? "committed" : "soft_committed",
  };
}

/** The round's progress as Today shows it; undefined without a round. */
export function roundProgress(round: RoundStartup | undefined, totals: RoundTotals, today: string): RoundProgress | undefined {
  if (!round) return undefined;
  const target = round.roundSize ?? 0;
  const share = (amount: number) => (target > 0 ? Math.min(100, (amount / target) * 100) : 0);
  const committedShare = share(totals.committed);
  return {
    name: round.name,
    line: roundProgressLine(round, totals, today),
    committedShare: Math.round(committedShare * 10) / 10,
    softShare: Math.round(Math.min(100 - committedShare, share(totals.soft_committed)) * 10) / 10,
    oversubscribed: target > 0 && totals.committed + totals.soft_committed > target,
    converted: totals.converted,
    ratesNote: ratesNote(totals),
    withoutAmount: withoutAmountNote(totals.without_amount),
  };
}
