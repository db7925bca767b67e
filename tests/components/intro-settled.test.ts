import { describe, expect, it } from "vitest";
import { settledSentence } from "#app/components/investor/intro-paths.tsx";
import type { IntroPath } from "#app/domain/intros.ts";
import { STATUS_LABELS } from "#app/domain/investor.ts";
import { pathsMatter } from "#app/domain/warm-path.ts";

const path = (state: IntroPath["state"], name: string): IntroPath => ({
  id: 1,
  investor_id: 7,
  person: { id: 2, name, organisation: null, emails: [] },
  member: null,
  source: "import",
  tier: null,
  evidence: "",
  state,
  asked_on: null,
  state_at: null,
  state_by: null,
});

/** The investor page's intro panel: when no intro is to be asked, it says why and the drafts stay closed. */
describe("no intro asked when it is not needed", () => {
  it("says the team is already in touch once the investor is contacted or further (a walkthrough: an intro offered with the call booked)", () => {
    const inTouch = (status: keyof typeof STATUS_LABELS) => (pathsMatter(status) ? undefined : STATUS_LABELS[status]);
    expect(settledSentence([path("to_ask", "Erik Solberg")], inTouch("meeting_scheduled"))).toBe(
      `Already in touch (${STATUS_LABELS.meeting_scheduled}): nothing to ask here.`,
    );
    expect(settledSentence([path("to_ask", "Erik Solberg")], inTouch("contacted"))).toMatch(/^Already in touch/);
    expect(settledSentence([path("to_ask", "Erik Solberg")], inTouch("not_contacted"))).toBeUndefined();
    expect(settledSentence([path("asked", "Erik Solberg")], inTouch("intro_requested"))).toBeUndefined();
  });

  it("names the path that made the introduction before anything else", () => {
    expect(settledSentence([path("to_ask", "Lena Berg"), path("introduced", "Erik Solberg")], STATUS_LABELS.contacted)).toBe(
      "Already introduced through Erik Solberg: nothing to ask here.",
    );
  });
});
