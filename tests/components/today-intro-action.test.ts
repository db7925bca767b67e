import { describe, expect, it } from "vitest";
import { introAction } from "#app/components/dashboard/today-intro.tsx";
import type { WarmPath } from "#app/domain/warm-path.ts";

const today = "2026-12-02";

function path(overrides: Partial<WarmPath> = {}): WarmPath {
  return {
    path_id: 1,
    person: "Erik Solberg",
    member: "Ingrid Solheim",
    source: "import",
    tier: null,
    evidence: "Erik Solberg (ex-colleague)",
    state: "to_ask",
    asked_on: null,
    ...overrides,
  };
}

/**
 * Which quick action a Today row gets (decision 065). Found on a walkthrough: an investor already
 * in conversation (a next step due, in Follow-ups) with a sheet's "Intro via Alex" read
 * "Ask Alex for an intro to Jane Example" and offered "Asked" in place of "Emailed".
 */
describe("a Today row's intro action", () => {
  it("asks for the intro on an email-first row with a connector still to ask", () => {
    expect(introAction({ intro: path() }, today, "email_first")).toBe("asked");
  });

  it("never asks for an intro on a follow-up: the conversation is under way, Emailed stays", () => {
    expect(introAction({ intro: path() }, today, "follow_up")).toBeNull();
  });

  it("nudges the connector on a follow-up once the intro has been asked five days", () => {
    expect(introAction({ intro: path({ state: "asked", asked_on: "2026-11-27" }) }, today, "follow_up")).toBe("nudged");
    expect(introAction({ intro: path({ state: "asked", asked_on: "2026-11-30" }) }, today, "follow_up")).toBeNull();
  });

  it("says nothing of intros for someone not to chase", () => {
    expect(introAction({ intro: path() }, today, "dont_chase")).toBeNull();
  });
});
