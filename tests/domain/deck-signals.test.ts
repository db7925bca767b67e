import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DeckFacts,
  type DeckViewFacts,
  OPENED_NUDGE_DAYS,
  READ_MIN_PAGES,
  READ_MIN_SECONDS,
  UNOPENED_NUDGE_DAYS,
  deckFollowUp,
  deckFollowUpText,
  deckViewEventText,
  durationText,
  isRead,
} from "#app/domain/deck-signals.ts";
import { followUpDue, followUpReason } from "#app/domain/follow-ups.ts";
import { RELATIONSHIP_STATUSES, type RelationshipStatus } from "#app/domain/vocabulary.ts";

const NOW = new Date("2026-12-02T09:00:00Z");
const TODAY = "2026-12-02";

function view(overrides: Partial<DeckViewFacts> = {}): DeckViewFacts {
  return { startedAt: "2026-12-01T21:14:00Z", seconds: 360, pages: 12, topPage: 9, topTitle: "Financials", forwarded: false, ...overrides };
}

function facts(overrides: Partial<DeckFacts> = {}): DeckFacts {
  const latest = overrides.latestView === undefined ? view() : overrides.latestView;
  return {
    firm: "Northzone",
    sentOn: "2026-11-28",
    views: latest ? 1 : 0,
    reads: latest && isRead(latest) ? 1 : 0,
    totalSeconds: latest?.seconds ?? 0,
    previews: 0,
    forwarded: false,
    latestView: latest,
    latestRead: latest && isRead(latest) ? latest : null,
    ...overrides,
  };
}

describe("what a read is", () => {
  it("is a view of at least 20 seconds or of 2 pages", () => {
    expect(READ_MIN_SECONDS).toBe(20);
    expect(READ_MIN_PAGES).toBe(2);
    expect(isRead({ seconds: 20, pages: 1 })).toBe(true);
    expect(isRead({ seconds: 4, pages: 2 })).toBe(true);
    expect(isRead({ seconds: 19, pages: 1 })).toBe(false);
    expect(isRead({ seconds: 0, pages: 0 })).toBe(false);
  });

  it("says how long in minutes, seconds or hours", () => {
    expect(durationText(8)).toBe("8 s");
    expect(durationText(360)).toBe("6 min");
    expect(durationText(3900)).toBe("1 h 5 min");
    expect(durationText(7200)).toBe("2 h");
  });
});

describe("the follow-up a deck makes due (decision 068)", () => {
  it("a read after the last contact is due today, naming the person, the firm, how long and the longest page", () => {
    const deck = facts();
    const due = followUpDue({ name: "Ana Berg", relationship_status: "contacted", last_contact_date: "2026-11-28", deck }, NOW, 7);
    expect(due).toMatchObject({ kind: "deck_read", days: 1 });
    expect(followUpReason(due!, { name: "Ana Berg", deck }, NOW)).toBe(
      "Ana Berg at Northzone read your deck yesterday: 6 min, longest on Financials — follow up today.",
    );
  });

  it("comes before a next step that is due, and while a planned one is ahead", () => {
    const deck = facts();
    const base = { name: "Ana Berg", relationship_status: "in_conversation" as const, last_contact_date: "2026-11-28", deck };
    expect(followUpDue({ ...base, next_step: "Send the data room", next_step_date: "2026-11-30" }, NOW, 7)?.kind).toBe("deck_read");
    expect(followUpDue({ ...base, next_step: "Call", next_step_date: "2026-12-10" }, NOW, 7)?.kind).toBe("deck_read");
  });

  it("says a read was possibly forwarded, and a page without a title by its number", () => {
    const deck = facts({ latestView: view({ forwarded: true, topTitle: null, topPage: 7 }) });
    const due = deckFollowUp(deck, "contacted", "2026-11-28", TODAY)!;
    expect(deckFollowUpText(due, { name: "Ana Berg", deck })).toBe(
      "Ana Berg at Northzone read your deck yesterday (possibly forwarded: a new device in a new place): 6 min, longest on page 7 — follow up today.",
    );
  });

  it("is cleared by a contact dated on or after the read's day (acting clears what is due, decision 053)", () => {
    expect(deckFollowUp(facts(), "contacted", "2026-12-01", TODAY)).toBeNull();
    expect(deckFollowUp(facts(), "contacted", "2026-12-02", TODAY)).toBeNull();
  });

  it("a glance (under the floor) with no contact since is a nudge only after 3 days", () => {
    const glance = (day: string) => facts({ latestView: view({ startedAt: `${day}T10:00:00Z`, seconds: 6, pages: 1 }) });
    expect(deckFollowUp(glance("2026-11-30"), "contacted", "2026-11-20", TODAY)).toBeNull();
    const due = deckFollowUp(glance("2026-11-29"), "contacted", "2026-11-20", TODAY);
    expect(due).toMatchObject({ kind: "deck_unanswered", days: OPENED_NUDGE_DAYS });
    expect(deckFollowUpText(due!, { name: "Ana Berg", deck: glance("2026-11-29") })).toBe(
      "Ana Berg at Northzone opened your deck 3 days ago and nothing since — send a short nudge.",
    );
    expect(deckFollowUp(glance("2026-11-29"), "contacted", "2026-11-29", TODAY)).toBeNull();
  });

  it("a link sent 5 days ago and never opened asks to check it arrived; a contact after the sending restarts the clock", () => {
    const unopened = facts({ latestView: null, sentOn: "2026-11-26" });
    const due = deckFollowUp(unopened, "contacted", "2026-11-26", TODAY);
    expect(due).toEqual({ kind: "deck_unopened", sentOn: "2026-11-26", days: 6 });
    expect(deckFollowUpText(due!, { name: "Ana Berg", deck: unopened })).toBe(
      "You sent Ana Berg at Northzone your deck 6 days ago, not opened yet — check it arrived.",
    );
    expect(deckFollowUp(facts({ latestView: null, sentOn: "2026-11-28" }), "contacted", null, TODAY)).toBeNull();
    expect(deckFollowUp(unopened, "contacted", "2026-11-30", TODAY)).toBeNull();
    expect(UNOPENED_NUDGE_DAYS).toBe(5);
    // Never sent (no sent date, no contact after the link was made): nothing to check.
    expect(deckFollowUp(facts({ latestView: null, sentOn: null }), "contacted", null, TODAY)).toBeNull();
  });

  it("the nudges hold whatever the open status says, under a meeting and a next step due", () => {
    const unopened = facts({ latestView: null, sentOn: "2026-11-20" });
    expect(followUpDue({ name: "Ana", relationship_status: "not_contacted", last_contact_date: null, deck: unopened }, NOW, 7)?.kind).toBe(
      "deck_unopened",
    );
    const step = { next_step: "Send the model", next_step_date: "2026-12-01" };
    expect(followUpDue({ relationship_status: "contacted", last_contact_date: "2026-11-20", deck: unopened, ...step }, NOW, 7)?.kind).toBe(
      "next_step",
    );
  });

  it("never for an investor who passed, is not a fit or is in the round", () => {
    for (const status of ["passed", "not_a_fit", "soft_committed", "committed"] as const) {
      expect(deckFollowUp(facts(), status, null, TODAY)).toBeNull();
      expect(followUpDue({ relationship_status: status, last_contact_date: null, deck: facts() }, NOW, 7)).toBeNull();
    }
  });
});

