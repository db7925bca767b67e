import { describe, expect, it } from "vitest";
import { draftOutreach } from "#app/domain/outreach.ts";

describe("outreach drafts", () => {
  it("fills the founder, pitch, investor, hook and meeting link", () => {
    const draft = draftOutreach({
      founderName: "Marie Curie",
      pitch: "Grid batteries that last 20 years.",
      startupName: "Radium Labs",
      investorName: "Ada Lovelace",
      investorEmail: "ada@analytical.example.com",
      hook: "Led a $4M seed in Lumen Grid on 3 Nov",
      meetingLink: "https://cal.example.com/marie",
    });
    expect(draft.body).toContain("Hi Ada,");
    expect(draft.body).toContain("Led a $4M seed in Lumen Grid on 3 Nov.");
    expect(draft.body).toContain("Radium Labs: Grid batteries that last 20 years.");
    expect(draft.body).toContain("https://cal.example.com/marie");
    expect(draft.body.trim().endsWith("Marie Curie")).toBe(true);
    expect(draft.mailto).toMatch(/^mailto:ada%40analytical\.example\.com\?subject=/);
    expect(decodeURIComponent(draft.mailto!.split("body=")[1]!)).toBe(draft.body);
  });

  it("shows placeholders and asks for a reply when settings are missing", () => {
    const draft = draftOutreach({ founderName: undefined, pitch: undefined, investorName: "Grace Hopper", hook: null, meetingLink: undefined });
    expect(draft.body).toContain("[your name]");
    expect(draft.body).toContain("[one line on what you are building");
    expect(draft.body).toContain("reply with a time that suits you".replace("reply", "Reply"));
    expect(draft.mailto).toBeNull();
  });
});
