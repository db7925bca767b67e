import { describe, expect, it } from "vitest";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import type { RubricEvaluation, RubricInvestor } from "#app/domain/rubric/match.ts";
import { placeReachOf, placeReachesOf } from "#app/domain/rubric/place-reach.ts";
import { scoreForStartup } from "#app/domain/rubric/startup-score.ts";
import { DEFAULT_RULES, type ScoringRules } from "#app/domain/scoring.ts";
import { waitReason } from "#app/domain/wait-reason.ts";
import { LEDGERLY, PIPELINE_NOW } from "../fixtures/founder-pipeline.ts";

/**
 * A good fit just under the round's line "waits": its reason says what holds it back, from the
 * score's own parts (issue: "Fits Ledgerly on …" alone named only what fits).
 */

const rubric = defaultRubric(LEDGERLY);

function investor(profile: Partial<RubricInvestor>): RubricInvestor {
  // Like 13o3 in a real list: fintech among six sectors, Europe among six places, $200k–$1M.
  const geographies = profile.geographies ?? ["UK", "USA", "Germany", "France", "Brazil", "Canada"];
  return {
    id: 1,
    sectors: ["IoT", "SaaS", "Energy", "Fintech", "Media", "Real Estate"],
    stages: ["Seed", "Series A"],
    check_min: 200_000,
    check_max: 1_000_000,
    relationship_status: "not_contacted",
    last_contact_date: null,
    signal_activity: null,
    signal_red_flag: null,
    ...profile,
    geographies,
    place_reach: placeReachOf(geographies),
    place_reaches: placeReachesOf(geographies),
  };
}

function scored(row: RubricInvestor, rules: Partial<ScoringRules> = {}, evaluation: RubricEvaluation = undefined) {
  return scoreForStartup(row, evaluation, [], rubric, PIPELINE_NOW, { ...DEFAULT_RULES, ...rules }, LEDGERLY.name, LEDGERLY.stage);
}

describe("why a good fit waits", () => {
  it("names the missing news before any refresh looked, and that a refresh looks for it", () => {
    const result = scored(investor({}), { newsRefresh: true });
    expect(result.action).toBe("wait");
    expect(result.score).toBeLessThan(rubric.thresholds.email_first);
    expect(result.explained.action_reason).toBe(
      "Fits Ledgerly on Fintech, Seed/Series A, Europe and $200k–$1M cheques; waits for news: nothing found yet about what they did lately (a refresh looks for it).",
    );
  });

  it("never promises a refresh when web search is not configured", () => {
    const reason = scored(investor({}), { newsRefresh: false }).explained.action_reason;
    expect(reason).toContain("waits for news: nothing found yet about what they did lately");
    expect(reason).not.toContain("refresh looks for it");
    expect(reason).toContain("no refresh looks: web search is not configured (TAVILY_API_KEY: see Settings)");
  });

  it("says nothing of a refresh when it is not known whether one can run", () => {
    const reason = scored(investor({})).explained.action_reason;
    expect(reason).toContain("waits for news: nothing found yet about what they did lately.");
    expect(reason).not.toMatch(/refresh/);
  });

  it("marks a weak cheque, without saying it twice", () => {
    // A lead's cheque for a $1.5M round is $300k–$900k: $150k–$250k is under it, not far off.
    const result = scored(investor({ check_min: 150_000, check_max: 250_000 }), { newsRefresh: true });
    expect(result.action).toBe("wait");
    const reason = result.explained.action_reason;
    expect(reason).toMatch(
      /^Fits Ledgerly on Fintech, Seed\/Series A and Europe; weak on cheque: writes \$150k–\$250k cheques, smaller than the \$300k–\$900k you look for; waits for news: .*\.$/,
    );
    expect(reason.match(/smaller than/g)).toHaveLength(1);
  });

  it("after a refresh looked and found them quiet, says so instead of waiting for one", () => {
    const row = investor({ check_min: 150_000, check_max: 250_000, signal_activity: 5, signals_checked_at: "2026-11-20T07:00:00.000Z" });
    const result = scored(row, { newsRefresh: true });
    expect(result.action).toBe("wait");
    const reason = result.explained.action_reason;
    expect(reason).not.toContain("nothing found yet");
    expect(reason).not.toContain("refresh looks for it");
    expect(reason).toContain("quiet lately: no recent investing found");
    expect(reason).toContain("weak on cheque: writes $150k–$250k cheques");
  });

  it("after a refresh looked and found nothing, says so and promises no further look", () => {
    const reason = scored(investor({ signals_checked_at: "2026-11-20T07:00:00.000Z" }), { newsRefresh: true }).explained.action_reason;
    expect(reason).toBe(
      "Fits Ledgerly on Fintech, Seed/Series A, Europe and $200k–$1M cheques; quiet lately: the last refresh found nothing about what they did lately.",
    );
  });

  it("names a part of their profile that is not known", () => {
    const result = scored(investor({ check_min: null, check_max: null }), { newsRefresh: true });
    expect(result.action).toBe("wait");
    expect(result.explained.action_reason).toBe(
      "Fits Ledgerly on Fintech, Seed/Series A and Europe; cheque size not known; waits for news: nothing found yet about what they did lately (a refresh looks for it).",
    );
  });
});

describe("waitReason", () => {
  const part = {
    key: "check_size",
    lost: 5,
    value: 0.3,
    state: "partial",
    detail: "Writes $150k–$250k cheques, smaller than the $300k–$900k you look for",
  } as const;

  it("keeps the plain words when nothing holds them back by name", () => {
    const full = { key: "activity", lost: 0, value: 1, state: "match", detail: "Investing actively" } as const;
    expect(waitReason("Fits Ledgerly on fintech", [full], { checked: true })).toBe(
      "Not strong enough to email first yet. Fits Ledgerly on fintech.",
    );
  });

  it("marks a weak part only where the sentence lists it after what fits", () => {
    const listed = "Fits Ledgerly on fintech; writes $150k–$250k cheques, smaller than the $300k–$900k you look for";
    expect(waitReason(listed, [part], { checked: false })).toBe(
      "Fits Ledgerly on fintech; weak on cheque: writes $150k–$250k cheques, smaller than the $300k–$900k you look for.",
    );
    const apart = "Little in common with Ledgerly: writes $150k–$250k cheques, smaller than the $300k–$900k you look for";
    expect(waitReason(apart, [part], { checked: false })).toBe(`Not strong enough to email first yet. ${apart}.`);
  });
});
