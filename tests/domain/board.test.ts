import { describe, expect, it } from "vitest";
import { boardMoveSchema, daysSince, passReasonBars } from "#app/domain/board.ts";
import { PASS_REASONS } from "#app/domain/vocabulary.ts";

describe("daysSince", () => {
  it("counts whole days, never below zero, null without a date", () => {
    expect(daysSince("2026-11-20", "2026-11-25")).toBe(5);
    expect(daysSince("2026-11-25", "2026-11-25")).toBe(0);
    expect(daysSince("2026-12-01", "2026-11-25")).toBe(0);
    expect(daysSince(null, "2026-11-25")).toBeNull();
  });
});

describe("passReasonBars", () => {
  it("lists every reason, the unrecorded last, with bars relative to the largest", () => {
    const bars = passReasonBars([
      { reason: "timing", count: 4 },
      { reason: "too_early", count: 2 },
      { reason: null, count: 1 },
    ]);
    expect(bars.map((bar) => bar.reason)).toEqual([...PASS_REASONS, null]);
    expect(bars.find((bar) => bar.reason === "timing")).toMatchObject({ label: "Timing", count: 4, share: 1 });
    expect(bars.find((bar) => bar.reason === "too_early")?.share).toBe(0.5);
    expect(bars.at(-1)).toMatchObject({ label: "Not recorded", count: 1 });
  });

  it("has no unrecorded bar and zero shares when nobody passed", () => {
    const bars = passReasonBars([]);
    expect(bars).toHaveLength(PASS_REASONS.length);
    expect(bars.every((bar) => bar.share === 0)).toBe(true);
  });
});

describe("boardMoveSchema", () => {
  it("asks for the reason when the move is to passed", () => {
    const refused = boardMoveSchema.safeParse({ intent: "move", id: "3", relationship_status: "passed", pass_reason: "" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["pass_reason"], message: "Choose why they passed" });
    expect(boardMoveSchema.parse({ intent: "move", id: "3", relationship_status: "passed", pass_reason: "timing" })).toEqual({
      id: 3,
      relationship_status: "passed",
      pass_reason: "timing",
    });
  });

  it("drops a reason sent with another status, and refuses an unknown key or status", () => {
    expect(
      boardMoveSchema.parse({ intent: "move", id: "3", relationship_status: "contacted", pass_reason: "timing" }).pass_reason,
    ).toBeNull();
    expect(boardMoveSchema.safeParse({ intent: "move", id: "3", relationship_status: "wired" }).success).toBe(false);
    expect(boardMoveSchema.safeParse({ intent: "move", id: "3", relationship_status: "contacted", score: "99" }).success).toBe(false);
    expect(boardMoveSchema.safeParse({ intent: "move", id: "0", relationship_status: "contacted" }).success).toBe(false);
  });
});
