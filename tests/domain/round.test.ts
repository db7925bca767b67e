import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES, REFERENCE_RATES, ratesWithOverrides } from "#app/domain/currency.ts";
import { buildDemoInvestors, demoRound } from "#app/domain/demo-data.ts";
import {
  type MoneyInvestor,
  closeText,
  ratesNote,
  roundProgress,
  roundProgressLine,
  roundRaisingNow,
  roundTotals,
} from "#app/domain/round.ts";
import { RELATIONSHIP_STATUSES } from "#app/domain/vocabulary.ts";

const moneyInvestorArb: fc.Arbitrary<MoneyInvestor> = fc.record({
  relationshipStatus: fc.constantFrom(...RELATIONSHIP_STATUSES),
  amount: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
  amountCurrency: fc.option(fc.constantFrom(...CURRENCIES), { nil: null }),
  amountStartupId: fc.option(fc.constantFrom(1, 2), { nil: null }),
});

const roundArb = fc.record({
  id: fc.constantFrom(1, 2),
  roundSize: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
  roundCurrency: fc.option(fc.constantFrom(...CURRENCIES), { nil: null }),
});

/** The sum over investors, written the plain way: what every surface must agree with. */
function sumOver(investors: MoneyInvestor[], round: { id: number; roundCurrency: string | null }, statuses: string[]) {
  const currency = round.roundCurrency ?? "USD";
  let total = 0;
  for (const investor of investors) {
    if (!statuses.includes(investor.relationshipStatus) || investor.amount === null) continue;
    if (investor.amountStartupId !== null && investor.amountStartupId !== round.id) continue;
    const from = investor.amountCurrency ?? "USD";
    if (from === currency) total += investor.amount;
    else if (rated(from) && rated(currency)) total += (investor.amount / PER_USD[from]!) * PER_USD[currency]!;
  }
  return total;
}

const PER_USD = REFERENCE_RATES.unitsPerUsd;
function rated(code: string): boolean {
  return PER_USD[code] !== undefined;
}

