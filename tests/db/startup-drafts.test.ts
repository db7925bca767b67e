import { describe, expect, it } from "vitest";
import { createInvestor } from "#db/queries/investors.server.ts";
import { createStartup, rubricInputs } from "#db/queries/startups.server.ts";
import { investorProfileSchema } from "#app/domain/investor.ts";
import { draftOutreach } from "#app/domain/outreach.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

const now = new Date("2026-11-23T12:00:00Z");

describe("the startup page's outreach drafts", () => {
  // The bug: the page's rows carried no email, so every draft said "No email address on file".
  it("get the investor's email and hook from the ranking rows", () => {
    const { db } = createTestDatabase();
    const profile = investorProfileSchema.parse({
      name: "Sector Sally",
      firm: "Climate Fund",
      email: "sally@climate.example.com",
      sectors: ["climate"],
    });
    const id = createInvestor(db, profile, { now, actor: TEST_ACTOR, rules: DEFAULT_RULES });
    db.$client.prepare("update investors set signal_hook = ? where id = ?").run("Led a $3M seed in Voltaic on 2 Nov", id);
    const input = { name: "Radium Labs", pitch: "Grid batteries.", sector: "climate", stage: "seed" as const, geography: "France" };
    const startup = createStartup(db, input, defaultRubric(input), "default", now);

    const [row] = rubricInputs(db, startup.id);
    expect(row!.investor).toMatchObject({ email: "sally@climate.example.com", signal_hook: "Led a $3M seed in Voltaic on 2 Nov" });
    const draft = draftOutreach(
      {
        name: row!.investor.name,
        firm: row!.investor.firm,
        email: row!.investor.email,
        relationshipStatus: row!.investor.relationship_status,
        lastContactDate: row!.investor.last_contact_date,
        signalHook: row!.investor.signal_hook,
      },
      { founder: {}, startup: { name: startup.name, pitch: startup.pitch }, now, followUpAfterDays: 7 },
    );
    if (draft.kind === "no_email") throw new Error(draft.note);
    expect(draft.mailto.startsWith("mailto:sally%40climate.example.com?subject=Radium%20Labs")).toBe(true);
    expect(draft.body).toContain("I saw that you led a $3M seed in Voltaic on 2 Nov.");
  });
});
