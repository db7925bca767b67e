import { describe, expect, it } from "vitest";
import { followUpDue, followUpReason } from "#app/domain/follow-ups.ts";
import type { RelationshipStatus } from "#app/domain/investor.ts";
import { type EmailDraft, type OutreachContext, type OutreachInvestor, draftOutreach } from "#app/domain/outreach.ts";

/**
 * Drafts that know where things stand (issue 34 part 5, decision 053): a follow-up names the real
 * next step in words and the last contact; filler ("follow up", "f/u", "chase", "ping") is never
 * quoted back; a soft yes gets a closing draft, not "has committed".
 */
const now = new Date("2026-11-25T09:00:00Z");
const context: OutreachContext = {
  founder: { founderName: "Léa Fontaine", pitch: "We close the books in a day", meetingLink: undefined },
  raising: {
    name: "Ledgerly",
    pitch: "Bookkeeping that closes the month in a day",
    stage: "seed",
    roundSize: 1_500_000,
    roundCurrency: "USD",
  },
  now,
  followUpAfterDays: 7,
};

function investor(status: RelationshipStatus, extra: Partial<OutreachInvestor> = {}): OutreachInvestor {
  return {
    name: "Sara Lindqvist",
    firm: "Nordlys Kapital",
    email: "sara@nordlys.example.com",
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

const text = (draft: EmailDraft) => `${draft.note}\n${draft.subject}\n${draft.body}`;

describe("a next step's follow-up draft", () => {
  it.each(["follow up", "Follow-up", "f/u", "F/U.", "chase", "Ping", "ping them", "follow up again", "next steps", "TBD"])(
    "never quotes %j back, and names the last contact instead",
    (filler) => {
      const draft = asEmail(
        draftOutreach(
          investor("in_conversation", { lastContactDate: "2026-10-12", nextStep: filler, nextStepDate: "2026-10-19" }),
          context,
        ),
      );
      expect(draft.kind).toBe("follow_up");
      expect(text(draft).toLowerCase()).not.toContain(`: ${filler.toLowerCase().replace(/\.$/, "")}`);
      expect(draft.body).not.toMatch(/next step: /i);
      expect(draft.body).toContain("Following up on our exchange of 12 October: I wanted to see where things stand on your side.");
      expect(draft.subject).toBe("Following up on our exchange of 12 October — Ledgerly");
      expect(draft.note).toBe("Your next step (19 October) is due 37 days ago. Last contact: 12 October.");
    },
  );

  it("names a real step in words beside the last contact", () => {
    const draft = asEmail(
      draftOutreach(
        investor("due_diligence", { lastContactDate: "2026-10-12", nextStep: "Send the data room.", nextStepDate: "2026-10-19" }),
        context,
      ),
    );
    expect(draft.note).toBe("Next step due 37 days ago: Send the data room. Last contact: 12 October.");
    expect(draft.body).toContain("Following up on our exchange of 12 October, and the next step we set: send the data room.");
    expect(draft.body).not.toContain("Following up on our next step: follow up");
  });

  it("without a last contact date, says the step and no date it does not know", () => {
    const draft = asEmail(draftOutreach(investor("contacted", { nextStep: "f/u", nextStepDate: "2026-11-20" }), context));
    expect(draft.body).toContain("Following up on the next step we agreed: I wanted to see where things stand on your side.");
    expect(draft.subject).toBe("Following up — Ledgerly");
  });

  it("a silence follow-up names a step still on file that a contact acted on", () => {
    const draft = asEmail(
      draftOutreach(
        investor("in_conversation", { lastContactDate: "2026-11-10", nextStep: "Send the Q4 update", nextStepDate: "2026-11-08" }),
        context,
      ),
    );
    expect(draft.body).toContain("Thank you again for our conversation on 10 November.");
    expect(draft.body).toContain("The next step we noted: send the Q4 update.");
  });

  it("Today's line never quotes filler either: 'Your next step — due 3 days ago.'", () => {
    const facts = {
      name: "Sara Lindqvist",
      relationship_status: "contacted" as const,
      last_contact_date: null,
      next_step: "follow up",
      next_step_date: "2026-11-22",
    };
    const due = followUpDue(facts, now, 7)!;
    expect(followUpReason(due, facts, now)).toBe("Your next step — due 3 days ago.");
  });
});

describe("a soft yes gets a closing draft", () => {
  it("names the documents to sign for the round's instrument, the amount and the close-by date", () => {
    const draft = asEmail(
      draftOutreach(investor("soft_committed", { lastContactDate: "2026-11-20", amount: 300_000, amountCurrency: "EUR" }), {
        ...context,
        raising: { ...context.raising!, instrument: "safe", closeBy: "2026-12-15" },
      }),
    );
    expect(draft.kind).toBe("closing");
    expect(draft.note).toBe("Soft yes: close it. Send the SAFE to sign for €300k.");
    expect(draft.subject).toBe("Closing your €300k: the SAFE to sign — Ledgerly");
    expect(draft.body).toContain("Thank you for your yes on 20 November to €300k — we are glad to have you with us in Ledgerly's round.");
    expect(draft.body).toContain("To close, I will send the SAFE for signature, with the wire details.");
    expect(draft.body).toContain(
      "Could you confirm the amount, €300k, the legal name of the investing entity, and who signs (name and email)?",
    );
    expect(draft.body).toContain("We aim to close the round by 15 December.");
    expect(draft.body).not.toContain("has committed");
  });

  it("asks for the amount when none is on file, and names the documents of a priced round", () => {
    const draft = asEmail(
      draftOutreach(investor("soft_committed"), { ...context, raising: { ...context.raising!, instrument: "priced" } }),
    );
    expect(draft.note).toBe(
      "Soft yes: close it. Send the subscription agreement and the shareholders' agreement to sign, and ask for the amount (none is on file).",
    );
    expect(draft.body).toContain("Could you confirm the amount you would like to invest");
    expect(draft.body).not.toContain("close the round by");
  });

  it("without a round, speaks of the investment documents", () => {
    const draft = asEmail(draftOutreach(investor("soft_committed", { amount: 50_000 }), { ...context, raising: null }));
    expect(draft.body).toContain("To close, I will send the investment documents for signature");
    expect(draft.subject).toBe("Closing your $50k: the investment documents to sign");
  });

  it("a signed commitment still gets no email", () => {
    expect(draftOutreach(investor("committed", { amount: 300_000 }), context).kind).toBe("no_email");
  });
});
