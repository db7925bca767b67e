import { describe, expect, it } from "vitest";
import { introAnswer } from "#app/domain/chat/intros.ts";
import type { IntroPath } from "#app/domain/intros.ts";

const erik: IntroPath = {
  id: 1,
  investor_id: 7,
  person: { id: 3, name: "Erik Solberg", organisation: null, emails: [] },
  member: { id: 1, name: "Ingrid Solheim" },
  source: "import",
  tier: null,
  evidence: "Erik Solberg (ex-colleague)",
  state: "to_ask",
  asked_on: null,
  state_at: null,
  state_by: null,
};

/**
 * Found on a walkthrough: "who can introduce me to Anders Lund?" for an investor who passed listed
 * Erik "not asked yet" as for anyone else, advice to chase someone who said no.
 */
describe("the chat's rule answer on intros to someone who passed", () => {
  it("says they passed and not to chase before the recorded paths", () => {
    const { answer } = introAnswer({
      question: "who_can_introduce",
      investors: [{ id: 7, name: "Anders Lund", firm: "Nordic Ventures", relationship_status: "passed", paths: [erik] }],
    });
    expect(answer.startsWith("Anders Lund (Nordic Ventures) passed: don't chase, even through a warm intro.")).toBe(true);
    expect(answer).toContain("Recorded paths to them: Erik Solberg:");
  });

  it("answers as before for an investor still in play", () => {
    const { answer } = introAnswer({
      question: "who_can_introduce",
      investors: [{ id: 7, name: "Kari Nordmann", firm: "Fjord Capital", relationship_status: "intro_requested", paths: [erik] }],
    });
    expect(answer).toMatch(/^To Kari Nordmann \(Fjord Capital\): Erik Solberg: From your sheet · Ingrid knows Erik/);
    expect(answer).not.toContain("chase");
  });
});
