import type { IntroVia } from "#app/domain/import/intro-via.ts";
import { describe, expect, it } from "vitest";
import type { RecommendedAction } from "#app/domain/investor.ts";
import { parseInvestorCsv } from "#app/domain/import/parse.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { profileFit } from "#app/domain/rubric/fit-sentence.ts";
import { placeReachOf, placeReachesOf } from "#app/domain/rubric/place-reach.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { scoreForStartup } from "#app/domain/rubric/startup-score.ts";
import { byEmailFirstOrder } from "#app/domain/today.ts";
import { type WarmPath, warmRank } from "#app/domain/warm-path.ts";
import type { PathTier } from "#app/domain/intros.ts";
import type { RelationshipStatus } from "#app/domain/vocabulary.ts";
import { LEDGERLY, PIPELINE_CSV, PIPELINE_NOW } from "../fixtures/founder-pipeline.ts";

/**
 * A founder's judgements over a realistic pipeline (tests/fixtures/founder-pipeline.ts): Ledgerly,
 * a fintech raising a $1.5M seed in Europe, wants a lead. Each pair says who Today should put
 * first and why; each label says what the app should advise. The pipeline is scored the way the
 * server scores it: the import's parsers, the default rubric, the fit signal, the overall score,
 * Today's order.
 */

type Ranked = { id: number; name: string; score: number; action: RecommendedAction; reason: string };

/** Today's lists as one order: who to email first, then who waits, then the unknown, then the rest. */
const TIER: Record<RecommendedAction, number> = {
  email_first: 0,
  follow_up: 0,
  wait: 1,
  research: 2,
  soft_committed: 3,
  committed: 3,
  dont_chase: 4,
};

/** The sheet's "Intro via" as the import keeps it: a path through that person, the sheet's word (no tier), still to ask. */
/** The sheet's Intro via column as the import reads it: its first person, an import path without a tier. */
function sheetPath(via: readonly IntroVia[] | undefined): WarmPath | null {
  const first = via?.[0]?.name;
  return first ? mailPath(null, { person: first, source: "import" }) : null;
}

function mailPath(tier: PathTier | null, over: Partial<WarmPath> = {}): WarmPath {
  return {
    path_id: 1,
    person: "Erik Solberg",
    member: "Lena",
    source: "mail",
    tier,
    evidence: "",
    state: "to_ask",
    asked_on: null,
    ...over,
  };
}

function scorePipeline(
  over: (name: string) => { intro?: WarmPath | null; relationship_status?: RelationshipStatus } = () => ({}),
): Ranked[] {
  const parsed = parseInvestorCsv(PIPELINE_CSV);
  const rubric = defaultRubric(LEDGERLY);
  const startups = [{ name: LEDGERLY.name, rubric, stage: LEDGERLY.stage }];
  const rows = parsed.rows.map((row, index) => {
    const profile = row.profile;
    const investor = {
      // Ids against the file's order, so that no judgement holds by the order it was written in.
      id: parsed.rows.length - index,
      sectors: profile.sectors,
      stages: profile.stages,
      geographies: profile.geographies,
      place_reach: placeReachOf(profile.geographies),
      place_reaches: placeReachesOf(profile.geographies),
      check_min: profile.check_min ?? null,
      check_max: profile.check_max ?? null,
      check_currency: row.check_currency ?? null,
    };
    const fit = profileFit(investor, startups);
    const intro = over(profile.name).intro ?? sheetPath(row.intro_via);
    // With one startup, the investor's one score is that startup's (decision 039).
    const result = scoreForStartup(
      {
        ...investor,
        relationship_status: over(profile.name).relationship_status ?? row.relationship_status ?? "not_contacted",
        last_contact_date: row.last_contact_date ?? null,
        signal_activity: null,
        signal_red_flag: null,
        next_step: null,
        next_step_date: null,
        meeting_date: null,
        intro,
      },
      undefined,
      [],
      rubric,
      PIPELINE_NOW,
      DEFAULT_RULES,
      LEDGERLY.name,
      LEDGERLY.stage,
    );
    return {
      id: investor.id,
      name: profile.name,
      score: result.score,
      action: result.action,
      reason: result.explained.action_reason,
      hook_at: null,
      fit: fit.value,
      warm: warmRank(intro, false),
      cheque: fit.cheque ?? null,
    };
  });
  return rows.sort((a, b) => TIER[a.action] - TIER[b.action] || byEmailFirstOrder(a, b));
}

