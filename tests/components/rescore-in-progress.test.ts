import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RescoreInProgress } from "#app/components/rescore-in-progress.tsx";

/** Today while every investor is being re-scored after a save (decision 041). */
describe("Today while scores are being redone", () => {
  it("says how far it is, in numbers a founder reads, and nothing when no re-score runs", () => {
    expect(renderToStaticMarkup(createElement(RescoreInProgress, { progress: null }))).toBe("");
    const html = renderToStaticMarkup(createElement(RescoreInProgress, { progress: { done: 2_500, total: 10_000 } }));
    expect(html).toContain('role="status"');
    expect(html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ")).toContain(
      "Scores are being redone: 2,500 of 10,000 investors so far. The scores and order below may still change",
    );
  });
});
