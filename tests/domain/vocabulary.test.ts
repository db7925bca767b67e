import { describe, expect, it } from "vitest";
import { kindOfWords, stagesOfWords, statusOfWords } from "#app/domain/vocabulary.ts";

describe("stage words", () => {
  it.each([
    ["Pre-seed", ["pre_seed"]],
    ["A-round", ["series_a"]],
    ["Series A", ["series_a"]],
    ["Growth", ["series_b_plus"]],
    ["Seed to Growth", ["seed", "series_a", "series_b_plus"]],
    ["Pre-seed – Series A", ["pre_seed", "seed", "series_a"]],
    ["Idea", ["pre_seed"]],
    ["Prototype", ["pre_seed"]],
    ["MVP", ["pre_seed"]],
    ["Series+", ["series_a", "series_b_plus"]],
    ["series_b_plus", ["series_b_plus"]],
    ["シード", ["seed"]],
  ])("%j → %j", (text, stages) => {
    expect(stagesOfWords(text)).toEqual(stages);
  });
  it.each(["Stage", "seedling", ""])("%j is no stage", (text) => {
    expect(stagesOfWords(text)).toEqual([]);
  });
});

describe("kind and status words", () => {
  it.each([
    ["VC", "fund"],
    ["Solo angel", "angel"],
    ["Family office", "other"],
    ["Corporate VC", "corporate"],
    ["法人", "corporate"],
    ["個人", "angel"],
    ["Incubator, Accelerator", "accelerator"],
    ["Seed fund\n\n", "fund"],
  ])("kind %j → %s", (text, kind) => {
    expect(kindOfWords(text)).toBe(kind);
  });
  it.each([
    ["First Meeting", "in_conversation"],
    ["Intro Requested", "intro_requested"],
    ["Committed", "committed"],
    ["検討中", "in_conversation"],
    ["承認済", "committed"],
    ["見送り", "passed"],
    ["meeting_scheduled", "meeting_scheduled"],
    // A verbal yes is soft money: never counted as committed in the round's line.
    ["Soft commit", "soft_committed"],
    ["Soft commitment", "soft_committed"],
    ["Soft committed", "soft_committed"],
    ["Verbal commit", "soft_committed"],
  ])("status %j → %s", (text, status) => {
    expect(statusOfWords(text)).toBe(status);
  });
  it("knows no status 'maybe'", () => {
    expect(statusOfWords("maybe")).toBeUndefined();
  });
});
