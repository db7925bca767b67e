import { describe, expect, it } from "vitest";
import type { RelationshipStatus } from "#app/domain/investor.ts";
import {
  type EmailDraft,
  type OutreachContext,
  type OutreachInvestor,
  draftAsText,
  draftOutreach,
  formatContactDate,
  hookSentence,
  mailtoLink,
} from "#app/domain/outreach.ts";

const now = new Date("2026-11-23T15:00:00Z");
const founder = { founderName: "Marie Curie", pitch: "Grid batteries that last 20 years", meetingLink: "https://cal.example.com/marie" };
const context: OutreachContext = { founder, now, followUpAfterDays: 7 };

function investor(status: RelationshipStatus, extra: Partial<OutreachInvestor> = {}): OutreachInvestor {
  return {
    name: "Ada Lovelace",
    firm: "Analytical Ventures",
    email: "ada@analytical.example.com",
    relationshipStatus: status,
    lastContactDate: null,
    signalHook: "Led a $4M seed in Lumen Grid on 3 Nov",
    ...extra,
  };
}

function asEmail(draft: ReturnType<typeof draftOutreach>): EmailDraft {
  if (draft.kind === "no_email") throw new Error(`expected an email, got: ${draft.note}`);
  return draft;
}

describe("the hook as a sentence", () => {
  it.each([
    ["Led a $4M seed in Lumen Grid on 3 Nov", "I saw that you led a $4M seed in Lumen Grid on 3 Nov."],
    ["Led a $4M seed in Lumen Grid on 3 Nov.", "I saw that you led a $4M seed in Lumen Grid on 3 Nov."],
    ["  led a $4M seed   in Lumen Grid!! ", "I saw that you led a $4M seed in Lumen Grid."],
    ["The firm closed a $50M Fund III for seed fintech on 1 Nov.", "I saw that you closed a $50M Fund III for seed fintech on 1 Nov."],
    ["Analytical Ventures led a $2M round in Acme", "I saw that you led a $2M round in Acme."],
    ["Ada Lovelace wrote about AI agents in payments", "I saw that you wrote about AI agents in payments."],
    ["Recently co-led a Series A in Voltaic [3]", "I saw that you recently co-led a Series A in Voltaic."],
    ["Has just closed a new $120M fund (evidence 12).", "I saw that you have just closed a new $120M fund."],
    [
      "Opened applications for its next cohort ($150k per startup) on 2 Nov",
      "I saw that you opened applications for your next cohort ($150k per startup) on 2 Nov.",
    ],
    ['"Launched a $10M angel syndicate for climate founders"', "I saw that you launched a $10M angel syndicate for climate founders."],
    [
      "Sequoia backs Lumen Grid in a $4M seed (Reuters)",
      "I came across this recent news: Sequoia backs Lumen Grid in a $4M seed (Reuters).",
    ],
    ["seed round in Lumen Grid on 3 Nov", "I came across this recent news: Seed round in Lumen Grid on 3 Nov."],
  ])("%s", (hook, expected) => {
    expect(hookSentence(hook, { name: "Ada Lovelace", firm: "Analytical Ventures" })).toBe(expected);
  });

  it("leaves out an empty hook or one that was cut short", () => {
    expect(hookSentence(null)).toBeNull();
    expect(hookSentence("   ")).toBeNull();
    expect(hookSentence(" [4] ")).toBeNull();
    expect(hookSentence("Led a $4M seed in a company building grid batteries for…")).toBeNull();
  });

  it("keeps acronyms as written", () => {
    expect(hookSentence("Backed AI startup Mistral in its seed")).toBe("I saw that you backed AI startup Mistral in your seed.");
  });
});

describe("dates", () => {
  it("says the day and month, and the year only when it is not this one", () => {
    expect(formatContactDate("2026-11-03", now)).toBe("3 November");
    expect(formatContactDate("2025-12-30", now)).toBe("30 December 2025");
  });
});