describe("roundTotals", () => {
  it("equals the sum over investors for generated pipelines (mixed currencies, every status)", () => {
    fc.assert(
      fc.property(fc.array(moneyInvestorArb, { maxLength: 60 }), roundArb, (investors, round) => {
        const totals = roundTotals(investors, round);
        expect(totals.committed).toBeCloseTo(sumOver(investors, round, ["committed"]), -0.5);
        expect(totals.soft_committed).toBeCloseTo(sumOver(investors, round, ["soft_committed"]), -0.5);
        expect(totals.in_talks).toBeCloseTo(
          sumOver(investors, round, ["intro_requested", "contacted", "in_conversation", "meeting_scheduled", "due_diligence"]),
          -1,
        );
        for (const total of totals.by_status) {
          expect(total.count).toBe(investors.filter((i) => i.relationshipStatus === total.status).length);
          expect(total.amount).toBeCloseTo(sumOver(investors, round, [total.status]), -0.5);
        }
        expect(totals.by_status.map((t) => t.status)).toEqual([...RELATIONSHIP_STATUSES]);
        const counted = investors.filter((i) => i.amount !== null && (i.amountStartupId === null || i.amountStartupId === round.id));
        const currency = round.roundCurrency ?? "USD";
        const foreign = counted.filter((i) => (i.amountCurrency ?? "USD") !== currency);
        expect(totals.converted).toBe(foreign.some((i) => rated(i.amountCurrency ?? "USD") && rated(currency)));
        expect(totals.without_rate.reduce((sum, entry) => sum + entry.count, 0)).toBe(
          foreign.filter((i) => !rated(i.amountCurrency ?? "USD") || !rated(currency)).length,
        );
        if (round.roundSize === null) expect(totals.percent).toBeNull();
        else expect(totals.percent).toBe(Math.round(((totals.committed + totals.soft_committed) / round.roundSize) * 100));
      }),
      { numRuns: 500 },
    );
  });

  it("gives the same totals from rows summed by status, currency and round as from one row per investor", () => {
    // db/queries/round.server.ts reads the investors summed in SQL (sum() skips nulls; a group with
    // no amount sums to null), so the totals must not depend on the grouping.
    fc.assert(
      fc.property(fc.array(moneyInvestorArb, { maxLength: 60 }), roundArb, (investors, round) => {
        const groups = new Map<string, MoneyInvestor & { count: number }>();
        for (const investor of investors) {
          const key = `${investor.relationshipStatus}|${investor.amountCurrency}|${investor.amountStartupId}`;
          const group = groups.get(key) ?? { ...investor, amount: null, count: 0 };
          group.count++;
          if (investor.amount !== null) group.amount = (group.amount ?? 0) + investor.amount;
          groups.set(key, group);
        }
        const one = roundTotals(investors, round);
        const summed = roundTotals([...groups.values()], round);
        expect(summed.by_status.map((total) => total.count)).toEqual(one.by_status.map((total) => total.count));
        for (const [i, total] of summed.by_status.entries()) expect(total.amount).toBeCloseTo(one.by_status[i]!.amount, -0.5);
        expect(summed.converted).toBe(one.converted);
      }),
      { numRuns: 300 },
    );
  });

  it("says the issue's line: committed, soft, target, percent and the close", () => {
    const investors: MoneyInvestor[] = [
      { relationshipStatus: "committed", amount: 400_000, amountCurrency: null, amountStartupId: null },
      { relationshipStatus: "committed", amount: 250_000, amountCurrency: "USD", amountStartupId: 1 },
      { relationshipStatus: "soft_committed", amount: 300_000, amountCurrency: null, amountStartupId: null },
      { relationshipStatus: "due_diligence", amount: 500_000, amountCurrency: null, amountStartupId: null },
      { relationshipStatus: "passed", amount: 100_000, amountCurrency: null, amountStartupId: null },
    ];
    const round = { id: 1, roundSize: 1_500_000, roundCurrency: null, closeBy: "2027-01-15" };
    const totals = roundTotals(investors, round);
    expect(totals).toMatchObject({ committed: 650_000, soft_committed: 300_000, in_talks: 500_000, percent: 63, converted: false });
    expect(roundProgressLine(round, totals, "2026-11-25")).toBe("$650k committed + $300k soft of $1.5M (63%) · closes 15 Jan, 51 days");
  });

  it("shows an oversubscribed round as such and flags a conversion", () => {
    const investors: MoneyInvestor[] = [
      { relationshipStatus: "committed", amount: 1_000_000, amountCurrency: "EUR", amountStartupId: null },
      { relationshipStatus: "soft_committed", amount: 600_000, amountCurrency: null, amountStartupId: null },
    ];
    const round = { id: 1, roundSize: 1_500_000, roundCurrency: "USD", closeBy: null };
    const totals = roundTotals(investors, round, { unitsPerUsd: { USD: 1, EUR: 0.8 }, date: "2024-12-31", overridden: [] });
    expect(totals.committed).toBe(1_250_000);
    expect(totals.converted).toBe(true);
    expect(roundProgressLine(round, totals, "2026-11-25")).toBe("$1.25M committed + $600k soft of $1.5M (123%), oversubscribed");
  });

  it("totals a Nordic round in kroner across NOK, SEK, EUR and USD, at the founder's rate where she set one, and says so", () => {
    const investors: MoneyInvestor[] = [
      { relationshipStatus: "committed", amount: 2_000_000, amountCurrency: "NOK", amountStartupId: null },
      { relationshipStatus: "committed", amount: 300_000, amountCurrency: "EUR", amountStartupId: null },
      { relationshipStatus: "soft_committed", amount: 10_000_000, amountCurrency: "SEK", amountStartupId: null },
      { relationshipStatus: "due_diligence", amount: 500_000, amountCurrency: "USD", amountStartupId: null },
      // No reference rate for shillings: kept on the investor, left out of the sums, and said.
      { relationshipStatus: "committed", amount: 1_000_000, amountCurrency: "KES", amountStartupId: null },
    ];
    const round = { id: 1, roundSize: 30_000_000, roundCurrency: "NOK" };
    // Shipped: 11.3534 NOK, 11.0299 SEK, 0.962557 EUR for one dollar.
    const shipped = roundTotals(investors, round);
    expect(shipped).toMatchObject({ currency: "NOK", committed: 5_538_513, soft_committed: 10_293_294, in_talks: 5_676_700, percent: 53 });
    // The founder's own rate: 10 kroner for a dollar.
    const rates = { unitsPerUsd: ratesWithOverrides({ NOK: 10 }), date: REFERENCE_RATES.date, overridden: ["NOK"] };
    const totals = roundTotals(investors, round, rates);
    expect(totals).toMatchObject({ committed: 5_116_699, soft_committed: 9_066_265, in_talks: 5_000_000, percent: 47, converted: true });
    expect(totals.rates).toEqual({ date: "2024-12-31", overridden: ["NOK"] });
    expect(totals.without_rate).toEqual([{ currency: "KES", count: 1 }]);
    expect(totals.by_status.find((total) => total.status === "committed")?.count).toBe(3);
    expect(ratesNote(totals)).toBe(
      "converted at the reference rates of 31 Dec 2024 (NOK at your rate); 1 amount in KES left out: no rate; set one on Settings",
    );
    expect(roundProgressLine({ roundSize: 30_000_000, closeBy: null }, totals, "2026-12-02")).toBe(
      "NOK 5.12M committed + NOK 9.07M soft of NOK 30M (47%)",
    );
    // All in the round's own currency: nothing converted, nothing said.
    const own = roundTotals([investors[0]!], round, rates);
    expect(own.rates).toBeNull();
    expect(ratesNote(own)).toBeNull();
  });

  it("leaves out amounts that belong to another startup's round", () => {
    const investors: MoneyInvestor[] = [{ relationshipStatus: "committed", amount: 100, amountCurrency: null, amountStartupId: 2 }];
    const totals = roundTotals(investors, { id: 1, roundSize: 1_000, roundCurrency: null });
    expect(totals.committed).toBe(0);
    expect(totals.by_status.find((t) => t.status === "committed")).toEqual({ status: "committed", count: 1, amount: 0 });
  });

  it("counts the committed and soft-committed investors with no amount, and Today says so with what to do", () => {
    const investors: MoneyInvestor[] = [
      { relationshipStatus: "committed", amount: 50_000, amountCurrency: null, amountStartupId: null },
      { relationshipStatus: "committed", amount: null, amountCurrency: null, amountStartupId: null },
      // A summed row (db/queries/round.server.ts): 3 investors, 1 of them with an amount.
      { relationshipStatus: "soft_committed", amount: 25_000, amountCurrency: null, amountStartupId: null, count: 3, withAmount: 1 },
      { relationshipStatus: "in_conversation", amount: null, amountCurrency: null, amountStartupId: null },
    ];
    const round = { id: 1, name: "Cobre", roundSize: null, roundCurrency: null, closeBy: null };
    const totals = roundTotals(investors, round);
    expect(totals.without_amount).toEqual({ committed: 1, soft_committed: 2 });
    expect(roundProgress(round as Parameters<typeof roundProgress>[0], totals, "2026-11-26")?.withoutAmount).toEqual({
      text: "1 committed + 2 soft with no amount yet",
      status: "committed",
    });
    const one = roundTotals([investors[1]!], round);
    expect(roundProgress(round as Parameters<typeof roundProgress>[0], one, "2026-11-26")?.withoutAmount).toEqual({
      text: "1 committed with no amount yet",
      status: "committed",
    });
    const soft = roundTotals([investors[2]!], round);
    expect(roundProgress(round as Parameters<typeof roundProgress>[0], soft, "2026-11-26")?.withoutAmount?.status).toBe("soft_committed");
    const none = roundTotals([investors[0]!], round);
    expect(none.without_amount).toEqual({ committed: 0, soft_committed: 0 });
    expect(roundProgress(round as Parameters<typeof roundProgress>[0], none, "2026-11-26")?.withoutAmount).toBeNull();
  });
});

