import { describe, expect, it } from "vitest";
import { REFERENCE_RATES, toUsd } from "#app/domain/currency.ts";
import { CURRENCIES } from "#app/domain/import/money.ts";
import { clampRubric } from "#app/domain/rubric/clean-model-output.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { matchCheckSize, matchGeography as matchPlaces, matchStage } from "#app/domain/rubric/match.ts";
import { placeReachOf } from "#app/domain/rubric/place-reach.ts";

/** As the server scores: the investor's places come with their reach. */
function matchGeography(investorPlaces: string[], rubricPlaces: string[]) {
  return matchPlaces(investorPlaces, rubricPlaces, placeReachOf(investorPlaces));
}

/** Scoring reads an investor with the words the import stores and the words people write. */
describe("scoring agrees with the import's vocabulary and places", () => {
  it("counts Slovenia (and other countries the old hand table lacked) as Europe for a Europe startup", () => {
    expect(matchGeography(["Slovenia"], ["Europe"]).state).toBe("match");
    expect(matchGeography(["Croatia", "Slovakia"], ["Europe"]).state).toBe("match");
    expect(matchGeography(["スロベニア"], ["Europe"]).state).toBe("match");
    expect(matchGeography(["Japan"], ["Europe"]).state).toBe("miss");
  });

  it("still reads cities and country codes as their country and region", () => {
    expect(matchGeography(["Munich"], ["Germany"]).state).toBe("match");
    expect(matchGeography(["UK"], ["Europe"]).state).toBe("match");
    expect(matchGeography(["USA"], ["North America"]).state).toBe("match");
    expect(matchGeography(["United States of America"], ["US"]).state).toBe("match");
  });

  it("reads stage words as the import does: A-round is Series A, Seed to Growth spans three", () => {
    expect(matchStage(["A-round"], ["series_a"]).state).toBe("match");
    expect(matchStage(["Seed to Growth"], ["series_a"]).state).toBe("match");
    expect(matchStage(["Pre-seed"], ["series_a"]).state).toBe("miss");
  });

  it("cleans a model's rubric with the same stage words", () => {
    const rubric = clampRubric({
      weights: { sector: 5 },
      sector_keywords: ["fintech"],
      stages: ["A-round"],
      geographies: [],
      check_size: {},
      thresholds: { email_first: 60, dont_chase: 20 },
    });
    expect(rubric?.stages).toEqual(["series_a"]);
  });

  it("widens a startup in Ljubljana to Europe in its default rubric", () => {
    const rubric = defaultRubric({ name: "Ljub", pitch: "payments", sector: "fintech", stage: "seed", geography: "Ljubljana, Slovenia" });
    expect(rubric.geographies).toEqual(expect.arrayContaining(["Slovenia", "Europe"]));
  });
});

describe("cheques in their own currency", () => {
  it("has dated reference rates, each a currency the import keeps", () => {
    expect(REFERENCE_RATES.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(REFERENCE_RATES.unitsPerUsd.USD).toBe(1);
    for (const [code, rate] of Object.entries(REFERENCE_RATES.unitsPerUsd)) {
      expect(CURRENCIES).toContain(code);
      expect(rate).toBeGreaterThan(0);
    }
    for (const code of ["EUR", "GBP", "CHF", "JPY", "INR", "CAD", "AUD", "SGD", "SEK", "NOK", "DKK"])
      expect(REFERENCE_RATES.unitsPerUsd[code]).toBeGreaterThan(0);
  });

  it("reads a ¥30,000,000 cheque as about $200k, not $30M", () => {
    const usd = toUsd(30_000_000, "JPY");
    expect(usd).toBeGreaterThan(150_000);
    expect(usd).toBeLessThan(260_000);
    const seed = { min: 100_000, max: 500_000 };
    expect(matchCheckSize(30_000_000, 30_000_000, seed, "JPY").state).toBe("match");
    expect(matchCheckSize(30_000_000, 30_000_000, seed, "USD").state).toBe("miss");
    expect(matchCheckSize(30_000_000, 30_000_000, seed, null).state).toBe("miss");
  });

  it("says the cheque in its currency with the dollars beside it", () => {
    const match = matchCheckSize(250_000, 250_000, { min: 100_000, max: 500_000 }, "EUR");
    expect(match.detail).toContain("€250k");
    expect(match.detail).toMatch(/about \$2\d\d(\.\d)?k/);
  });

  it("says a cheque in a currency with no rate cannot be compared, rather than reading it as dollars", () => {
    // Before decision 054 an unknown code was dollars: 5,000,000 shillings read as a $5M cheque.
    expect(toUsd(1000, "XYZ")).toBeUndefined();
    expect(toUsd(5_000_000, "KES")).toBeUndefined();
    const match = matchCheckSize(5_000_000, 5_000_000, { min: 100_000, max: 500_000 }, "KES");
    expect(match).toMatchObject({ state: "unknown", value: 0 });
    expect(match.detail).toContain("no rate for KES");
  });
});
