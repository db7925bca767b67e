import { describe, expect, it } from "vitest";
import { type DealForRanking, dealSentence, rankDiscoveries } from "#app/domain/discovery/rank.ts";
import { DEFAULT_THRESHOLDS, DEFAULT_WEIGHTS, type Rubric } from "#app/domain/rubric/schema.ts";

const now = new Date("2026-11-25T12:00:00Z");
const rubric: Rubric = {
  weights: DEFAULT_WEIGHTS,
  sector_keywords: ["fintech"],
  stages: ["seed"],
  geographies: ["Germany"],
  check_size: { min: 1_000_000, max: 5_000_000 },
  thresholds: DEFAULT_THRESHOLDS,
};
const startups = [{ name: "Ledgerly", rubric }];

let nextId = 1;
function deal(parts: Partial<DealForRanking> & Pick<DealForRanking, "investors">): DealForRanking {
  return {
    id: nextId++,
    company: "Finlo",
    amount: 3_000_000,
    currency: "USD",
    stage: "seed",
    sectors: ["fintech"],
    geography: "Germany",
    announcedOn: "2026-11-20",
    sourceUrls: ["https://news.example/finlo"],
    ...parts,
  };
}

describe("dealSentence", () => {
  it("says the deal in a line", () => {
    expect(
      dealSentence(
        {
          company: "Finlo",
          amount: 3_000_000,
          currency: "USD",
          stage: "seed",
          sectors: ["fintech"],
          geography: "Berlin",
          announcedOn: "2026-11-12",
        },
        "lead",
      ),
    ).toBe("Led the $3M seed of Finlo (fintech, Berlin), 12 Nov");
    expect(
      dealSentence(
        { company: "Robo", amount: null, currency: null, stage: "series_a", sectors: [], geography: null, announcedOn: "2026-10-01" },
        "participant",
      ),
    ).toBe("Joined the Series A of Robo, 1 Oct");
  });
});

describe("rankDiscoveries", () => {
  const fitting = deal({
    investors: [
      { key: "northzone", name: "Northzone", role: "lead" },
      { key: "seedcamp", name: "Seedcamp", role: "participant" },
      { key: "pipeline fund", name: "Pipeline Fund", role: "participant" },
    ],
  });
  const offTopic = deal({
    company: "Chipco",
    amount: 80_000_000,
    stage: "series_b_plus",
    sectors: ["semiconductors"],
    geography: "Taiwan",
    investors: [{ key: "big growth", name: "Big Growth", role: "lead" }],
  });
  const rank = (dismissedAt = new Map<string, string>(), deals = [offTopic, fitting]) =>
    rankDiscoveries({ deals, startups, inPipeline: (key) => key === "pipeline fund", dismissedAt, now });

  it("ranks a fitting lead first, a fitting participant next, an off-topic lead last, and leaves out the pipeline", () => {
    const ranked = rank();
    expect(ranked.map((investor) => investor.key)).toEqual(["northzone", "seedcamp", "big growth"]);
    expect(ranked[0]).toMatchObject({ name: "Northzone", lead_count: 1, deal_ids: [fitting.id], dismissed: false });
    expect(ranked[0]!.reason).toContain("Led the $3M seed of Finlo (fintech, Germany), 20 Nov");
    expect(ranked[0]!.reason).toContain("Fits Ledgerly");
    expect(ranked[0]!.profile).toMatchObject({ sectors: ["fintech"], stages: ["seed"], check_min: 3_000_000 });
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it("puts a recent deal above an old one, the same otherwise", () => {
    const old = deal({ announcedOn: "2026-08-01", investors: [{ key: "old fund", name: "Old Fund", role: "lead" }] });
    const fresh = deal({ announcedOn: "2026-11-24", investors: [{ key: "fresh fund", name: "Fresh Fund", role: "lead" }] });
    expect(rank(new Map(), [old, fresh]).map((investor) => investor.key)).toEqual(["fresh fund", "old fund"]);
  });

  it("keeps a dismissed investor dismissed until they lead a matching deal announced after it", () => {
    expect(rank(new Map([["northzone", "2026-11-22T10:00:00Z"]]))[0]).toMatchObject({ key: "northzone", dismissed: true });
    expect(rank(new Map([["northzone", "2026-11-10T10:00:00Z"]]))[0]).toMatchObject({ key: "northzone", dismissed: false });
  });

  it("never gives an added investor a cheque past the largest amount an investor may hold", () => {
    // A news item "raised $900 billion" (the contract takes up to 1e12) made check_max 9e11, past
    // the 10 billion every form and route #9 enforce: the profile then could not be saved as shown.
    const giant = deal({ amount: 900_000_000_000, investors: [{ key: "whale", name: "Whale", role: "lead" }] });
    const small = deal({ amount: 2_000_000, investors: [{ key: "whale", name: "Whale", role: "lead" }] });
    const alone = rankDiscoveries({ deals: [giant], startups, inPipeline: () => false, dismissedAt: new Map(), now });
    expect(alone[0]!.profile).toMatchObject({ check_min: null, check_max: null });
    const both = rankDiscoveries({ deals: [giant, small], startups, inPipeline: () => false, dismissedAt: new Map(), now });
    expect(both[0]!.profile).toMatchObject({ check_min: 2_000_000, check_max: 2_000_000 });
  });
});
