import fc from "fast-check";
import { TEST_ACTOR } from "../helpers/actor.ts";
import { describe, expect, it } from "vitest";
import { toUsd } from "#app/domain/currency.ts";
import { RELATIONSHIP_STATUSES } from "#app/domain/vocabulary.ts";
import { BOARD_CARDS_SHOWN, boardPage, moveOnBoard } from "#app/services/board.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";

const now = new Date("2026-11-25T12:00:00Z");

function addInvestor(
  db: AppDatabase,
  row: {
    name: string;
    status: string;
    score?: number;
    amount?: number | null;
    currency?: string | null;
    demo?: boolean;
    lastContact?: string | null;
  },
): number {
  const { lastInsertRowid } = db.$client
    .prepare(
      "insert into investors (name, relationship_status, score, amount, amount_currency, is_demo, last_contact_date) values (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(row.name, row.status, row.score ?? 0, row.amount ?? null, row.currency ?? null, row.demo ? 1 : 0, row.lastContact ?? null);
  return Number(lastInsertRowid);
}

const rowArb = fc.record({
  status: fc.constantFrom(...RELATIONSHIP_STATUSES),
  score: fc.integer({ min: 0, max: 100 }),
  amount: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
  currency: fc.option(fc.constantFrom("USD", "EUR", "GBP", "JPY"), { nil: null }),
  demo: fc.boolean(),
});

describe("the board's page", () => {
  it("has each side's count and dollars per column equal to the round's sum over its investors, and its first cards by score", () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 60 }), (rows) => {
        const { db } = createTestDatabase();
        try {
          for (const [index, row] of rows.entries()) addInvestor(db, { name: `Investor ${index}`, ...row });
          for (const demo of [false, true]) {
            const page = boardPage(fakeApp(db, now), demo, new URLSearchParams());
            for (const column of page.columns) {
              const mine = rows.filter((row) => row.demo === demo && row.status === column.status);
              expect(column.count).toBe(mine.length);
              // The round's totals (no startup, and the demo's round: dollars), rounded once per column.
              expect(page.currency).toBe("USD");
              expect(column.amount).toBe(
                Math.round(mine.reduce((sum, row) => sum + (row.amount === null ? 0 : (toUsd(row.amount, row.currency) ?? 0)), 0)),
              );
              expect(column.cards.length).toBe(Math.min(mine.length, BOARD_CARDS_SHOWN));
              const scores = column.cards.map((card) => rows[Number(card.name.split(" ")[1])]?.score ?? -1);
              expect(scores).toEqual([...scores].sort((a, b) => b - a));
              expect(column.cards.every((card) => card.relationship_status === column.status)).toBe(true);
            }
          }
        } finally {
          db.$client.close();
        }
      }),
      { numRuns: 25 },
    );
  });

  it("shows a column in full with ?show=, the others still cut at the first cards", () => {
    const { db } = createTestDatabase();
    for (let i = 0; i < BOARD_CARDS_SHOWN + 5; i += 1) {
      addInvestor(db, { name: `Contacted ${i}`, status: "contacted" });
      addInvestor(db, { name: `Researching ${i}`, status: "researching" });
    }
    const page = boardPage(fakeApp(db, now), false, new URLSearchParams("show=contacted"));
    const column = (status: string) => page.columns.find((entry) => entry.status === status);
    expect(column("contacted")).toMatchObject({ expanded: true, count: BOARD_CARDS_SHOWN + 5 });
    expect(column("contacted")?.cards).toHaveLength(BOARD_CARDS_SHOWN + 5);
    expect(column("researching")?.cards).toHaveLength(BOARD_CARDS_SHOWN);
    db.$client.close();
  });

  it("says how many days since the last contact, and counts the pass reasons of the passed", () => {
    const { db } = createTestDatabase();
    addInvestor(db, { name: "Ada", status: "contacted", lastContact: "2026-11-20" });
    const passed = addInvestor(db, { name: "Bo", status: "passed" });
    db.$client.prepare("update investors set pass_reason = 'timing' where id = ?").run(passed);
    addInvestor(db, { name: "Cy", status: "passed" });
    const page = boardPage(fakeApp(db, now), false, new URLSearchParams());
    expect(page.columns.find((column) => column.status === "contacted")?.cards[0]?.days_since_contact).toBe(5);
    expect(page.passReasons.find((bar) => bar.reason === "timing")?.count).toBe(1);
    expect(page.passReasons.find((bar) => bar.reason === null)?.count).toBe(1);
    db.$client.close();
  });
});