/** "A before B, because …" */
const PAIRS: ReadonlyArray<[string, string, string]> = [
  [
    "Northbridge Partners",
    "Oakline Family Office",
    "a European fintech fund that leads seeds beats a 20-country family office with a $100K–$14M range",
  ],
  [
    "Centrum Fintech Fund",
    "Oakline Family Office",
    "a central-European fintech fund is closer than a family office investing everywhere in everything",
  ],
  ["Northbridge Partners", "Centrum Fintech Fund", "$500K–$2M can lead a $1.5M round; $50K–$500K mostly cannot"],
  ["Baltic Ledger Ventures", "Centrum Fintech Fund", "$400K–$1.5M can lead; $50K–$500K is a follower's cheque"],
  ["Harbour Lane Capital", "Tomás Ferreira", "a seed fund writing up to $1M before an angel writing up to $200K when a lead is wanted"],
  ["Northbridge Partners", "Meridian Global Ventures", "a fintech specialist before a generalist"],
  ["Kestrel Payments Fund", "Meridian Global Ventures", "a payments specialist before a generalist"],
  ["Baltic Ledger Ventures", "Kestrel Payments Fund", "investing in Europe by name before investing 'globally'"],
  ["Ledger Path Ventures", "Ledger Road Ventures", "the same fund profile, but a portfolio founder can introduce us"],
  ["Cobalt Seed", "Copper Seed", "$300K–$1.2M covers a lead's cheque; $100K–$400K barely reaches it"],
  ["Aster Capital", "Azalea Capital", "identical in every way: the name decides, so the order is stable"],
  ["Alpine Seed Capital", "Seedling Lab", "a seed fund writing $300K–$1M before a pre-seed accelerator writing $50K–$150K"],
  ["Crescent Fund", "Redwood Growth Partners", "Series A is one step up; a US Series B+ growth fund is no fit"],
  ["Northbridge Partners", "Crescent Fund", "a seed fund before a Series A-only fund for a seed round"],
  ["Harbour Lane Capital", "Crescent Fund", "a seed fund before a Series A-only fund for a seed round"],
  ["Tomás Ferreira", "Priya Raman", "$50K–$200K is closer to a lead's cheque than $25K–$100K"],
  ["Half Known Angel", "Quiet Ventures", "something known that fits before nothing known at all"],
  ["Nowhere Fund", "Pampas Capital", "an unknown geography is worth checking; Latin America only is not"],
  ["Nowhere Fund", "Half Known Angel", "a fintech seed fund with a lead's cheque before a fintech angel we know nothing else about"],
  ["Baltic Ledger Ventures", "Nowhere Fund", "known to invest in Europe before not known where"],
  ["Elm Street Angels", "Priya Raman", "an angel group writing up to $500K before a single angel writing up to $100K"],
  ["Hanseatic Angels", "Lena Vogel", "fintech angels before a SaaS-only angel"],
  ["Loire Valley Capital", "Gulf Horizon", "France is in our market; the Gulf is not"],
  ["Continental Bank Ventures", "Saffron Growth", "a European banking investor before an Indian consumer growth fund"],
  ["Continental Bank Ventures", "Big Cheque Capital", "$1M–$10M reaches a lead's cheque; $5M–$20M is far above the whole round's share"],
  ["Alpine Seed Capital", "Boulder Deeptech", "fintech before robotics"],
  ["Harbour Lane Capital", "Atlas Bio Fund", "financial services before biotech"],
  ["Tomás Ferreira", "Granite VC", "Granite already passed"],
  ["Loire Valley Capital", "Tallinn Tech Angels", "a seed fund with a lead's cheque before pre-seed angels writing $20K–$80K"],
  ["Fjordline Fintech", "Sakura Fintech", "the Nordics are in Europe; Japan is not"],
  ["Kestrel Payments Fund", "Pampas Capital", "global reach before Latin America only"],
  ["Meridian Global Ventures", "Sunset Health Ventures", "a generalist seed fund before a US healthcare Series A fund"],
  ["Oakline Family Office", "Redwood Growth Partners", "a partial fit before a US Series B+ growth fund"],
  ["Northbridge Partners", "Nordic Scale Fund", "a seed fund before a Series B+ fund"],
  ["Cobalt Seed", "Big Cheque Capital", "a seed cheque before $5M–$20M cheques"],
  ["Ledger Road Ventures", "Copper Seed", "exactly a lead's cheque before $100K–$400K"],
  ["Harbour Lane Capital", "Elm Street Angels", "a fund that can lead before angels writing up to $500K"],
  ["Kestrel Payments Fund", "Tomás Ferreira", "a fund that can lead before an angel"],
  ["Loire Valley Capital", "Tomás Ferreira", "a French seed fund that can lead before an angel"],
  ["Centrum Fintech Fund", "Tallinn Tech Angels", "seed fintech before pre-seed software angels with $20K–$80K"],
  ["Continental Bank Ventures", "Meridian Global Ventures", "banking and payments named before no sector named"],
  ["Baltic Ledger Ventures", "Gulf Horizon", "Europe before the Gulf"],
];

