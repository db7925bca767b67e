import { describe, expect, it } from "vitest";
import { chatSummaryNote, evaluateNotice, regenerateMessage, toneOf, unavailableWords } from "#app/domain/service-state.ts";

describe("one table of words: not configured, did not answer", () => {
  it("says the two differently for every service", () => {
    for (const service of ["model", "search", "sms"] as const) {
      const missing = unavailableWords(service, "not_configured");
      const silent = unavailableWords(service, "no_answer");
      expect(missing).toMatch(/configured/);
      expect(missing).not.toMatch(/did not answer/);
      expect(silent).toMatch(/did not answer/);
      expect(missing).not.toBe(silent);
    }
  });

  it("never shows either in a success style", () => {
    expect(toneOf("answered")).toBe("good");
    expect(toneOf("not_configured")).toBe("info");
    expect(toneOf("no_answer")).toBe("bad");
  });

  it("evaluating: a green notice only when the model answered", () => {
    const counts = { investors_evaluated: 0, investors_scored: 12 };
    expect(evaluateNotice({ ...counts, model_status: "not_configured" })).toEqual({
      text: "No language model is configured (GEMINI_API_KEY, or an OpenAI-compatible fallback: see Settings): ranked 12 investors by the rubric's rules only.",
      tone: "info",
    });
    expect(evaluateNotice({ ...counts, model_status: "no_answer" })).toEqual({
      text: "The language model did not answer: ranked 12 investors by the rubric's rules only. Try again in a few minutes.",
      tone: "bad",
    });
    expect(evaluateNotice({ investors_evaluated: 5, investors_scored: 12, model_status: "answered" })).toEqual({
      text: "Evaluated 5 investors with the model and re-ranked 12.",
      tone: "good",
    });
    expect(evaluateNotice({ ...counts, model_status: "answered" }).text).toMatch(/^No saved news to evaluate yet/);
  });

  it("regenerating asks to try again only when waiting can help", () => {
    expect(regenerateMessage("not_configured")).not.toMatch(/try again/i);
    expect(regenerateMessage("no_answer")).toMatch(/Try again in a few minutes/);
  });

  it("the chat's note under a summary says why", () => {
    expect(chatSummaryNote("answered")).toBeNull();
    expect(chatSummaryNote("not_configured")).toBe("Answered from a summary: no language model is configured.");
    expect(chatSummaryNote("no_answer")).toMatch(/did not answer/);
  });
});
