import { describe, expect, it } from "vitest";
import type { DeckFacts } from "#app/domain/deck-signals.ts";
import { type EmailDraft, type OutreachContext, type OutreachInvestor, draftOutreach } from "#app/domain/outreach.ts";

/** The outreach draft when the deck made the follow-up due, with the investor's own link in it (decision 068). */
const now = new Date("2026-12-02T09:00:00Z");
const context: OutreachContext = {
  founder: { founderName: "Marie Curie", pitch: "Grid batteries that last 20 years" },
  now,
  followUpAfterDays: 7,
};
const LINK = "https://pipeline.example.com/d/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";

function deck(overrides: Partial<DeckFacts> = {}): DeckFacts {
  const read = { startedAt: "2026-12-01T21:00:00Z", seconds: 360, pages: 12, topPage: 9, topTitle: "Financials", forwarded: false };
  return {
    firm: "Northzone",
    sentOn: "2026-11-28",
    views: 1,
    reads: 1,
    totalSeconds: 360,
    previews: 0,
    forwarded: false,
    latestView: read,
    latestRead: read,
    ...overrides,
  };
}

function investor(extra: Partial<OutreachInvestor> = {}): OutreachInvestor {
  const base = { name: "Ana Berg", firm: "Northzone", email: "ana@northzone.example.com", relationshipStatus: "contacted" as const };
  return { ...base, lastContactDate: "2026-11-28", signalHook: null, deck: deck(), deckLink: LINK, ...extra };
}

function asEmail(draft: ReturnType<typeof draftOutreach>): EmailDraft {
  if (draft.kind === "no_email") throw new Error(`expected an email, got: ${draft.note}`);
  return draft;
}

describe("the draft the deck makes", () => {
  it("after a read: the note says the read, the email offers the page they stayed on and carries their own link", () => {
    const draft = asEmail(draftOutreach(investor(), context));
    expect(draft.note).toBe("Ana Berg at Northzone read your deck yesterday: 6 min, longest on Financials — follow up today.");
    expect(draft.subject).toBe("Following up on our deck");
    expect(draft.body).toContain("I would be glad to walk you through it and to go deeper on financials.");
    expect(draft.body).toContain(`Our deck, should you want it again: ${LINK}`);
  });

  it("a link never opened is sent again, the link in the sentence", () => {
    const unopened = deck({ views: 0, reads: 0, latestView: null, latestRead: null, sentOn: "2026-11-26" });
    const draft = asEmail(draftOutreach(investor({ deck: unopened, lastContactDate: "2026-11-26" }), context));
    expect(draft.note).toBe("You sent Ana Berg at Northzone your deck 6 days ago, not opened yet — check it arrived.");
    expect(draft.body).toContain(`I sent our deck on 26 November; in case it got lost, here it is again: ${LINK}`);
  });

  it("a first email carries the investor's own link when there is one, and none without", () => {
    const first = investor({ relationshipStatus: "not_contacted", lastContactDate: null, deck: null });
    expect(asEmail(draftOutreach(first, context)).body).toContain(`Our deck: ${LINK}`);
    expect(asEmail(draftOutreach({ ...first, deckLink: null }, context)).body).not.toContain("Our deck");
  });

  it("a contact after the read leaves the usual draft; a passed investor gets none", () => {
    expect(draftOutreach(investor({ lastContactDate: "2026-12-02" }), context).kind).toBe("no_email");
    expect(draftOutreach(investor({ relationshipStatus: "passed" }), context).kind).toBe("no_email");
  });
});