/** What the founder expects the app to advise, and (for don't-chase) what the reason must name. */
const LABELS: ReadonlyArray<[string, RecommendedAction, RegExp?]> = [
  ["Northbridge Partners", "email_first"],
  ["Baltic Ledger Ventures", "email_first"],
  ["Harbour Lane Capital", "email_first"],
  ["Ledger Path Ventures", "email_first"],
  ["Alpine Seed Capital", "email_first"],
  ["Loire Valley Capital", "email_first"],
  ["Redwood Growth Partners", "dont_chase", /Series B\+/],
  ["Nordic Scale Fund", "dont_chase", /Series B\+.*seed/i],
  ["Sunset Health Ventures", "dont_chase"],
  ["Atlas Bio Fund", "dont_chase", /biotech/i],
  ["Boulder Deeptech", "dont_chase", /robotics|deep tech/i],
  ["Pampas Capital", "dont_chase", /Argentina|Brazil|Chile/],
  ["Sakura Fintech", "dont_chase", /Japan/],
  ["Gulf Horizon", "dont_chase", /United Arab Emirates|Saudi|Qatar/],
  ["Big Cheque Capital", "dont_chase", /\$5M–\$20M/],
  ["Priya Raman", "dont_chase", /\$25k–\$100k/],
  ["Lena Vogel", "dont_chase", /SaaS/],
  ["Saffron Growth", "dont_chase"],
  ["Granite VC", "dont_chase", /passed/],
  ["Slate Partners", "dont_chase"],
  ["Ivy Capital", "committed"],
  ["Willow Angels", "soft_committed"],
  ["Quiet Ventures", "research"],
];

/** Labels that are not "don't chase": a partial fit or an unknown part is never ruled out. */
const NOT_RULED_OUT = ["Nowhere Fund", "Crescent Fund", "Tomás Ferreira", "Half Known Angel", "Oakline Family Office"];

