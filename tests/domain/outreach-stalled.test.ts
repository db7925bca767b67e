import { describe, expect, it } from "vitest";
import type { RelationshipStatus } from "#app/domain/investor.ts";
import { type EmailDraft, type OutreachContext, type OutreachInvestor, draftOutreach, roundSubject } from "#app/domain/outreach.ts";

/** Drafts for stalled deals (decision 030) and drafts from what the app knows (issue 24 item 4). */
const now = new Date("2026-11-25T09:00:00Z");
const ledgerly = {
  name: "Ledgerly",
  pitch: "Bookkeeping that closes the month in a day",
  stage: "seed" as const,
  roleWanted: "lead" as const,
  roundSize: 1_500_000,
  roundCurrency: "USD",
};
const context: OutreachContext = {
  founder: { founderName: "Léa Fontaine", pitch: "We close the books in a day", meetingLink: "https://cal.example.com/lea" },
  raising: ledgerly,
  now,
  followUpAfterDays: 7,
};

function investor(status: RelationshipStatus, extra: Partial<OutreachInvestor> = {}): OutreachInvestor {
  return {
    name: "Jukka Virtanen",
    firm: "Nordic Ledger Partners",
    email: "jukka@nlp.example.com",
    relationshipStatus: status,
    lastContactDate: null,
    signalHook: null,
    ...extra,
  };
}

function asEmail(draft: ReturnType<typeof draftOutreach>): EmailDraft {
  if (draft.kind === "no_email") throw new Error(`expected an email, got: ${draft.note}`);
  return draft;
}

describe("drafts for stalled deals", () => {
  it("nudges an introduction asked for 17 days ago by writing directly", () => {
    const draft = asEmail(draftOutreach(investor("intro_requested", { lastContactDate: "2026-11-08" }), context));
    expect(draft.kind).toBe("follow_up");
    expect(draft.note).toBe(
      "Nudge Jukka about the introduction you asked for 17 days ago (8 November): write directly, or send this to whoever you asked.",
    );
    expect(draft.subject).toBe("Ledgerly — raising a $1.5M seed, looking for a lead");
    expect(draft.body).toContain(
      "On 8 November I asked for an introduction to you; in case it got lost, I thought I would write directly.",
    );
    expect(draft.body).toContain("We close the books in a day.");
  });

  it("keeps the first email while an introduction is recent", () => {
    const draft = asEmail(draftOutreach(investor("intro_requested", { lastContactDate: "2026-11-22" }), context));
    expect(draft.kind).toBe("first_email");
  });

  it("asks how a past meeting went instead of 'Ahead of our meeting'", () => {
    const draft = asEmail(
      draftOutreach(investor("meeting_scheduled", { lastContactDate: "2026-11-10", meetingDate: "2026-11-20" }), context),
    );
    expect(draft.kind).toBe("follow_up");
    expect(draft.note).toBe("How did the meeting on 20 November go? Thank them, then record what happened and the next step.");
    expect(draft.subject).toBe("Thank you for the meeting on 20 November — Ledgerly");
    expect(draft.body).toContain("Thank you for taking the time to meet on 20 November.");
    expect(draft.subject).not.toMatch(/Ahead of our meeting/);
    expect(draft.body).not.toMatch(/looking forward to our meeting/);
  });

  it("still says 'Ahead of our meeting' before the meeting's day", () => {
    const draft = asEmail(
      draftOutreach(investor("meeting_scheduled", { lastContactDate: "2026-11-10", meetingDate: "2026-11-28" }), context),
    );
    expect(draft.subject).toBe("Ahead of our meeting — Ledgerly");
  });

  it("drafts a follow-up for a contacted investor with no date, and asks for the date", () => {
    const draft = asEmail(draftOutreach(investor("contacted"), context));
    expect(draft.kind).toBe("follow_up");
    expect(draft.note).toBe("When did you last write? Add the date on this page to be reminded on time. Meanwhile, a follow-up:");
    expect(draft.subject).toBe("Following up — Ledgerly");
    expect(draft.body).toContain("I wrote to you a while ago about Ledgerly.");
  });

  it("puts a next step due first, in its own words, with the last contact", () => {
    const draft = asEmail(
      draftOutreach(
        investor("due_diligence", { lastContactDate: "2026-11-22", nextStep: "Send the data room", nextStepDate: "2026-11-23" }),
        context,
      ),
    );
    expect(draft.kind).toBe("follow_up");
    expect(draft.note).toBe("Next step due 2 days ago: Send the data room. Last contact: 22 November.");
    expect(draft.subject).toBe("Next step: send the data room — Ledgerly");
    expect(draft.body).toContain("Following up on our exchange of 22 November, and the next step we set: send the data room.");
  });

  it("says nothing is due while a planned next step is ahead", () => {
    const draft = draftOutreach(
      investor("contacted", { lastContactDate: "2026-11-01", nextStep: "Send the Q4 update", nextStepDate: "2026-11-30" }),
      context,
    );
    expect(draft).toEqual({ kind: "no_email", note: "No email needed now. Next step on 30 Nov: Send the Q4 update." });
  });
});

