import { describe, expect, it } from "vitest";
import { buildDemoDeals } from "#app/domain/demo-data/discoveries.ts";
import { buildDemoInvestors } from "#app/domain/demo-data.ts";
import { investorKey } from "#app/domain/discovery/names.ts";
import { rankDiscoveries } from "#app/domain/discovery/rank.ts";

describe("the demo's synthetic discoveries", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const deals = buildDemoDeals(now).map((deal, index) => ({ ...deal, id: index + 1, currency: "USD", sourceUrls: [deal.sourceUrl] }));

  it("name firms the demo pipeline does not hold, in the last weeks", () => {
    const pipeline = new Set(buildDemoInvestors(now).flatMap((investor) => [investorKey(investor.name), investorKey(investor.firm ?? "")]));
    const named = deals.flatMap((deal) => deal.investors.map((investor) => investor.key));
    expect(named.filter((key) => pipeline.has(key))).toEqual([]);
    expect(deals.every((deal) => deal.announcedOn <= "2026-11-25" && deal.announcedOn >= "2026-10-25")).toBe(true);
  });

  it("rank with a lead of two matching rounds first", () => {
    const ranked = rankDiscoveries({ deals, startups: [], inPipeline: () => false, dismissedAt: new Map(), now });
    expect(ranked.length).toBeGreaterThanOrEqual(5);
    expect(ranked[0]!.lead_count).toBe(1);
    expect(ranked.at(-1)!.lead_count).toBe(0);
  });
});