describe("a view on the investor's timeline", () => {
  it("says a read, a glance, a preview bot apart and a possible forward", () => {
    const base = { seconds: 360, pages: 12, topPage: 9, topTitle: "Financials", bot: null, forwarded: false };
    expect(deckViewEventText(base)).toBe("Read the deck: 6 min over 12 pages, longest on Financials.");
    expect(deckViewEventText({ ...base, seconds: 8, pages: 1 })).toBe("Opened the deck: 8 s on 1 page, not a read.");
    expect(deckViewEventText({ ...base, bot: "Slack" })).toBe("Link preview by Slack: not a read.");
    expect(deckViewEventText({ ...base, forwarded: true })).toBe(
      "Read the deck: 6 min over 12 pages, longest on Financials (possibly forwarded).",
    );
  });
});

const day = fc.integer({ min: 0, max: 40 }).map((n) => new Date(Date.UTC(2026, 10, 1 + n)).toISOString().slice(0, 10));
const viewArb = fc.record({
  startedAt: fc.tuple(day, fc.integer({ min: 0, max: 23 })).map(([d, h]) => `${d}T${String(h).padStart(2, "0")}:30:00Z`),
  seconds: fc.integer({ min: 0, max: 4000 }),
  pages: fc.integer({ min: 0, max: 80 }),
  topPage: fc.option(fc.integer({ min: 1, max: 80 })),
  topTitle: fc.option(fc.string({ maxLength: 80 })),
  forwarded: fc.boolean(),
});
const factsArb = fc
  .record({ latest: fc.option(viewArb), sentOn: fc.option(day) })
  .map(({ latest, sentOn }) => facts({ latestView: latest, sentOn }));
const statusArb = fc.constantFrom<RelationshipStatus>(...RELATIONSHIP_STATUSES);

describe("the deck's rules over generated facts", () => {
  it("a contact on or after the newest view's day leaves no read and no nudge due; a closed status never has one", () => {
    fc.assert(
      fc.property(factsArb, statusArb, fc.option(day), day, (deck, status, lastContact, today) => {
        const due = deckFollowUp(deck, status, lastContact, today);
        if (["passed", "not_a_fit", "soft_committed", "committed"].includes(status)) expect(due).toBeNull();
        if (deck.latestView && lastContact && lastContact >= deck.latestView.startedAt.slice(0, 10)) {
          expect(due?.kind === "deck_read" || due?.kind === "deck_unanswered").toBe(false);
        }
        // An opened link is never "not opened yet".
        if (deck.views > 0) expect(due?.kind).not.toBe("deck_unopened");
        if (due) expect(deckFollowUpText(due, { name: "Ana Berg", deck }).length).toBeGreaterThan(0);
      }),
    );
  });
});