describe("drafts from what the app knows", () => {
  it("falls back to the startup's name and pitch when /settings is empty", () => {
    const draft = asEmail(draftOutreach(investor("not_contacted"), { ...context, founder: {} }));
    expect(draft.body).not.toContain("[your name]");
    expect(draft.body).not.toContain("[one line on what you are building");
    expect(draft.body).toContain("Ledgerly: Bookkeeping that closes the month in a day.");
    expect(draft.body.endsWith("Best,\nThe Ledgerly team")).toBe(true);
    expect(draft.body).toContain("Reply with a time that suits you.");
  });

  it("keeps the founder's own name, pitch and link when they are set", () => {
    const draft = asEmail(draftOutreach(investor("not_contacted"), context));
    expect(draft.body).toContain("We close the books in a day.");
    expect(draft.body).not.toContain("Bookkeeping");
    expect(draft.body).toContain("You can pick a time here: https://cal.example.com/lea");
    expect(draft.body.endsWith("Best,\nLéa Fontaine")).toBe(true);
  });

  it("names the startup and the round in the first email's subject, not the founder", () => {
    const draft = asEmail(draftOutreach(investor("not_contacted"), context));
    expect(draft.subject).toBe("Ledgerly — raising a $1.5M seed, looking for a lead");
    expect(draft.subject).not.toContain("Léa");
  });

  it.each([
    [{ ...ledgerly }, "Ledgerly — raising a $1.5M seed, looking for a lead"],
    [{ ...ledgerly, roleWanted: "co_lead" as const }, "Ledgerly — raising a $1.5M seed, looking for a co-lead"],
    [{ ...ledgerly, roleWanted: "follow" as const }, "Ledgerly — raising a $1.5M seed, looking for investors to join"],
    [{ ...ledgerly, roleWanted: null }, "Ledgerly — raising a $1.5M seed"],
    [{ ...ledgerly, roundSize: null }, "Ledgerly — raising a seed round, looking for a lead"],
    [{ ...ledgerly, roundSize: 800_000, roundCurrency: "EUR" }, "Ledgerly — raising an €800k seed, looking for a lead"],
    [{ ...ledgerly, stage: "series_a" as const, roundSize: 8_000_000 }, "Ledgerly — raising an $8M Series A, looking for a lead"],
    [
      { ...ledgerly, stage: "pre_seed" as const, roundSize: 500_000, roundCurrency: null },
      "Ledgerly — raising a $500k pre-seed, looking for a lead",
    ],
    [{ name: "Ledgerly", pitch: "x" }, "Ledgerly — raising a round"],
  ] as const)("the round in words: %#", (startup, subject) => {
    expect(roundSubject(startup)).toBe(subject);
  });

  it("on a startup's page, that startup's pitch wins over the founder's", () => {
    const draft = asEmail(draftOutreach(investor("not_contacted"), { ...context, startup: { ...ledgerly, name: "Radium Labs" } }));
    expect(draft.subject).toBe("Radium Labs — raising a $1.5M seed, looking for a lead");
    expect(draft.body).toContain("Radium Labs: Bookkeeping that closes the month in a day.");
  });
});
