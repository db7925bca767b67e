import { eq } from "drizzle-orm";
import { TEST_ACTOR } from "../helpers/actor.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { moneyText } from "#app/domain/currency.ts";
import { answerQuestion } from "#app/services/chat.server.ts";
import { boardPage } from "#app/services/board.server.ts";
import { dashboardPage } from "#app/services/dashboard-page.server.ts";
import { editAndRerank } from "#app/services/investor-profile.server.ts";
import { amountRoundRefusal, amountRounds, currentRound, setRound } from "#app/services/round.server.ts";
import { removeStartup } from "#app/services/startups.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { investors, startups } from "#db/schema.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const STAMP = "2026-11-25T12:00:00.000Z";

/**
 * Whose round an investor's amount is for (issue 20 item 1, docs/product.md#the-round): an amount
 * set for startup B counts in none of startup A's totals while A raises, and in B's once B is
 * the one raising now; every surface (the API, Today, the board, the chat) says the same.
 */
describe("an amount for another startup's round", () => {
  let db: AppDatabase;
  let alpha: number;
  let beta: number;
  let view = 0;

  function addStartup(name: string, raisingNow: boolean): number {
    return db
      .insert(startups)
      .values({ name, pitch: "p", sector: "fintech", stage: "seed", roundSize: 1_000_000, raisingNow, createdAt: STAMP, updatedAt: STAMP })
      .returning({ id: startups.id })
      .get().id;
  }

  function addInvestor(name: string, amount: number): number {
    return db
      .insert(investors)
      .values({ name, kind: "fund", relationshipStatus: "committed", amount, createdAt: STAMP, updatedAt: STAMP })
      .returning({ id: investors.id })
      .get().id;
  }

  /** The committed total on each surface, which must agree. */
  async function committedEverywhere(): Promise<number> {
    const app = fakeApp(db);
    view++;
    const api = currentRound(app).committed;
    const board = boardPage(app, false, new URLSearchParams({ moved: String(view) })).columns.find((c) => c.status === "committed")?.amount;
    const today = dashboardPage(app, false, new URLSearchParams({ run: String(view) })).round?.line;
    const chat = await answerQuestion(app, { message: "How much is committed?" }, { demo: false, model: undefined });
    expect(board).toBe(api);
    expect(today).toContain(`${moneyText(api, "USD")} committed`);
    expect(chat.answer.startsWith(`${moneyText(api, "USD")} committed`)).toBe(true);
    return api;
  }

  beforeEach(() => {
    db = createTestDatabase().db;
    alpha = addStartup("Alpha", true);
    beta = addStartup("Beta", false);
  });
  afterEach(() => db?.$client.close());

  it("counts in B's round only once B is raising now; the round raising now's amounts follow it", async () => {
    const app = fakeApp(db);
    const forBeta = addInvestor("For Beta", 100_000);
    addInvestor("Raising now", 200_000);
    const forAlpha = addInvestor("For Alpha", 50_000);
    expect(editAndRerank(app, TEST_ACTOR, forBeta, { amount_startup_id: beta }, false)).toBe(true);
    expect(editAndRerank(app, TEST_ACTOR, forAlpha, { amount_startup_id: alpha }, false)).toBe(true);

    expect(currentRound(app).startup_id).toBe(alpha);
    expect(await committedEverywhere()).toBe(250_000);

    expect(setRound(app, TEST_ACTOR, { startup_id: beta }).saved).toBe(true);
    expect(currentRound(app).startup_id).toBe(beta);
    expect(await committedEverywhere()).toBe(300_000);
  });

  it("deleting a startup leaves no amount pointing at it: they become the round raising now's", async () => {
    const app = fakeApp(db);
    const forBeta = addInvestor("For Beta", 100_000);
    editAndRerank(app, TEST_ACTOR, forBeta, { amount_startup_id: beta }, false);
    expect(await committedEverywhere()).toBe(0);
    expect(await removeStartup(app, TEST_ACTOR, beta)).toBe(true);
    const row = db.select({ amountStartupId: investors.amountStartupId }).from(investors).where(eq(investors.id, forBeta)).get();
    expect(row?.amountStartupId).toBeNull();
    expect(await committedEverywhere()).toBe(100_000);
  });

  it("refuses an id that is not one of the founder's startups, and any on a demo investor", () => {
    const app = fakeApp(db);
    const demoStartup = db
      .insert(startups)
      .values({ name: "Demo Co", pitch: "p", sector: "fintech", stage: "seed", isDemo: true, createdAt: STAMP, updatedAt: STAMP })
      .returning({ id: startups.id })
      .get().id;
    expect(amountRoundRefusal(app, { amount_startup_id: beta }, false)).toBeUndefined();
    expect(amountRoundRefusal(app, { amount_startup_id: null }, false)).toBeUndefined();
    expect(amountRoundRefusal(app, { amount_startup_id: 9_999 }, false)).toMatch(/no startup with id 9999/);
    expect(amountRoundRefusal(app, { amount_startup_id: demoStartup }, false)).toMatch(/no startup with id/);
    expect(amountRoundRefusal(app, { amount_startup_id: beta }, true)).toMatch(/demo's round/);
  });

  it("offers the founder's startups, naming the one raising now, and none on the demo", () => {
    const app = fakeApp(db);
    expect(amountRounds(app, false)).toEqual({
      startups: [
        { id: alpha, name: "Alpha" },
        { id: beta, name: "Beta" },
      ],
      raisingNow: "Alpha",
    });
    expect(amountRounds(app, true)).toEqual({ startups: [], raisingNow: null });
  });
});