describe("first emails", () => {
  it.each(["not_contacted", "researching", "intro_requested"] as const)("%s gets a first email with the hook as a sentence", (status) => {
    const draft = asEmail(draftOutreach(investor(status), context));
    expect(draft.kind).toBe("first_email");
    expect(draft.subject).toBe("Intro from Marie Curie");
    expect(draft.body.startsWith("Hi Ada,\n\nI saw that you led a $4M seed in Lumen Grid on 3 Nov. It is why I thought of you.")).toBe(
      true,
    );
    expect(draft.body).toContain("Grid batteries that last 20 years.");
    expect(draft.body).toContain("You can pick a time here: https://cal.example.com/marie");
    expect(draft.body.endsWith("Best,\nMarie Curie")).toBe(true);
    expect(draft.body).not.toContain("I saw this:");
  });

  it("says when an introduction was asked for", () => {
    expect(draftOutreach(investor("intro_requested"), context).note).toMatch(/introduction/);
  });

  it("shows placeholders and asks for a reply when the founder's settings are missing", () => {
    const draft = asEmail(draftOutreach(investor("not_contacted", { signalHook: null, email: null }), { ...context, founder: {} }));
    expect(draft.subject).toBe("Intro from [your name]");
    expect(draft.body).toContain("[your name]");
    expect(draft.body).toContain("[one line on what you are building");
    expect(draft.body).toContain("Reply with a time that suits you.");
    expect(draft.body).toContain("I have been following your investments");
    expect(draft.to).toBeNull();
    // Still a mail-app link: it opens a new message with the subject and body, no recipient.
    expect(draft.mailto.startsWith("mailto:?subject=")).toBe(true);
  });

  it("on a startup's page, speaks about that startup", () => {
    const draft = asEmail(
      draftOutreach(investor("not_contacted"), { ...context, startup: { name: "Radium Labs", pitch: "Batteries for the grid." } }),
    );
    expect(draft.subject).toBe("Radium Labs — raising a round");
    expect(draft.body).toContain("Radium Labs: Batteries for the grid.");
    expect(draft.body).not.toContain("Grid batteries that last 20 years");
  });
});

describe("follow-ups", () => {
  it("refers to the last contact when one is due (7 days or more)", () => {
    const draft = asEmail(draftOutreach(investor("contacted", { lastContactDate: "2026-11-16" }), context));
    expect(draft.kind).toBe("follow_up");
    expect(draft.subject).toBe("Following up on my note of 16 November");
    expect(draft.body).toContain("I wrote to you on 16 November about what we are building.");
    expect(draft.note).toContain("7 days ago");
    expect(draft.body).not.toContain("I saw that");
  });

  it("fits the stage: conversation, meeting, diligence", () => {
    const last = { lastContactDate: "2026-10-31" };
    const conversation = asEmail(draftOutreach(investor("in_conversation", last), context));
    expect(conversation.body).toContain("Thank you again for our conversation on 31 October.");
    const meeting = asEmail(draftOutreach(investor("meeting_scheduled", last), context));
    expect(meeting.subject).toBe("Ahead of our meeting");
    expect(meeting.body).not.toContain("20 minutes");
    const diligence = asEmail(draftOutreach(investor("due_diligence", last), context));
    expect(diligence.subject).toBe("Anything else you need for diligence?");
    expect(diligence.body).toContain("since we last spoke on 31 October");
    // Not a cold pitch: no hook, no intro.
    expect(diligence.body).not.toMatch(/I saw that|could be a fit|Grid batteries/);
  });

  it.each(["contacted", "in_conversation", "meeting_scheduled", "due_diligence"] as const)(
    "%s with a recent contact gets no email, and the date a follow-up is due",
    (status) => {
      const draft = draftOutreach(investor(status, { lastContactDate: "2026-11-20" }), context);
      expect(draft.kind).toBe("no_email");
      expect(draft.note).toBe(
        "No email needed now: you were last in touch on 20 November (3 days ago). A follow-up is due on 27 November.",
      );
    },
  );

  it("uses FOLLOW_UP_AFTER_DAYS, not a fixed week", () => {
    expect(draftOutreach(investor("contacted", { lastContactDate: "2026-11-16" }), { ...context, followUpAfterDays: 10 }).kind).toBe(
      "no_email",
    );
    expect(draftOutreach(investor("contacted", { lastContactDate: "2026-11-20" }), { ...context, followUpAfterDays: 3 }).kind).toBe(
      "follow_up",
    );
  });

  it("asks for the last contact date when none is on file", () => {
    const draft = draftOutreach(investor("due_diligence"), context);
    expect(draft.kind).toBe("no_email");
    expect(draft.note).toMatch(/no last contact date/);
  });
});

