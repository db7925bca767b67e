import type Database from "better-sqlite3";
import type { MoneyInvestor } from "#app/domain/round.ts";
import type { RelationshipStatus } from "#app/domain/vocabulary.ts";
import { type AppDatabase, statement } from "../database.server.ts";

/**
 * What the round's totals read of one side (decision 066), in two reads instead of one scan of the
 * table: how many investors per status, from the (is_demo, relationship_status) index; and the
 * investors with an amount, summed by status, currency and round — the only part that reads the
 * table, kept until a write that could change it. This connection's temporary triggers count the
 * writes that touch a row with an amount (before or after) in a column the sums read; another
 * connection's commit moves `data_version`. A page built after each edit or import (issue 35's
 * mixed load: 36 % of the server's time at 25,000 investors) no longer reads every row for it.
 */

type AmountGroup = { status: RelationshipStatus; currency: string | null; startupId: number | null; amount: number; count: number };
type Watch = { written: number; point: string | null; kept: Map<boolean, { at: number; groups: AmountGroup[] }>; reads: number };
const watches = new WeakMap<Database.Database, Watch>();

const STATUS_COUNTS_SQL =
  "select relationship_status as status, count(*) as count from investors where is_demo = ? group by relationship_status";
const AMOUNT_GROUPS_SQL = `select relationship_status as status, amount_currency as currency, amount_startup_id as startupId, sum(amount) as amount, count(*) as count
  from investors where is_demo = ? and amount is not null group by relationship_status, amount_currency, amount_startup_id`;

function watch(db: AppDatabase): Watch {
  const client = db.$client;
  let kept = watches.get(client);
  if (kept) return kept;
  const state: Watch = { written: 0, point: null, kept: new Map(), reads: 0 };
  client.function("ipi_money_written", { deterministic: false }, () => {
    state.written++;
    return null;
  });
  client.exec(`
    create temp trigger if not exists ipi_money_insert after insert on main.investors when new.amount is not null
      begin select ipi_money_written(); end;
    create temp trigger if not exists ipi_money_delete after delete on main.investors when old.amount is not null
      begin select ipi_money_written(); end;
    create temp trigger if not exists ipi_money_update after update of amount, amount_currency, amount_startup_id, relationship_status, is_demo on main.investors
      when old.amount is not null or new.amount is not null begin select ipi_money_written(); end;`);
  kept = state;
  watches.set(client, kept);
  return kept;
}

function amountGroups(db: AppDatabase, demo: boolean): AmountGroup[] {
  const client = db.$client;
  // Inside a transaction the rows may yet be rolled back: read, never keep (nor add triggers, which a rollback would undo).
  if (client.inTransaction) return statement(db, AMOUNT_GROUPS_SQL).all(demo ? 1 : 0) as AmountGroup[];
  const state = watch(db);
  const { data, schema } = statement(
    db,
    "select (select data_version from pragma_data_version) as data, (select schema_version from pragma_schema_version) as schema",
  ).get() as { data: number; schema: number };
  const point = `${data}:${schema}`;
  if (point !== state.point) {
    state.kept.clear();
    state.point = point;
  }
  const kept = state.kept.get(demo);
  if (kept && kept.at === state.written) return kept.groups;
  const groups = statement(db, AMOUNT_GROUPS_SQL).all(demo ? 1 : 0) as AmountGroup[];
  state.kept.set(demo, { at: state.written, groups });
  state.reads++;
  return groups;
}

/** The rows `roundTotals` sums for one side: the amounts' groups, and per status the investors without one. */
export function moneyOfSide(db: AppDatabase, demo: boolean): MoneyInvestor[] {
  const groups = amountGroups(db, demo);
  const withAmount = new Map<RelationshipStatus, number>();
  for (const group of groups) withAmount.set(group.status, (withAmount.get(group.status) ?? 0) + group.count);
  const money: MoneyInvestor[] = groups.map((group) => ({
    relationshipStatus: group.status,
    amount: group.amount,
    amountCurrency: group.currency,
    amountStartupId: group.startupId,
    count: group.count,
    withAmount: group.count,
  }));
  for (const { status, count } of statement(db, STATUS_COUNTS_SQL).all(demo ? 1 : 0) as Array<{
    status: RelationshipStatus;
    count: number;
  }>) {
    const without = count - (withAmount.get(status) ?? 0);
    if (without > 0)
      money.push({ relationshipStatus: status, amount: null, amountCurrency: null, amountStartupId: null, count: without, withAmount: 0 });
  }
  return money;
}

/** Reads of the amounts' groups on this connection so far (a test's view of what is kept). */
export function moneyGroupReads(db: AppDatabase): number {
  return watches.get(db.$client)?.reads ?? 0;
}
