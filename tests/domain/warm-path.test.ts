import { describe, expect, it } from "vitest";
import { followUpDue, followUpReason } from "#app/domain/follow-ups.ts";
import { DEFAULT_RULES, scoreInvestor } from "#app/domain/scoring.ts";
import {
  type WarmPath,
  askLine,
  isAsk,
  nudgeDue,
  pathCredit,
  pathEvidenceLine,
  pathWords,
  waitingText,
  warmRank,
} from "#app/domain/warm-path.ts";
import type { RelationshipStatus } from "#app/domain/vocabulary.ts";

const path = (over: Partial<WarmPath> = {}): WarmPath => ({
  path_id: 7,
  person: "Erik Solberg",
  member: "Lena Berg",
  source: "mail",
  tier: "strong",
  evidence: "Erik and kristin@fjord.vc were on 4 threads, last 12 Oct, both wrote",
  state: "to_ask",
  asked_on: null,
  ...over,
});

const now = new Date("2026-12-08T09:00:00Z");
const facts = (status: RelationshipStatus, intro: WarmPath | null) => ({
  name: "Kristin Lund",
  relationship_status: status,
  last_contact_date: null,
  intro,
});

describe("warm paths, pure (decision 065)", () => {
  it("says the ask, the evidence and the path in the founder's words", () => {
    const strong = path();
    expect(isAsk(strong) && askLine(strong, { name: "Kristin Lund", firm: "Fjord Climate" })).toBe(
      "Ask Erik for an intro to Kristin Lund (Fjord Climate)",
    );
    expect(isAsk(strong) && askLine(strong, { name: "Northzone", firm: "Northzone" })).toBe("Ask Erik for an intro to Northzone");
    expect(pathEvidenceLine(strong)).toBe(
      "Strong path · Lena knows Erik · Erik and kristin@fjord.vc were on 4 threads, last 12 Oct, both wrote",
    );
    expect(pathEvidenceLine(path({ source: "import", tier: null, evidence: "", member: null }))).toBe("From your sheet");
    expect(pathWords(path({ source: "manual", tier: null }))).toBe("a path through Erik (a member's word)");
    expect(pathWords(path({ person: null, tier: "moderate" }))).toBe("a moderate path: Lena's own mail with them");
    // A direct path (a member's own mail) is never an ask: there is nobody to ask.
    expect(isAsk(path({ person: null }))).toBe(false);
    expect(isAsk(path({ state: "asked" }))).toBe(false);
  });

  it("credits by strength, never a declined path, and grades Today's warm key the same way", () => {
    expect([path(), path({ tier: "moderate" }), path({ tier: null }), path({ tier: "weak" })].map(pathCredit)).toEqual([6, 4, 4, 2]);
    expect(pathCredit(path({ state: "declined" }))).toBe(0);
    expect(pathCredit(null)).toBe(0);
    expect([warmRank(path(), false), warmRank(path({ tier: "weak" }), true), warmRank(null, true), warmRank(null, false)]).toEqual([
      5, 3, 1, 0,
    ]);
  });

  it("nudges an intro asked 5 days ago, not 4, and never an agreed, introduced or declined one", () => {
    expect(nudgeDue(path({ state: "asked", asked_on: "2026-12-04" }), "2026-12-08")).toBeNull();
    expect(nudgeDue(path({ state: "asked", asked_on: "2026-12-03" }), "2026-12-08")).toEqual({ person: "Erik Solberg", days: 5 });
    for (const state of ["agreed", "introduced", "declined", "to_ask"] as const) {
      expect(nudgeDue(path({ state, asked_on: "2026-11-01" }), "2026-12-08"), state).toBeNull();
    }
    expect(waitingText(path({ state: "asked", asked_on: "2026-12-04" }) as WarmPath & { person: string }, "2026-12-08")).toBe(
      "Asked Erik for the intro 4 days ago: wait for the answer. Nudge in 1 day.",
    );
    expect(waitingText(path({ state: "agreed" }) as WarmPath & { person: string }, "2026-12-08")).toBe(
      "Erik agreed to introduce you: wait for the introduction.",
    );
  });

  it("makes the nudge a follow-up due only before a conversation starts", () => {
    const asked = path({ state: "asked", asked_on: "2026-12-02" });
    const due = followUpDue(facts("not_contacted", asked), now, 7);
    expect(due && followUpReason(due, { name: "Kristin Lund" }, now)).toBe(
      "Nudge Erik about the intro to Kristin Lund you asked for 6 days ago.",
    );
    expect(followUpDue(facts("intro_requested", asked), now, 7)?.kind).toBe("intro_nudge");
    // Once contacted, the conversation's rules say what is due, not the path.
    expect(followUpDue({ ...facts("contacted", asked), last_contact_date: "2026-12-07" }, now, 7)).toBeNull();
    expect(followUpDue(facts("passed", asked), now, 7)).toBeNull();
  });

  it("credits only investors not yet contacted, with the path in words", () => {
    const base = { signal_activity: null, signal_fit: 100, signal_red_flag: null };
    const warm = scoreInvestor({ ...facts("not_contacted", path()), ...base }, [], now, DEFAULT_RULES);
    const cold = scoreInvestor({ ...facts("not_contacted", null), ...base }, [], now, DEFAULT_RULES);
    expect(warm.score - cold.score).toBe(6);
    expect(warm.explained.components.find((part) => part.key === "warmth")).toMatchObject({
      points: 14,
      detail: "Not contacted; a strong path through Erik",
    });
    const talking = { ...base, last_contact_date: "2026-12-07" };
    expect(scoreInvestor({ ...facts("in_conversation", path()), ...talking }, [], now, DEFAULT_RULES).score).toBe(
      scoreInvestor({ ...facts("in_conversation", null), ...talking }, [], now, DEFAULT_RULES).score,
    );
    expect(scoreInvestor({ ...facts("passed", path()), ...base }, [], now, DEFAULT_RULES).action).toBe("dont_chase");
  });
});
