import { describe, expect, it } from "vitest";
import { DISCOVER_SHOWN, DISCOVER_SHOWN_MORE, discoverPageOf } from "#app/domain/discovery/page.ts";
import type { DealForRanking, DiscoveredInvestor } from "#app/domain/discovery/rank.ts";

const deal = (id: number): DealForRanking => ({
  id,
  company: `Company ${id}`,
  amount: 1_000_000,
  currency: "USD",
  stage: "seed",
  sectors: ["fintech"],
  geography: "Germany",
  announcedOn: "2026-11-20",
  sourceUrls: [`https://news.example/${id}`],
  investors: [],
});

const investor = (i: number, dismissed = false): DiscoveredInvestor => ({
  key: `fund ${i}`,
  name: `Fund ${i}`,
  firm: null,
  score: 1_000 - i,
  reason: "Led a seed round like yours.",
  lead_count: 1,
  deal_ids: [i],
  dismissed,
  profile: { sectors: ["fintech"], stages: ["seed"], geographies: ["Germany"], check_min: null, check_max: null },
  sources: ["feed"],
});

/** Discover shows the best few of a season's investors, not all of them (a 1.1 MB page with 400 deals). */
describe("Discover's page of the ranked investors", () => {
  const deals = Array.from({ length: 400 }, (_, i) => deal(i));
  const ranked = Array.from({ length: 400 }, (_, i) => investor(i, i % 10 === 9));

  it("shows the best DISCOVER_SHOWN not dismissed, in rank order, with their deals in words and no profile", () => {
    const page = discoverPageOf(deals, ranked, false);
    const open = ranked.filter((item) => !item.dismissed);
    expect(page.investors.map((item) => item.key)).toEqual(open.slice(0, DISCOVER_SHOWN).map((item) => item.key));
    expect(page.total).toBe(360);
    expect(page.dismissedCount).toBe(40);
    expect(page.investors.map((item) => item.deals.map((d) => d.id))).toEqual(open.slice(0, DISCOVER_SHOWN).map((item) => item.deal_ids));
    expect(page.investors[0]!.deals[0]!.sentence).toMatch(/seed of Company 0/);
    expect(page.investors[0]!.deals[0]!.sources).toEqual(["https://news.example/0"]);
    expect(page.investors.every((item) => !("profile" in item))).toBe(true);
  });

  it("shows up to DISCOVER_SHOWN_MORE when asked for more, and every one of a short list", () => {
    expect(discoverPageOf(deals, ranked, true).investors).toHaveLength(DISCOVER_SHOWN_MORE);
    const short = discoverPageOf(deals, ranked.slice(0, 12), false);
    expect(short.investors).toHaveLength(11);
    expect(short.total).toBe(11);
  });
});
