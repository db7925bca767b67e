import { describe, expect, it } from "vitest";
import { FORWARDABLE_LINE, draftIntroAsk } from "#app/domain/intro-draft.ts";
import type { IntroPath } from "#app/domain/intros.ts";

const now = new Date("2026-12-08T09:00:00Z");
const today = "2026-12-08";

function path(over: Partial<IntroPath> = {}): IntroPath {
  return {
    id: 7,
    investor_id: 3,
    person: { id: 1, name: "Erik Solberg", organisation: "Nordic Angels", emails: ["erik@angels.no"] },
    member: { id: 1, name: "Maren" },
    source: "import",
    tier: null,
    evidence: "Erik Solberg (ex-colleague)",
    state: "to_ask",
    asked_on: null,
    state_at: null,
    state_by: null,
    ...over,
  };
}

const kristin = {
  name: "Kristin Lund",
  firm: "Fjord Climate",
  signalHook: "Led a $4M seed in Lumen Grid on 3 Nov",
  sectors: ["Climate", "Energy"],
  stages: ["seed"],
};
const raising = {
  name: "Ledgerly",
  pitch: "Carbon accounting for shipping fleets",
  stage: "seed" as const,
  roleWanted: "lead" as const,
  roundSize: 1_500_000,
  roundCurrency: "EUR",
  instrument: "safe" as const,
};

describe("the draft to the connector", () => {
  it("asks short, then gives a paragraph to forward as is: the pitch, the round, why this investor", () => {
    const draft = draftIntroAsk(path(), kristin, { founder: {}, raising, today, now })!;
    expect(draft.ask).toMatch(/^Hi Erik,\n\nWould you be open to introducing me to Kristin at Fjord Climate\?/);
    expect(draft.ask).toContain("Thanks,\nMaren");
    expect(draft.forwardable).toBe(
      "Ledgerly: Carbon accounting for shipping fleets. We are raising a €1.5M seed on a SAFE, looking for a lead. Why Fjord Climate: they invest in Climate and Energy at seed; they led a $4M seed in Lumen Grid on 3 Nov.\n— Maren, Ledgerly",
    );
    expect(draft.body).toBe(`${draft.ask}\n\n${FORWARDABLE_LINE}\n\n${draft.forwardable}`);
    expect(draft.to).toBe("erik@angels.no");
    expect(draft.subject).toBe("Intro to Kristin Lund (Fjord Climate)?");
    expect(draft.mailto.startsWith("mailto:erik%40angels.no?subject=")).toBe(true);
    expect(draft.note).toMatch(/^Ask Erik for an intro to Kristin Lund/);
  });

  it("is signed by the member who knows the connector, the owner with the founder's name", () => {
    const signed = draftIntroAsk(path(), kristin, {
      founder: { founderName: "Marie" },
      raising,
      today,
      now,
      signatures: new Map([[1, "Marie"]]),
    })!;
    expect(signed.ask.endsWith("Thanks,\nMarie")).toBe(true);
    const jonas = draftIntroAsk(path({ member: { id: 2, name: "Jonas" } }), kristin, {
      founder: { founderName: "Marie" },
      raising,
      today,
      now,
      signatures: new Map([[1, "Marie"]]),
    })!;
    expect(jonas.ask.endsWith("Thanks,\nJonas")).toBe(true);
  });

  it("says only what is known, and has no mailto address without one", () => {
    const draft = draftIntroAsk(
      path({ person: { id: 1, name: "Lena Berg", organisation: null, emails: [] }, member: null }),
      { name: "Goose Valley Ventures" },
      { founder: { founderName: "Ada", pitch: "We make invoices pay themselves" }, raising: null, today, now },
    )!;
    expect(draft.ask).toContain("introducing me to the Goose Valley Ventures team?");
    expect(draft.forwardable).toBe("We make invoices pay themselves.\n— Ada");
    expect(draft.to).toBeNull();
    expect(draft.mailto.startsWith("mailto:?subject=")).toBe(true);
  });

  it("nudges the connector when asked five days ago with no answer, not before", () => {
    const nudge = draftIntroAsk(path({ state: "asked", asked_on: "2026-12-02" }), kristin, { founder: {}, raising, today, now })!;
    expect(nudge.note).toBe("Nudge Erik about the intro to Kristin Lund you asked for 6 days ago.");
    expect(nudge.ask).toContain("Just bumping this in case it got buried: on 2 December I asked");
    expect(nudge.subject.startsWith("Re: ")).toBe(true);
    const early = draftIntroAsk(path({ state: "asked", asked_on: "2026-12-05" }), kristin, { founder: {}, raising, today, now })!;
    expect(early.note).toBe("Asked 3 days ago: give Erik a few days before a nudge.");
  });

  it("has no draft for a member's own mail with the investor: there is nobody to ask", () => {
    expect(draftIntroAsk(path({ person: null }), kristin, { founder: {}, raising, today, now })).toBeNull();
  });
});