describe("the round raising now", () => {
  it("is the only startup, else the one marked, else none", () => {
    expect(roundRaisingNow([{ id: 1, raisingNow: false }])?.id).toBe(1);
    expect(
      roundRaisingNow([
        { id: 1, raisingNow: false },
        { id: 2, raisingNow: true },
      ])?.id,
    ).toBe(2);
    expect(
      roundRaisingNow([
        { id: 1, raisingNow: false },
        { id: 2, raisingNow: false },
      ]),
    ).toBeUndefined();
    expect(roundRaisingNow([])).toBeUndefined();
  });

  it("says a passed close date as such", () => {
    expect(closeText("2026-11-20", "2026-11-25")).toBe("closed 20 Nov, 5 days ago");
    expect(closeText("2026-11-26", "2026-11-25")).toBe("closes 26 Nov, 1 day");
  });
});

describe("the round's progress on Today", () => {
  it("draws committed and soft as shares of the target, never past the bar", () => {
    const round = {
      id: 1,
      name: "Clinicpay",
      roundSize: 1_000_000,
      roundCurrency: null,
      closeBy: null,
      instrument: null,
      roleWanted: null,
      valuationCap: null,
      preMoney: null,
      raisingNow: true,
    };
    const totals = roundTotals(
      [
        { relationshipStatus: "committed", amount: 800_000, amountCurrency: null, amountStartupId: null },
        { relationshipStatus: "soft_committed", amount: 500_000, amountCurrency: null, amountStartupId: null },
      ],
      round,
    );
    expect(roundProgress(round, totals, "2026-11-25")).toMatchObject({
      committedShare: 80,
      softShare: 20,
      oversubscribed: true,
      converted: false,
      line: "$800k committed + $500k soft of $1M (130%), oversubscribed",
    });
    expect(roundProgress(undefined, totals, "2026-11-25")).toBeUndefined();
  });

  it("gives the demo a round its investors' amounts fill in part", () => {
    const now = new Date("2026-11-25T08:00:00Z");
    const investors = buildDemoInvestors(now);
    const round = demoRound(now);
    const totals = roundTotals(
      investors.map((i) => ({
        relationshipStatus: i.relationship_status,
        amount: i.amount,
        amountCurrency: i.amount_currency,
        amountStartupId: null,
      })),
      round,
    );
    expect(totals.committed).toBeGreaterThan(0);
    expect(totals.soft_committed).toBeGreaterThan(0);
    expect(totals.percent).toBeLessThan(100);
    expect(roundProgressLine(round, totals, "2026-11-25")).toContain("of $1.5M");
    expect(roundProgressLine(round, totals, "2026-11-25")).toContain("closes 15 Jan, 51 days");
    expect(investors.filter((i) => i.relationship_status === "passed").every((i) => i.pass_reason !== null)).toBe(true);
  });
});
