import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTION_LABELS, ACTION_PRIORITY, EVIDENCE_CATEGORIES, RELATIONSHIP_STATUSES } from "#app/domain/investor.ts";
import {
  DEFAULT_RULES,
  type EvidenceForScoring,
  type InvestorForScoring,
  decayWeight,
  evidenceAgeDays,
  passedReason,
  scoreInvestor,
} from "#app/domain/scoring.ts";

const now = new Date("2026-11-22T12:00:00Z");
const RUNS = { numRuns: 1_000 };

function daysAgo(days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

function dateDaysAgo(days: number): string {
  return daysAgo(days).slice(0, 10);
}

const investorArb: fc.Arbitrary<InvestorForScoring> = fc.record({
  relationship_status: fc.constantFrom(...RELATIONSHIP_STATUSES),
  last_contact_date: fc.option(fc.integer({ min: -5, max: 400 }).map(dateDaysAgo), { nil: null }),
  signal_activity: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  signal_fit: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  signal_red_flag: fc.option(fc.string({ minLength: 1, maxLength: 40 }), { nil: null }),
});

const evidenceArb: fc.Arbitrary<EvidenceForScoring> = fc.record({
  published_at: fc.option(fc.double({ min: -3, max: 200, noNaN: true }).map(daysAgo), { nil: null }),
  found_at: fc.double({ min: 0, max: 200, noNaN: true }).map(daysAgo),
  category: fc.option(fc.constantFrom(...EVIDENCE_CATEGORIES), { nil: null }),
  relevance: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
});

const rulesArb = fc.record({
  halfLifeDays: fc.integer({ min: 1, max: 365 }),
  followUpAfterDays: fc.integer({ min: 1, max: 60 }),
  emailFirstThreshold: fc.integer({ min: 0, max: 100 }),
  dontChaseThreshold: fc.integer({ min: 0, max: 100 }),
});

describe("scoring properties", () => {
  it("keeps every score a whole number within 0–100", () => {
    fc.assert(
      fc.property(investorArb, fc.array(evidenceArb, { maxLength: 30 }), rulesArb, (investor, evidence, rules) => {
        const { score, explained } = scoreInvestor(investor, evidence, now, rules);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        expect(explained.total).toBe(score);
      }),
      RUNS,
    );
  });

  it("never lets decay grow with age, and drops it to 0 past 90 days", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.integer({ min: 1, max: 365 }),
        (a, b, halfLife) => {
          const [younger, older] = a <= b ? [a, b] : [b, a];
          expect(decayWeight(older, halfLife)).toBeLessThanOrEqual(decayWeight(younger, halfLife));
          if (older > 90) expect(decayWeight(older, halfLife)).toBe(0);
          expect(decayWeight(younger, halfLife)).toBeLessThanOrEqual(1);
        },
      ),
      RUNS,
    );
  });

  it("says don't chase whenever the status is passed or not a fit", () => {
    fc.assert(
      fc.property(
        investorArb,
        fc.constantFrom("passed", "not_a_fit" as const),
        fc.array(evidenceArb, { maxLength: 10 }),
        rulesArb,
        (investor, status, evidence, rules) => {
          const result = scoreInvestor({ ...investor, relationship_status: status }, evidence, now, rules);
          expect(result.action).toBe("dont_chase");
        },
      ),
      RUNS,
    );
  });

  it("shows a soft commitment as soft committed, never as committed money, and never chases it", () => {
    fc.assert(
      fc.property(investorArb, fc.array(evidenceArb, { maxLength: 10 }), rulesArb, (investor, evidence, rules) => {
        const result = scoreInvestor({ ...investor, relationship_status: "soft_committed" }, evidence, now, rules);
        expect(result.action).toBe("soft_committed");
        expect(ACTION_LABELS[result.action]).toBe("Soft committed");
        expect(result.explained.action_reason).toBe("Soft committed: a verbal yes, not signed yet.");
      }),
      RUNS,
    );
    // The founder's working order keeps it beside committed, at the far end.
    expect(ACTION_PRIORITY.soft_committed).toBeGreaterThan(ACTION_PRIORITY.dont_chase);
    expect(ACTION_PRIORITY.soft_committed).toBeLessThan(ACTION_PRIORITY.committed);
  });

  it("never chases nor drops a committed investor: always committed", () => {
    fc.assert(
      fc.property(investorArb, fc.array(evidenceArb, { maxLength: 10 }), rulesArb, (investor, evidence, rules) => {
        const result = scoreInvestor({ ...investor, relationship_status: "committed" }, evidence, now, rules);
        expect(result.action).toBe("committed");
        expect(result.action).not.toBe("dont_chase");
        expect(result.action).not.toBe("email_first");
      }),
      RUNS,
    );
  });

  it("never sends an investor in a conversation to research", () => {
    fc.assert(
      fc.property(
        investorArb,
        fc.constantFrom("contacted", "in_conversation", "meeting_scheduled", "due_diligence" as const),
        fc.array(evidenceArb, { maxLength: 10 }),
        rulesArb,
        (investor, status, evidence, rules) => {
          const result = scoreInvestor({ ...investor, relationship_status: status }, evidence, now, rules);
          expect(result.action).not.toBe("research");
          if (!investor.signal_red_flag) expect(["follow_up", "wait"]).toContain(result.action);
        },
      ),
      RUNS,
    );
  });

  it("says research only for an uncontacted investor about whom nothing is known", () => {
    fc.assert(
      fc.property(investorArb, fc.array(evidenceArb, { maxLength: 5 }), rulesArb, (investor, evidence, rules) => {
        const result = scoreInvestor(investor, evidence, now, rules);
        if (result.action !== "research") return;
        expect(["not_contacted", "researching"]).toContain(investor.relationship_status);
        expect(evidence).toHaveLength(0);
        expect(investor.signal_activity).toBeNull();
        expect(investor.signal_fit).toBeNull();
        expect(investor.signal_red_flag).toBeNull();
      }),
      RUNS,
    );
  });

  it("never shows internal figures in the why", () => {
    fc.assert(
      fc.property(investorArb, fc.array(evidenceArb, { maxLength: 10 }), (investor, evidence) => {
        const { explained } = scoreInvestor({ ...investor, signal_red_flag: null }, evidence, now);
        const text = [explained.action_reason, ...explained.components.map((c) => c.detail)].join(" ");
        expect(text).not.toMatch(/decayed|weight|signal|_|\d\.\d\d|run |chain/i);
      }),
      RUNS,
    );
  });

  it("explains every point: the components add up to the score (before clamping)", () => {
    fc.assert(
      fc.property(investorArb, fc.array(evidenceArb, { maxLength: 10 }), (investor, evidence) => {
        const { score, explained } = scoreInvestor(investor, evidence, now);
        const sum = explained.components.reduce((total, component) => total + component.points, 0);
        expect(score).toBe(Math.min(100, Math.max(0, Math.round(sum))));
        expect(explained.action_reason.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it("ranks fresher evidence at least as high as the same evidence older", () => {
    fc.assert(
      fc.property(
        investorArb,
        fc.constantFrom(...EVIDENCE_CATEGORIES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (investor, category, relevance, age, extra) => {
          const item = (days: number): EvidenceForScoring => ({
            published_at: daysAgo(days),
            found_at: daysAgo(days),
            category,
            relevance,
          });
          const fresh = scoreInvestor(investor, [item(age)], now).score;
          const stale = scoreInvestor(investor, [item(age + extra)], now).score;
          expect(fresh).toBeGreaterThanOrEqual(stale);
        },
      ),
      RUNS,
    );
  });
});

describe("scoring examples", () => {
  const base: InvestorForScoring = {
    relationship_status: "not_contacted",
    last_contact_date: null,
    signal_activity: null,
    signal_fit: null,
    signal_red_flag: null,
  };

  it("weights evidence by half-life from publication, else discovery", () => {
    expect(decayWeight(0, 14)).toBe(1);
    expect(decayWeight(14, 14)).toBeCloseTo(0.5, 10);
    expect(decayWeight(28, 14)).toBeCloseTo(0.25, 10);
    expect(decayWeight(90, 14)).toBeGreaterThan(0);
    expect(decayWeight(90.01, 14)).toBe(0);
    expect(evidenceAgeDays({ published_at: daysAgo(10), found_at: daysAgo(2) }, now)).toBeCloseTo(10, 6);
    expect(evidenceAgeDays({ published_at: null, found_at: daysAgo(2) }, now)).toBeCloseTo(2, 6);
  });

  it("asks for research when nothing is known yet, and says what would help", () => {
    const result = scoreInvestor(base, [], now);
    expect(result.action).toBe("research");
    expect(result.explained.components.find((c) => c.key === "activity")?.detail).toMatch(/^Not known yet/);
    expect(result.explained.components.find((c) => c.key === "fit")?.detail).toMatch(/^Not known/);
    expect(result.explained.action_reason).toMatch(/sectors, stages and cheque size/);
  });

  it("says email first from the declared profile alone, before any refresh", () => {
    const result = scoreInvestor({ ...base, signal_fit: 100, fit_detail: "Fits Ledgerly on fintech and Seed" }, [], now);
    expect(result.score).toBe(48);
    expect(result.action).toBe("email_first");
    expect(result.explained.action_reason).toBe("Not contacted yet. Fits Ledgerly on fintech and Seed.");
  });

  it("keeps a partial profile fit waiting, and a known mismatch under the don't-chase line", () => {
    expect(scoreInvestor({ ...base, signal_fit: 50 }, [], now).action).toBe("wait");
    const miss = scoreInvestor(
      { ...base, signal_fit: 0, fit_detail: "Little in common with Ledgerly; invests in biotech, not fintech" },
      [],
      now,
    );
    expect(miss.action).toBe("dont_chase");
    expect(miss.explained.action_reason).toContain("invests in biotech");
  });

  it("does not rule someone out on a fit seen through a quarter of their profile", () => {
    const thin = scoreInvestor(
      {
        ...base,
        signal_fit: 0,
        fit_known: 17,
        fit_detail: "Little in common with Ledgerly: invests in Asia, not Europe; sectors, stages and cheque size not known",
      },
      [],
      now,
    );
    expect(thin.action).toBe("wait");
    expect(thin.explained.action_reason).toMatch(/^Too little known to judge\. Little in common/);
    const full = scoreInvestor({ ...base, signal_fit: 0, fit_known: 100, fit_detail: "Little in common with Ledgerly" }, [], now);
    expect(full.action).toBe("dont_chase");
  });

  it("waits for an introduction rather than sending it to research, even when nothing is known", () => {
    const result = scoreInvestor({ ...base, relationship_status: "intro_requested" }, [], now);
    expect(result.action).toBe("wait");
    expect(result.explained.action_reason).toBe("Intro requested: wait for the introduction. Add the date you asked to be reminded.");
  });

  it("says how overdue a follow-up is, in days", () => {
    const active = { ...base, relationship_status: "meeting_scheduled" as const };
    expect(scoreInvestor({ ...active, last_contact_date: dateDaysAgo(23) }, [], now).explained.action_reason).toBe(
      "Last contact 23 days ago; the follow-up was due 16 days ago.",
    );
    expect(scoreInvestor({ ...active, last_contact_date: dateDaysAgo(7) }, [], now).explained.action_reason).toBe(
      "Last contact 7 days ago; the follow-up is due today.",
    );
    const waiting = scoreInvestor({ ...active, last_contact_date: dateDaysAgo(3) }, [], now);
    expect(waiting.action).toBe("wait");
    expect(waiting.explained.action_reason).toBe("Meeting scheduled; last contact 3 days ago. Follow up in 4 days.");
  });

  it("says email first for an uncontacted, active, well-fitting investor", () => {
    const result = scoreInvestor(
      { ...base, signal_activity: 90, signal_fit: 80 },
      [{ published_at: daysAgo(2), found_at: daysAgo(1), category: "deal", relevance: 0.9 }],
      now,
    );
    expect(result.score).toBeGreaterThanOrEqual(DEFAULT_RULES.emailFirstThreshold);
    expect(result.action).toBe("email_first");
  });

  it("turns the same investor to don't chase with a red flag, and costs points", () => {
    const clean = scoreInvestor({ ...base, signal_activity: 90, signal_fit: 80 }, [], now);
    const flagged = scoreInvestor({ ...base, signal_activity: 90, signal_fit: 80, signal_red_flag: "Fund closed" }, [], now);
    expect(flagged.action).toBe("dont_chase");
    expect(flagged.score).toBe(clean.score - 30);
    expect(flagged.explained.action_reason).toContain("Fund closed");
  });

  it("asks for a follow-up exactly when the last contact is FOLLOW_UP_AFTER_DAYS old", () => {
    const active = { ...base, relationship_status: "in_conversation" as const, signal_activity: 50 };
    expect(scoreInvestor({ ...active, last_contact_date: dateDaysAgo(7) }, [], now).action).toBe("follow_up");
    expect(scoreInvestor({ ...active, last_contact_date: dateDaysAgo(6) }, [], now).action).toBe("wait");
    expect(
      scoreInvestor({ ...active, last_contact_date: dateDaysAgo(6) }, [], now, { ...DEFAULT_RULES, followUpAfterDays: 3 }).action,
    ).toBe("follow_up");
    // In conversation but never dated: nothing to count from, so ask for the date (decision 030).
    expect(scoreInvestor({ ...active, last_contact_date: null }, [], now).action).toBe("follow_up");
  });

  it("does not chase a low score", () => {
    const result = scoreInvestor({ ...base, signal_activity: 5, signal_fit: 0 }, [], now);
    expect(result.score).toBeLessThan(DEFAULT_RULES.dontChaseThreshold);
    expect(result.action).toBe("dont_chase");
  });

  it("counts an unknown fit as nothing, never as points borrowed from the others", () => {
    const unknown = scoreInvestor({ ...base, signal_activity: 80 }, [], now);
    const fit = unknown.explained.components.find((c) => c.key === "fit")!;
    expect(fit.detail).toMatch(/^Not known/);
    expect(fit.points).toBe(0);
    const known = scoreInvestor({ ...base, signal_activity: 80, signal_fit: 0 }, [], now);
    expect(known.score).toBe(unknown.score);
  });

  it("gives no evidence points for evidence older than 90 days", () => {
    const old = scoreInvestor(base, [{ published_at: daysAgo(120), found_at: daysAgo(120), category: "new_fund", relevance: 1 }], now);
    expect(old.explained.components.find((c) => c.key === "evidence")?.points).toBe(0);
  });
});

describe("a passed investor's reason", () => {
  it("says why they passed, in the founder's words, where Today and the page show the action (a walkthrough saw only 'They passed.')", () => {
    expect(passedReason("cheque_size", "Only leads from Series A")).toBe("They passed: cheque size (Only leads from Series A).");
    expect(passedReason("not_our_sector", null)).toBe("They passed: not our sector.");
    expect(passedReason("no_reason_given", null)).toBe("They passed.");
    expect(passedReason(null, "  timing,\n next year  ")).toBe("They passed: timing, next year.");
    expect(passedReason(null, null)).toBe("They passed.");
  });
});

describe("a passed investor's action", () => {
  it("carries the recorded reason through the scoring rules", () => {
    const who: InvestorForScoring = {
      relationship_status: "passed",
      last_contact_date: null,
      signal_activity: null,
      signal_fit: null,
      signal_red_flag: null,
      pass_reason: "timing",
      pass_note: null,
    };
    const scored = scoreInvestor(who, [], new Date("2026-11-25T09:00:00Z"), DEFAULT_RULES);
    expect(scored.action).toBe("dont_chase");
    expect(scored.explained.action_reason).toBe("They passed: timing.");
  });
});
