import { describe, expect, it } from "vitest";
import type { Deal } from "#app/domain/discovery/deal.ts";
import { mergeDeals, sameDeal } from "#app/domain/discovery/same-deal.ts";

function deal(overrides: Partial<Deal>): Deal {
  return {
    company: "Finlo",
    amount: 3_000_000,
    currency: "USD",
    stage: "seed",
    sectors: ["fintech"],
    geography: "Berlin",
    announced_on: "2026-11-12",
    leads: ["Northzone"],
    participants: [],
    source_url: "https://feed.example.com/finlo",
    ...overrides,
  };
}

describe("sameDeal", () => {
  it("is the same company and round within 30 days", () => {
    expect(sameDeal(deal({}), deal({ company: "finlo GmbH", announced_on: "2026-12-11", amount: null }))).toBe(true);
    expect(sameDeal(deal({}), deal({ stage: null, announced_on: null }))).toBe(true);
  });

  it("is another deal for another company, another stage, or more than 30 days apart", () => {
    expect(sameDeal(deal({}), deal({ company: "Finloop" }))).toBe(false);
    expect(sameDeal(deal({}), deal({ stage: "series_a" }))).toBe(false);
    expect(sameDeal(deal({}), deal({ announced_on: "2026-12-13" }))).toBe(false);
  });
});

describe("mergeDeals", () => {
  it("makes one deal of the same round from two sources: every investor, a lead anywhere a lead", () => {
    const merged = mergeDeals([
      deal({ leads: ["Northzone"], participants: ["Seedcamp"] }),
      deal({
        source_url: "https://search.example.com/finlo",
        announced_on: "2026-11-10",
        amount: null,
        currency: null,
        sectors: ["ai"],
        leads: ["Seedcamp"],
        participants: ["Tiny VC", "Northzone Ventures"],
      }),
      deal({ company: "Kelpie", leads: ["Frontline Ventures"] }),
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({
      company: "Finlo",
      amount: 3_000_000,
      currency: "USD",
      announced_on: "2026-11-10",
      sectors: ["fintech", "ai"],
      source_url: "https://feed.example.com/finlo",
    });
    expect(merged[0]?.leads).toEqual(["Northzone Ventures", "Seedcamp"]);
    expect(merged[0]?.participants).toEqual(["Tiny VC"]);
    expect(merged[1]?.company).toBe("Kelpie");
  });

  it("keeps two rounds of one company apart", () => {
    expect(mergeDeals([deal({}), deal({ stage: "series_a", announced_on: "2026-11-20" })])).toHaveLength(2);
  });
});
