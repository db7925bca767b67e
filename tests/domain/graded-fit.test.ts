import { describe, expect, it } from "vitest";
import { CHECK_SHARE_BY_ROLE, chequeRangeFor, defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { profileFit } from "#app/domain/rubric/fit-sentence.ts";
import { matchCheckSize, matchGeography, matchSector, matchStage } from "#app/domain/rubric/match.ts";
import { placeReachOf, placeReachesOf } from "#app/domain/rubric/place-reach.ts";
import { draftOutreach } from "#app/domain/outreach.ts";
import { DEFAULT_RULES, scoreInvestor } from "#app/domain/scoring.ts";

/** Each part of the fit is a degree 0–1 (docs/product.md#graded-fit, decision 029). */

const FINTECH = ["fintech", "payments", "banking", "financial services"];

describe("sector degree", () => {
  it("rises with the keywords named and how central they are", () => {
    const focused = matchSector(["Fintech", "Payments"], FINTECH).value;
    const one = matchSector(["Fintech"], FINTECH).value;
    const diluted = matchSector(["Fintech", "Healthcare", "Energy", "Mining", "Media"], FINTECH).value;
    const generalist = matchSector(["Generalist"], FINTECH).value;
    expect(focused).toBe(1);
    expect(one).toBeLessThan(focused);
    expect(diluted).toBeLessThan(one);
    expect(generalist).toBeLessThan(diluted);
    expect(matchSector(["Biotech"], FINTECH)).toMatchObject({ value: 0, far: "Invests in Biotech, not fintech or payments" });
  });
});

describe("stage degree", () => {
  it("falls with the distance on the ladder from the stage raised", () => {
    const at = (stages: string[]) => matchStage(stages, ["seed", "series_a"], "seed");
    expect(at(["seed"]).value).toBe(1);
    expect(at(["series_a"]).value).toBe(0.8);
    expect(at(["pre_seed"]).value).toBe(0.4);
    expect(at(["series_b_plus"])).toMatchObject({ value: 0, far: "Invests at Series B+; you are raising a Seed round" });
    // Without the stage raised, distance counts from the rubric's nearest stage.
    expect(matchStage(["series_b_plus"], ["seed", "series_a"]).far).toBeUndefined();
  });
});

describe("geography degree", () => {
  const at = (places: string[]) =>
    matchGeography(places, ["Germany", "Western Europe", "Europe"], placeReachOf(places), placeReachesOf(places));
  it("puts the exact country over its region over global over elsewhere", () => {
    const exact = at(["Germany"]).value;
    const region = at(["Western Europe"]).value;
    const inside = at(["France"]).value;
    const global = at(["Global"]).value;
    expect(exact).toBe(1);
    expect(region).toBeLessThan(exact);
    expect(inside).toBeLessThan(region);
    expect(global).toBeLessThan(inside);
    expect(at(["Japan"])).toMatchObject({ value: 0, far: "Invests in Japan, not Germany or Western Europe" });
  });

  it("weighs how many of their places are inside, and never calls an unknown place far", () => {
    expect(at(["France", "Japan", "Brazil", "India"]).value).toBeLessThan(at(["France", "Austria"]).value);
    expect(at(["Atlantis"]).far).toBeUndefined();
  });
});

describe("cheque degree", () => {
  const lead = { min: 300_000, max: 900_000 };
  it("rises with the share of the wanted range covered and reaching a lead's cheque", () => {
    const whole = matchCheckSize(250_000, 1_000_000, lead).value;
    const upper = matchCheckSize(500_000, 2_000_000, lead).value;
    const lower = matchCheckSize(50_000, 500_000, lead).value;
    expect(whole).toBe(1);
    expect(upper).toBeLessThan(whole);
    expect(lower).toBeLessThan(upper);
    expect(matchCheckSize(50_000, 200_000, lead).value).toBeGreaterThan(0);
    expect(matchCheckSize(50_000, 200_000, lead).far).toBeUndefined();
    expect(matchCheckSize(25_000, 100_000, lead)).toMatchObject({
      value: 0,
      far: "Writes $25k–$100k cheques, smaller than the $300k–$900k you look for",
    });
    expect(matchCheckSize(5_000_000, 20_000_000, lead).far).toBeDefined();
  });
});

describe("the ask", () => {
  it("takes the cheque range from the round size and the role", () => {
    expect(chequeRangeFor(1_500_000, "lead")).toEqual({ min: 300_000, max: 900_000 });
    expect(chequeRangeFor(1_500_000, "co_lead")).toEqual({ min: 150_000, max: 525_000 });
    expect(chequeRangeFor(1_500_000, "follow")).toEqual({ min: 30_000, max: 225_000 });
    expect(chequeRangeFor(1_500_000, null)).toEqual({ min: 75_000, max: 600_000 });
    expect(chequeRangeFor(null, "lead")).toEqual({});
    expect(CHECK_SHARE_BY_ROLE.lead.min).toBeGreaterThan(CHECK_SHARE_BY_ROLE.co_lead.min);
    const startup = { name: "Ledgerly", pitch: "x", sector: "Fintech", stage: "seed" as const, geography: "Europe", round_size: 1_500_000 };
    expect(defaultRubric({ ...startup, role_wanted: "lead" }).check_size).toEqual({ min: 300_000, max: 900_000 });
  });

  it("no longer reads a lead's $750k–$2.5m as larger than the range when a lead is asked for", () => {
    const startup = { name: "Ledgerly", pitch: "x", sector: "Fintech", stage: "seed" as const, geography: "Europe", round_size: 1_500_000 };
    const rubric = defaultRubric({ ...startup, role_wanted: "lead" });
    expect(matchCheckSize(750_000, 2_500_000, rubric.check_size).detail).not.toMatch(/larger/);
  });
});

describe("misfits", () => {
  const startup = { name: "Ledgerly", pitch: "x", sector: "Fintech", stage: "seed" as const, geography: "Europe", round_size: 1_500_000 };
  const startups = [{ name: "Ledgerly", rubric: defaultRubric({ ...startup, role_wanted: "lead" as const }), stage: "seed" as const }];
  const investor = (overrides: Record<string, unknown>) => {
    const base = {
      sectors: ["Fintech"],
      stages: ["seed"],
      geographies: ["Europe"],
      check_min: 300_000,
      check_max: 1_000_000,
      ...overrides,
    };
    return { ...base, place_reach: placeReachOf(base.geographies), place_reaches: placeReachesOf(base.geographies) };
  };
  const advise = (overrides: Record<string, unknown>) => {
    const fit = profileFit(investor(overrides), startups);
    const scoring = {
      relationship_status: "not_contacted" as const,
      last_contact_date: null,
      signal_activity: null,
      signal_red_flag: null,
    };
    return scoreInvestor(
      { ...scoring, signal_fit: fit.value, fit_detail: fit.detail, fit_known: fit.known, fit_misfit: fit.misfit },
      [],
      new Date(),
      DEFAULT_RULES,
    );
  };

  it("are don't-chase with the reason when a known part is far off", () => {
    const stage = advise({ stages: ["series_b_plus"] });
    expect(stage.action).toBe("dont_chase");
    expect(stage.explained.action_reason).toBe("Not a fit: Invests at Series B+; you are raising a Seed round.");
    expect(advise({ sectors: ["Healthcare"] }).action).toBe("dont_chase");
    expect(advise({ geographies: ["United States"] }).action).toBe("dont_chase");
    expect(advise({ check_min: 10_000_000, check_max: 30_000_000 }).action).toBe("dont_chase");
  });

  it("are not made of unknown parts, nor of a part one step off", () => {
    expect(advise({ geographies: [] }).action).not.toBe("dont_chase");
    expect(advise({ stages: ["series_a"] }).action).not.toBe("dont_chase");
    expect(advise({ geographies: ["Atlantis"] }).action).not.toBe("dont_chase");
  });

  it("are misfits only when far off for every startup", () => {
    const health = { ...startup, name: "Carely", sector: "Healthcare" };
    const both = [...startups, { name: "Carely", rubric: defaultRubric(health), stage: "seed" as const }];
    expect(profileFit(investor({ sectors: ["Healthcare"] }), both).misfit).toBeNull();
    expect(profileFit(investor({ sectors: ["Gaming"] }), both).misfit).toMatch(/Gaming/);
  });
});

describe("a misfit's draft", () => {
  it("offers no first email to someone not worth chasing, and still does to everyone else", () => {
    const investor = { name: "Nordic Scale", relationshipStatus: "not_contacted" as const, lastContactDate: null, signalHook: null };
    const context = { founder: {}, now: new Date("2026-11-25T09:00:00Z"), followUpAfterDays: 7 };
    expect(draftOutreach({ ...investor, action: "dont_chase" }, context).kind).toBe("no_email");
    expect(draftOutreach({ ...investor, action: "wait" }, context).kind).toBe("first_email");
    expect(draftOutreach({ ...investor, action: "email_first" }, context).kind).toBe("first_email");
  });
});
