import { describe, expect, it } from "vitest";
import { openDatabase } from "#db/database.server.ts";
import { moneyGroupReads, moneyOfSide } from "#db/queries/round-money.server.ts";
import { type MoneyInvestor, roundTotals } from "#app/domain/round.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

type Db = ReturnType<typeof createTestDatabase>["db"];

/** The one scan the totals read before decision 066, as its rows. */
function scanned(db: Db, demo: boolean): MoneyInvestor[] {
  return db.$client
    .prepare(
      `select relationship_status as relationshipStatus, sum(amount) as amount, amount_currency as amountCurrency, amount_startup_id as amountStartupId,
              count(*) as count, count(amount) as withAmount
       from investors where is_demo = ? group by relationship_status, amount_currency, amount_startup_id`,
    )
    .all(demo ? 1 : 0) as MoneyInvestor[];
}

function seeded(): Db {
  const { db } = createTestDatabase();
  const insert = db.$client.prepare(
    "insert into investors (name, relationship_status, amount, amount_currency, amount_startup_id, is_demo) values (?, ?, ?, ?, ?, ?)",
  );
  const statuses = ["not_contacted", "contacted", "in_conversation", "soft_committed", "committed", "passed"];
  for (let i = 0; i < 120; i++) {
    const amount = i % 3 === 0 ? null : 10_000 * (i % 7);
    insert.run(
      `Investor ${i}`,
      statuses[i % statuses.length],
      amount,
      i % 5 === 0 ? "EUR" : i % 11 === 0 ? "NOK" : null,
      i % 13 === 0 ? 99 : null,
      i % 17 === 0 ? 1 : 0,
    );
  }
  return db;
}

const round = { id: 1, roundSize: 2_000_000, roundCurrency: "USD" as const };

describe("the round's money, read by index and kept until an amount changes (decision 066)", () => {
  it("sums to the same totals as one scan of every investor, on each side", () => {
    const db = seeded();
    for (const demo of [false, true]) {
      expect(roundTotals(moneyOfSide(db, demo), round)).toEqual(roundTotals(scanned(db, demo), round));
      expect(roundTotals(moneyOfSide(db, demo), undefined)).toEqual(roundTotals(scanned(db, demo), undefined));
    }
    db.$client.close();
  });

  it("reads the amounts again only after a write that could change them; counts are always fresh", () => {
    const db = seeded();
    moneyOfSide(db, false);
    const reads = moneyGroupReads(db);
    // Writes no sum reads: a note, a status without an amount, an investor added without one.
    db.$client.prepare("update investors set personal_notes = 'met at a dinner' where name = 'Investor 1'").run();
    db.$client.prepare("update investors set relationship_status = 'committed' where name = 'Investor 3'").run();
    db.$client.prepare("insert into investors (name, relationship_status, is_demo) values ('New one', 'contacted', 0)").run();
    expect(roundTotals(moneyOfSide(db, false), round)).toEqual(roundTotals(scanned(db, false), round));
    expect(moneyGroupReads(db)).toBe(reads);
    // An amount set, a status changed where there is one, a row with one deleted: each is read again.
    for (const write of [
      "update investors set amount = 5000 where name = 'New one'",
      "update investors set relationship_status = 'passed' where name = 'Investor 1'",
      "delete from investors where name = 'Investor 2'",
    ]) {
      const before = moneyGroupReads(db);
      db.$client.prepare(write).run();
      expect(roundTotals(moneyOfSide(db, false), round), write).toEqual(roundTotals(scanned(db, false), round));
      expect(moneyGroupReads(db), write).toBe(before + 1);
    }
    // Another connection's commit: read again.
    const other = openDatabase(db.$client.name);
    other.$client.prepare("update investors set amount = 1 where name = 'Investor 4'").run();
    other.$client.close();
    const before = moneyGroupReads(db);
    expect(roundTotals(moneyOfSide(db, false), round)).toEqual(roundTotals(scanned(db, false), round));
    expect(moneyGroupReads(db)).toBe(before + 1);
    db.$client.close();
  });

  it("never keeps what a transaction read: a rollback leaves the totals right", () => {
    const db = seeded();
    moneyOfSide(db, false);
    const rolledBack = new Error("rolled back");
    expect(() =>
      db.$client.transaction(() => {
        db.$client.prepare("update investors set amount = 9999999 where name = 'Investor 1'").run();
        moneyOfSide(db, false);
        throw rolledBack;
      })(),
    ).toThrow(rolledBack);
    expect(roundTotals(moneyOfSide(db, false), round)).toEqual(roundTotals(scanned(db, false), round));
    db.$client.close();
  });
});
