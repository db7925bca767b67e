import { and, eq, ne, sql } from "drizzle-orm";
import { demoRound } from "#app/domain/demo-data.ts";
import { type MoneyInvestor, type RoundStartup, type RoundTotals, roundRaisingNow, roundTotals } from "#app/domain/round.ts";
import type { Actor } from "#app/domain/people.ts";
import type { AppDatabase, Db } from "../database.server.ts";
import { recordActivity } from "./activity.server.ts";
import { readRatesInForce } from "./currency-rates.server.ts";
import { moneyOfSide } from "./round-money.server.ts";
import { whileUnwritten } from "./version-memo.server.ts";
import { investors, startups } from "../schema.ts";

const ROUND_COLUMNS = {
  id: startups.id,
  name: startups.name,
  roundSize: startups.roundSize,
  roundCurrency: startups.roundCurrency,
  closeBy: startups.closeBy,
  instrument: startups.instrument,
  roleWanted: startups.roleWanted,
  valuationCap: startups.valuationCap,
  preMoney: startups.preMoney,
  raisingNow: startups.raisingNow,
};

/** Every real startup's round, oldest first. */
export function startupRounds(db: Db): RoundStartup[] {
  return db.select(ROUND_COLUMNS).from(startups).where(eq(startups.isDemo, false)).orderBy(startups.id).all();
}

/**
 * What the round's totals read of every investor on one side, summed in SQL: one row per status,
 * currency and round with how many investors it stands for (a few dozen rows, not one per investor:
 * Today and the digest read it on every change of the pipeline).
 */
export function moneyInvestors(db: Db, demo: boolean): MoneyInvestor[] {
  // The connection itself: counts by index and the amounts kept until they change (round-money.server.ts).
  if ("$client" in db) return moneyOfSide(db as AppDatabase, demo);
  return db
    .select({
      relationshipStatus: investors.relationshipStatus,
      amount: sql<number | null>`sum(${investors.amount})`,
      amountCurrency: investors.amountCurrency,
      amountStartupId: investors.amountStartupId,
      count: sql<number>`count(*)`,
      withAmount: sql<number>`count(${investors.amount})`,
    })
    .from(investors)
    .where(eq(investors.isDemo, demo))
    .groupBy(investors.relationshipStatus, investors.amountCurrency, investors.amountStartupId)
    .all();
}

export type RoundReading = { round: RoundStartup | undefined; totals: RoundTotals; startups: number };

/** The founder's round raising now with its totals (docs/product.md#the-round): what every surface shows. */
export function readRound(db: Db): RoundReading {
  // Today and its digest line read it in the same page build: once per version (decision 066).
  if ("$client" in db) return whileUnwritten(db as AppDatabase, "round", () => readRoundNow(db));
  return readRoundNow(db);
}

function readRoundNow(db: Db): RoundReading {
  const rounds = startupRounds(db);
  const round = roundRaisingNow(rounds);
  return { round, totals: roundTotals(moneyInvestors(db, false), round, readRatesInForce(db)), startups: rounds.length };
}

/** The demo's round (a fixed one, app/domain/demo-data/round.ts) over the demo investors, at the shipped rates. */
export function readDemoRound(db: Db, now: Date): RoundReading {
  const round = demoRound(now);
  return { round, totals: roundTotals(moneyInvestors(db, true), round), startups: 1 };
}

export type RoundWrite = {
  roundSize?: number | null;
  roundCurrency?: string | null;
  closeBy?: string | null;
  instrument?: RoundStartup["instrument"];
  roleWanted?: RoundStartup["roleWanted"];
  valuationCap?: number | null;
  preMoney?: number | null;
  raisingNow?: boolean;
};

/**
 * Saves a real startup's round; marking it raising now unmarks every other one, in one
 * transaction. False for an unknown (or demo) startup.
 */
export function saveRound(db: Db, actor: Actor, startupId: number, write: RoundWrite, now: Date): boolean {
  return db.transaction((tx) => {
    const found = tx
      .select({ id: startups.id, name: startups.name })
      .from(startups)
      .where(and(eq(startups.id, startupId), eq(startups.isDemo, false)))
      .get();
    if (!found) return false;
    const patch = Object.fromEntries(Object.entries(write).filter(([, value]) => value !== undefined));
    tx.update(startups)
      .set({ ...patch, updatedAt: now.toISOString() })
      .where(eq(startups.id, startupId))
      .run();
    if (write.raisingNow) {
      tx.update(startups)
        .set({ raisingNow: false })
        .where(and(ne(startups.id, startupId), eq(startups.isDemo, false)))
        .run();
    }
    const fields = Object.keys(patch).map((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
    recordActivity(tx, actor, { subject: found.name }, [{ kind: "round", detail: { startup_id: startupId, fields } }], now);
    return true;
  });
}
