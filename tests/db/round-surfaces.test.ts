import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENCIES, REFERENCE_RATES, moneyText } from "#app/domain/currency.ts";
import { toGsm7 } from "#app/domain/digest.ts";
import { withoutAmountNote } from "#app/domain/round.ts";
import { RELATIONSHIP_STATUSES } from "#app/domain/vocabulary.ts";
import { todaysDigest } from "#app/jobs/digest.server.ts";
import { answerQuestion } from "#app/services/chat.server.ts";
import { dashboardPage } from "#app/services/dashboard-page.server.ts";
import { currentRound } from "#app/services/round.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { investors, startups } from "#db/schema.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";

const investorArb = fc.record({
  relationshipStatus: fc.constantFrom(...RELATIONSHIP_STATUSES),
  amount: fc.option(fc.integer({ min: 0, max: 3_000_000 }), { nil: null }),
  amountCurrency: fc.option(fc.constantFrom(...CURRENCIES), { nil: null }),
});

const roundArb = fc.record({
  roundSize: fc.integer({ min: 100_000, max: 5_000_000 }),
  roundCurrency: fc.constantFrom(...CURRENCIES),
});

type Generated = { relationshipStatus: (typeof RELATIONSHIP_STATUSES)[number]; amount: number | null; amountCurrency: string | null };

/**
 * The plain sum over investors of one status: whole units added up per currency (exact), each
 * subtotal converted at the reference rates, rounded once. Converting row by row first gives the same
 * sum in exact arithmetic, but floating point may land it on the other side of a half unit.
 */
function sumOf(rows: Generated[], status: string, currency: string): number {
  const perUsd = REFERENCE_RATES.unitsPerUsd;
  const perCurrency = new Map<string, number>();
  for (const row of rows) {
    if (row.relationshipStatus !== status || row.amount === null) continue;
    const from = row.amountCurrency ?? "USD";
    perCurrency.set(from, (perCurrency.get(from) ?? 0) + row.amount);
  }
  let exact = 0;
  for (const [from, amount] of perCurrency) {
    if (from === currency) exact += amount;
    // A currency with no rate is left out of the sum (and said: without_rate).
    else if (perUsd[from] !== undefined && perUsd[currency] !== undefined) exact += (amount / perUsd[from]) * perUsd[currency];
  }
  return Math.round(exact);
}

/**
 * Decision 031's promise: Today, GET /api/round, the chat (without a model) and the digest all
 * say the round's totals, and those are the plain sum over the investors, for generated pipelines
 * of mixed currencies and every status.
 */
describe("the round's totals on every surface", () => {
  let db: AppDatabase;
  beforeAll(() => {
    db = createTestDatabase().db;
  });
  afterAll(() => db?.$client.close());

  it("equal the sum over investors on Today, the API, the chat and the digest", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(investorArb, { minLength: 1, maxLength: 25 }), roundArb, async (rows, round) => {
        run++;
        db.delete(investors).run();
        db.delete(startups).run();
        const stamp = "2026-11-25T12:00:00.000Z";
        db.insert(startups)
          .values({
            name: "Clinicpay",
            pitch: "p",
            sector: "fintech",
            stage: "seed",
            roundSize: round.roundSize,
            roundCurrency: round.roundCurrency,
            closeBy: "2027-01-15",
            createdAt: stamp,
            updatedAt: stamp,
          })
          .run();
        for (const [index, row] of rows.entries()) {
          db.insert(investors)
            .values({ name: `Investor ${index}`, kind: "fund", ...row, createdAt: stamp, updatedAt: stamp })
            .run();
        }
        const app = fakeApp(db);
        const committed = sumOf(rows, "committed", round.roundCurrency);
        const soft = sumOf(rows, "soft_committed", round.roundCurrency);
        const committedText = moneyText(committed, round.roundCurrency);
        const softText = moneyText(soft, round.roundCurrency);

        const api = currentRound(app);
        expect(api.committed).toBe(committed);
        expect(api.soft_committed).toBe(soft);
        for (const entry of api.by_status) expect(entry.amount).toBe(sumOf(rows, entry.status, round.roundCurrency));
        expect(api.percent).toBe(Math.round(((committed + soft) / round.roundSize) * 100));

        const today = dashboardPage(app, false, new URLSearchParams({ run: String(run) })).round;
        expect(today?.line).toContain(`${committedText} committed + ${softText} soft`);
        expect(today?.line).toContain(`(${api.percent}%)`);
        // Who the totals leave out for want of an amount, counted over the saved rows (not in the API's answer).
        const missing = (status: Generated["relationshipStatus"]) =>
          rows.filter((row) => row.relationshipStatus === status && row.amount === null).length;
        expect(today?.withoutAmount).toEqual(
          withoutAmountNote({ committed: missing("committed"), soft_committed: missing("soft_committed") }),
        );
        expect(api).not.toHaveProperty("without_amount");

        const chat = await answerQuestion(app, { message: "How much is committed?" }, { demo: false, model: undefined });
        expect(chat.source).toBe("summary");
        expect(chat.answer.startsWith(`${committedText} committed`)).toBe(true);
        expect(chat.answer).toContain(`Plus ${softText} soft.`);

        const progress = await answerQuestion(app, { message: "How close am I?" }, { demo: false, model: undefined });
        expect(progress.answer).toContain(`(${api.percent}%)`);

        const digest = todaysDigest(app);
        // The digest is GSM-7: € and ¥ stay, ₹ and the like are spelled out; the percent always reads the same.
        const digestMoney = `${committedText} committed + ${softText} soft`.replace(/€/g, "EUR ").replace(/₹/g, "INR ");
        expect(digest).toContain(`Round: ${toGsm7(digestMoney)}`);
        expect(digest).toContain(`(${api.percent}%)`);
      }),
      { numRuns: 25 },
    );
  });
});
