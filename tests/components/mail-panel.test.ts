import { describe, expect, it } from "vitest";
import { skippedText } from "#app/components/mail-panel.tsx";

describe("the settings page's skipped messages", () => {
  it("counts them and says why, in words", () => {
    expect(skippedText([{ reason: "header_too_large" }, { reason: "header_too_large" }], 2)).toBe("2 messages skipped: header too large");
    expect(skippedText([{ reason: "header_too_large" }, { reason: "unreadable" }], 2)).toBe(
      "2 messages skipped: header too large / unreadable",
    );
    expect(skippedText([{ reason: "unreadable" }], 1)).toBe("1 message skipped: unreadable");
  });
});