describe("the founder's judgements over Ledgerly's pipeline", () => {
  const ranked = scorePipeline();
  const position = new Map(ranked.map((row, index) => [row.name, index]));
  const byName = new Map(ranked.map((row) => [row.name, row]));
  if (process.env.SHOW_RANKING) for (const row of ranked) console.log(row.score, row.action, row.name, "—", row.reason);
  const describeRow = (name: string) => {
    const row = byName.get(name);
    return row ? `${name} #${position.get(name)} ${row.score} ${row.action} (${row.reason})` : `${name} missing`;
  };

  it("has the whole pipeline and enough judgements", () => {
    expect(ranked).toHaveLength(44);
    expect(PAIRS.length).toBeGreaterThanOrEqual(40);
    expect(LABELS.length + NOT_RULED_OUT.length).toBeGreaterThanOrEqual(20);
    for (const [a, b] of PAIRS) expect([byName.has(a), byName.has(b)], `${a} / ${b}`).toEqual([true, true]);
  });

  it.each(PAIRS)("%s before %s: %s", (a, b) => {
    expect(position.get(a)!, `${describeRow(a)}\n${describeRow(b)}`).toBeLessThan(position.get(b)!);
  });

  it.each(LABELS)("%s: %s", (name, action, reason) => {
    const row = byName.get(name)!;
    expect(row.action, describeRow(name)).toBe(action);
    if (reason) expect(row.reason).toMatch(reason);
  });

  it.each(NOT_RULED_OUT)("%s is not ruled out", (name) => {
    expect(byName.get(name)!.action, describeRow(name)).not.toBe("dont_chase");
  });
});

/**
 * Warm paths in the ranking (decision 065): the same pipeline, with a path given to investors the
 * founder knows equal ("Ledger Road Ventures" is "Ledger Path Ventures" without Anna's intro).
 */
describe("the founder's judgements on warm paths", () => {
  const scoreOf = (ranked: Ranked[], name: string) => ranked.find((row) => row.name === name)!;
  const rankOf = (ranked: Ranked[], name: string) => ranked.findIndex((row) => row.name === name);

  it("puts a warm investor above an otherwise equal cold one, and says why in words", () => {
    const ranked = scorePipeline();
    expect(rankOf(ranked, "Ledger Path Ventures")).toBeLessThan(rankOf(ranked, "Ledger Road Ventures"));
    expect(scoreOf(ranked, "Ledger Path Ventures").score).toBeGreaterThan(scoreOf(ranked, "Ledger Road Ventures").score);
  });

  it("credits a strong mail path more than a weak one, and a weak one more than none", () => {
    const withTier = (tier: PathTier) => scorePipeline((name) => (name === "Ledger Road Ventures" ? { intro: mailPath(tier) } : {}));
    const strong = scoreOf(withTier("strong"), "Ledger Road Ventures").score;
    const moderate = scoreOf(withTier("moderate"), "Ledger Road Ventures").score;
    const weak = scoreOf(withTier("weak"), "Ledger Road Ventures").score;
    const cold = scoreOf(scorePipeline(), "Ledger Road Ventures").score;
    expect(strong).toBeGreaterThan(moderate);
    expect(moderate).toBeGreaterThan(weak);
    expect(weak).toBeGreaterThan(cold);
  });

  it("puts a strong path through Erik above the sheet's bare word for an equal investor", () => {
    const ranked = scorePipeline((name) => (name === "Ledger Road Ventures" ? { intro: mailPath("strong") } : {}));
    expect(rankOf(ranked, "Ledger Road Ventures")).toBeLessThan(rankOf(ranked, "Ledger Path Ventures"));
  });

  it("still says don't chase to an investor who passed, whatever the path", () => {
    const ranked = scorePipeline((name) =>
      name === "Ledger Road Ventures" ? { intro: mailPath("strong"), relationship_status: "passed" } : {},
    );
    expect(scoreOf(ranked, "Ledger Road Ventures").action).toBe("dont_chase");
  });

  it("waits on the connector once the intro is asked, instead of a cold email", () => {
    const asked = mailPath("strong", { state: "asked", asked_on: "2026-11-23" });
    const ranked = scorePipeline((name) => (name === "Ledger Road Ventures" ? { intro: asked } : {}));
    const row = scoreOf(ranked, "Ledger Road Ventures");
    expect(row.action).toBe("wait");
    expect(row.reason).toMatch(/^Asked Erik for the intro/);
  });
});