describe("a card's amount", () => {
  function addStartup(db: AppDatabase, name: string, raisingNow: boolean): number {
    const { lastInsertRowid } = db.$client
      .prepare("insert into startups (name, pitch, sector, stage, geography, raising_now) values (?, 'x', 'fintech', 'seed', 'Europe', ?)")
      .run(name, raisingNow ? 1 : 0);
    return Number(lastInsertRowid);
  }
  const cardOf = (page: ReturnType<typeof boardPage>, name: string) =>
    page.columns.flatMap((column) => column.cards).find((card) => card.name === name);

  it("names the other startup's round it is for, and only then: the column's total leaves it out", () => {
    const { db } = createTestDatabase();
    const ledgerly = addStartup(db, "Ledgerly", true);
    const brightly = addStartup(db, "Brightly", false);
    const setFor = (id: number, startup: number | null) =>
      db.$client.prepare("update investors set amount_startup_id = ? where id = ?").run(startup, id);
    setFor(addInvestor(db, { name: "Other round", status: "committed", amount: 200_000 }), brightly);
    setFor(addInvestor(db, { name: "This round by name", status: "committed", amount: 50_000 }), ledgerly);
    addInvestor(db, { name: "Raising now", status: "committed", amount: 100_000 });
    addInvestor(db, { name: "No amount", status: "committed" });
    const page = boardPage(fakeApp(db, now), false, new URLSearchParams());
    expect(cardOf(page, "Other round")).toMatchObject({ amount: 200_000, amount_for: "Brightly" });
    expect(cardOf(page, "This round by name")).toMatchObject({ amount: 50_000, amount_for: null });
    expect(cardOf(page, "Raising now")).toMatchObject({ amount: 100_000, amount_for: null });
    expect(cardOf(page, "No amount")).toMatchObject({ amount: null, amount_for: null });
    expect(page.columns.find((column) => column.status === "committed")?.amount).toBe(150_000);
    db.$client.close();
  });

  it("follows the round raising now: once Brightly raises, Ledgerly's amount is the one named", () => {
    const { db } = createTestDatabase();
    const ledgerly = addStartup(db, "Ledgerly", false);
    addStartup(db, "Brightly", true);
    const id = addInvestor(db, { name: "Ada", status: "in_conversation", amount: 75_000 });
    db.$client.prepare("update investors set amount_startup_id = ? where id = ?").run(ledgerly, id);
    const page = boardPage(fakeApp(db, now), false, new URLSearchParams());
    expect(cardOf(page, "Ada")).toMatchObject({ amount_for: "Ledgerly" });
    db.$client.close();
  });
});

describe("a move on the board", () => {
  it("is the investor edit of the status, re-scored, with the pass reason beside it", () => {
    const { db } = createTestDatabase();
    const id = addInvestor(db, { name: "Ada", status: "due_diligence", score: 0 });
    const app = fakeApp(db, now);
    expect(moveOnBoard(app, TEST_ACTOR, { id, relationship_status: "passed", pass_reason: "cheque_size" }, false)).toBe(true);
    const row = db.$client.prepare("select relationship_status, pass_reason, action, updated_at from investors where id = ?").get(id);
    // Re-scored by the edit: a passed investor is not to be chased.
    expect(row).toMatchObject({
      relationship_status: "passed",
      pass_reason: "cheque_size",
      action: "dont_chase",
      updated_at: now.toISOString(),
    });
    db.$client.close();
  });

  it("on the demo side cannot reach a real investor, nor the real side a demo one", () => {
    const { db } = createTestDatabase();
    const real = addInvestor(db, { name: "Real", status: "contacted" });
    const demo = addInvestor(db, { name: "Demo", status: "contacted", demo: true });
    const app = fakeApp(db, now);
    expect(moveOnBoard(app, TEST_ACTOR, { id: real, relationship_status: "passed", pass_reason: "timing" }, true)).toBe(false);
    expect(moveOnBoard(app, TEST_ACTOR, { id: demo, relationship_status: "committed", pass_reason: null }, false)).toBe(false);
    const rows = db.$client.prepare("select relationship_status, pass_reason from investors order by id").all();
    expect(rows).toEqual([
      { relationship_status: "contacted", pass_reason: null },
      { relationship_status: "contacted", pass_reason: null },
    ]);
    expect(moveOnBoard(app, TEST_ACTOR, { id: demo, relationship_status: "in_conversation", pass_reason: null }, true)).toBe(true);
    db.$client.close();
  });
});

describe("whose card it is (decision 062)", () => {
  it("names each card's owner, and none for a card nobody owns", () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db, now);
    const jonas = Number(db.$client.prepare("insert into members (name, role) values ('Jonas Berg', 'member')").run().lastInsertRowid);
    const owned = addInvestor(db, { name: "Kristin Lund", status: "contacted" });
    addInvestor(db, { name: "Nobody's", status: "contacted" });
    db.$client.prepare("update investors set owner_member_id = ? where id = ?").run(jonas, owned);
    const cards = boardPage(app, false, new URLSearchParams()).columns.flatMap((column) => column.cards);
    expect(cards.map((card) => [card.name, card.owner])).toEqual([
      ["Kristin Lund", "Jonas Berg"],
      ["Nobody's", null],
    ]);
  });
});
