import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { JustBelowLine } from "#app/components/dashboard/just-below-line.tsx";
import type { InvestorProfile } from "#app/domain/investor.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { createStartupWithRubric, editRubric } from "#app/services/startups.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { latestRubric } from "#db/queries/startups.server.ts";
import { loadToday } from "#db/queries/today.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { LEDGERLY } from "#tests/fixtures/founder-pipeline.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

/**
 * With a round raising now, Today lists only those at or over its rubric's line (55 by default);
 * a good fit at 54 waits and is on no list. Today says how many wait just under the line and
 * links to them and to the line (decision 039's consequence, seen from a founder's chair).
 */

const fintechSeed = (name: string, geographies: string[], check: [number, number]): InvestorProfile => ({
  name,
  kind: "fund",
  sectors: ["Fintech"],
  stages: ["seed"],
  geographies,
  check_min: check[0],
  check_max: check[1],
});

const PROFILES: InvestorProfile[] = [
  fintechSeed("Northbridge Partners", ["Germany"], [500_000, 2_000_000]),
  fintechSeed("Cobalt Seed", ["Europe"], [300_000, 1_200_000]),
  fintechSeed("Copper Seed", ["Europe"], [100_000, 400_000]),
  fintechSeed("Harbour Angels", ["United Kingdom"], [25_000, 100_000]),
  { name: "Redwood Growth Partners", kind: "fund", sectors: ["Consumer"], stages: ["series_b_plus"], geographies: ["United States"] },
];

type Scored = { name: string; score: number; action: string };

describe("Today under Email first: who waits just under the line", () => {
  it("counts the uncontacted investors who wait within 5 points under the line, and only those", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const now = app.now();
      for (const profile of PROFILES) createInvestor(db, profile, { now, actor: TEST_ACTOR, rules: DEFAULT_RULES });
      const { startup } = await createStartupWithRubric(app, LEDGERLY);
      const scores = () => db.$client.prepare("select name, score, action from investors order by score desc, id").all() as Scored[];

      // The line moved to one point over the best score: everyone waits, the best just under it.
      const best = scores()[0]!;
      const rubric = latestRubric(db, startup.id)!.rubric;
      await editRubric(app, TEST_ACTOR, startup.id, { ...rubric, thresholds: { ...rubric.thresholds, email_first: best.score + 1 } });
      const after = scores();
      expect(after.filter((row) => row.action === "email_first")).toEqual([]);
      const justBelow = after.filter((row) => row.action === "wait" && row.score >= best.score - 4);
      expect(justBelow.map((row) => row.name)).toContain(best.name);
      // Someone further down is left out, so the count is not simply everyone who waits.
      expect(after.some((row) => row.action === "wait" && row.score < best.score - 4)).toBe(true);

      const today = loadToday(db, false, { now, followUpAfterDays: 7, shown: 5 });
      expect(today.scoredFor).toEqual({
        startup: "Ledgerly",
        startupId: startup.id,
        emailFirstAt: best.score + 1,
        justBelow: {
          count: justBelow.length,
          from: best.score - 4,
          waiting: after.filter((row) => row.action === "wait").length,
          best: best.score,
        },
      });

      // One contacted: a follow-up to wait for, not a first email; no longer counted.
      db.$client
        .prepare("update investors set relationship_status = 'contacted', last_contact_date = ? where name = ?")
        .run(now.toISOString().slice(0, 10), best.name);
      expect(loadToday(db, false, { now, followUpAfterDays: 7, shown: 5 }).scoredFor?.justBelow.count).toBe(justBelow.length - 1);
      // The demo side keeps the overall score: no line of a startup's, nothing counted.
      expect(loadToday(db, true, { now, followUpAfterDays: 7, shown: 5 }).scoredFor).toBeNull();

      // The line far above everyone: nobody just below, but how many wait and the best of them are
      // still said (the best one, contacted above, is no longer among them).
      await editRubric(app, TEST_ACTOR, startup.id, { ...rubric, thresholds: { ...rubric.thresholds, email_first: best.score + 20 } });
      const waiting = scores().filter((row) => row.action === "wait" && row.name !== best.name);
      expect(waiting.length).toBeGreaterThan(1);
      expect(loadToday(db, false, { now, followUpAfterDays: 7, shown: 5 }).scoredFor?.justBelow).toEqual({
        count: 0,
        from: best.score + 15,
        waiting: waiting.length,
        best: Math.max(...waiting.map((row) => row.score)),
      });
    } finally {
      db.$client.close();
    }
  });

  it("says how many, the range, and links to them (the table, filtered) and to the line (the startup's page)", () => {
    const render = (count: number, from = 50, waiting = count, best = 54) =>
      renderToStaticMarkup(
        createElement(
          MemoryRouter,
          null,
          createElement(JustBelowLine, {
            basePath: "/",
            scoredFor: { startup: "Ledgerly", startupId: 3, emailFirstAt: 55, justBelow: { count, from, waiting, best } },
          }),
        ),
      );
    const many = render(12);
    expect(many).toContain("12 more investors not yet contacted score 50–54 for Ledgerly, just under the line: they wait.");
    expect(many).toContain('href="/?action=wait&amp;status=not_contacted#investors"');
    expect(many).toContain('href="/startups/3"');
    expect(render(1, 54)).toContain("1 more investor not yet contacted scores 54 for Ledgerly, just under the line: it waits.");
    // Nobody just below, some further down (a list that fits poorly): how many wait and the best score.
    const further = render(0, 50, 48, 42);
    expect(further).toContain(
      "48 investors not yet contacted wait for Ledgerly, the best scoring 42: none within 5 points of the line (55).",
    );
    expect(further).toContain('href="/?action=wait&amp;status=not_contacted#investors"');
    expect(render(0, 50, 1, 30)).toContain(
      "1 investor not yet contacted waits for Ledgerly, scoring 30: not within 5 points of the line (55).",
    );
    expect(render(0, 50, 0, 0)).toBe("");
  });
});