describe("no email, and why", () => {
  it.each([
    ["committed", /has committed/],
    ["passed", /passed/],
    ["not_a_fit", /not a fit/],
  ] as const)("%s", (status, reason) => {
    const draft = draftOutreach(investor(status, { lastContactDate: "2026-10-01" }), context);
    expect(draft.kind).toBe("no_email");
    expect(draft.note).toMatch(reason);
  });
});

describe("copy and mailto carry the subject", () => {
  it("encodes subject and body, line breaks as CRLF", () => {
    const link = mailtoLink("ada+vc@analytical.example.com", "Intro & hello?", "Hi Ada,\n\n100% = yes #1");
    expect(link).toBe(
      "mailto:ada%2Bvc%40analytical.example.com?subject=Intro%20%26%20hello%3F&body=Hi%20Ada%2C%0D%0A%0D%0A100%25%20%3D%20yes%20%231",
    );
    const url = new URL(link);
    expect(url.searchParams.get("subject")).toBe("Intro & hello?");
    expect(url.searchParams.get("body")).toBe("Hi Ada,\r\n\r\n100% = yes #1");
  });

  it("a draft's mailto holds its own subject and body", () => {
    const draft = asEmail(draftOutreach(investor("not_contacted"), context));
    const url = new URL(draft.mailto);
    expect(decodeURIComponent(url.pathname)).toBe("ada@analytical.example.com");
    expect(url.searchParams.get("subject")).toBe(draft.subject);
    expect(url.searchParams.get("body")?.replaceAll("\r\n", "\n")).toBe(draft.body);
  });

  it("what Copy copies starts with the subject line", () => {
    expect(draftAsText("Intro from Marie", "Hi Ada,")).toBe("Subject: Intro from Marie\n\nHi Ada,");
  });
});

describe("whom a draft greets, and the pitch it names", () => {
  it("greets a person by first name and an organisation whole (a walkthrough found 'Hi Goose,' for a fund)", () => {
    const greet = (name: string, firm: string | null = null) =>
      asEmail(draftOutreach(investor("not_contacted", { name, firm }), context)).body.split("\n")[0];
    expect(greet("Ada Lovelace", "Analytical Ventures")).toBe("Hi Ada,");
    expect(greet("Goose Valley Ventures", "Goose Valley Ventures")).toBe("Hi Goose Valley Ventures team,");
    expect(greet("Goose Valley Ventures")).toBe("Hi Goose Valley Ventures team,");
    expect(greet("Tomahawk.VC")).toBe("Hi Tomahawk.VC team,");
    expect(greet("1 4 All Group")).toBe("Hi 1 4 All Group team,");
    expect(greet("Simsan", "Simsan")).toBe("Hi Simsan team,");
    expect(greet("Kilian Thalhammer", "Speedinvest")).toBe("Hi Kilian,");
  });

  it("names the startup before its pitch once, not twice ('Ledgerly: Ledgerly automates…')", () => {
    const raising = { name: "Ledgerly", pitch: "Ledgerly automates bookkeeping for European SMEs" };
    const body = asEmail(draftOutreach(investor("not_contacted"), { ...context, founder: { founderName: "Léa" }, raising })).body;
    expect(body).toContain("Ledgerly automates bookkeeping for European SMEs.");
    expect(body).not.toContain("Ledgerly: Ledgerly");
    const other = { name: "Ledgerly", pitch: "Bookkeeping that closes itself" };
    expect(
      asEmail(draftOutreach(investor("not_contacted"), { ...context, founder: { founderName: "Léa" }, raising: other })).body,
    ).toContain("Ledgerly: Bookkeeping that closes itself.");
  });
});
