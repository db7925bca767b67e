import { describe, expect, it } from "vitest";
import { RANKING_PAGE_SQL } from "#db/queries/startup-ranking-page.server.ts";
import { RANKING_LISTS, RANKING_PAGE_SIZE, rankingListOf, statusesOf } from "#app/domain/rubric/ranking-pages.ts";
import type { RelationshipStatus } from "#app/domain/vocabulary.ts";
import { startupRankingPages } from "#app/services/startup-page.server.ts";
import { createStartupWithRubric } from "#app/services/startups.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { seedBenchData } from "../../bench/seed.ts";

const INVESTORS = 260;

/** Decision 071: a startup's page reads one page of each list of its saved ranking, never every investor. */
describe("a startup's ranking, a page at a time", () => {
  async function seeded() {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    seedBenchData(db, { investors: INVESTORS, evidencePerInvestor: 1, now: app.now() });
    const { startup } = await createStartupWithRubric(app, {
      name: "Ledgerly",
      pitch: "Bookkeeping for freelancers",
      sector: "fintech",
      stage: "seed",
      geography: "Europe",
    });
    return { db, app, startupId: startup.id };
  }

  it("each list counts its investors, shows at most a page of them, and its pages together are the list in the saved score's order, once each", async () => {
    const { db, app, startupId } = await seeded();
    try {
      const saved = db.$client
        .prepare(
          `select i.id, i.relationship_status as status, ss.score from startup_scores ss join investors i on i.id = ss.investor_id
            where ss.startup_id = ? and i.is_demo = 0`,
        )
        .all(startupId) as { id: number; status: RelationshipStatus; score: number }[];
      expect(saved).toHaveLength(INVESTORS);
      const scoreOf = new Map(saved.map((row) => [row.id, row.score]));
      const first = startupRankingPages(app, startupId, new URLSearchParams());
      expect(RANKING_LISTS.reduce((sum, list) => sum + first[list].total, 0)).toBe(INVESTORS);
      for (const list of RANKING_LISTS) {
        const members = saved.filter((row) => rankingListOf(row.status) === list);
        expect(first[list].total).toBe(members.length);
        const seen: number[] = [];
        for (let page = 1; page <= first[list].pages; page++) {
          const shown = startupRankingPages(
            app,
            startupId,
            new URLSearchParams({ page: String(page), in_round_page: String(page), out_page: String(page) }),
          )[list];
          expect(shown.page).toBe(page);
          expect(shown.offset).toBe((page - 1) * RANKING_PAGE_SIZE);
          expect(shown.inputs.length).toBeLessThanOrEqual(RANKING_PAGE_SIZE);
          for (const input of shown.inputs) expect(statusesOf(list)).toContain(input.investor.relationship_status);
          seen.push(...shown.inputs.map((input) => input.investor.id).sort((a, b) => scoreOf.get(b)! - scoreOf.get(a)!));
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort((a, b) => a - b)).toEqual(members.map((row) => row.id).sort((a, b) => a - b));
        const scores = seen.map((id) => scoreOf.get(id)!);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      }
      expect(first.active.pages).toBeGreaterThan(1);
      // A page past the last shows the last; a page that is not a number shows the first.
      const past = startupRankingPages(app, startupId, new URLSearchParams({ page: "999" })).active;
      expect(past.page).toBe(first.active.pages);
      expect(startupRankingPages(app, startupId, new URLSearchParams({ page: "abc" })).active.page).toBe(1);
    } finally {
      db.$client.close();
    }
  });

  it("SQLite walks the rank index (startup_id, score) and stops at the page's end: no sort of the whole ranking", async () => {
    const { db, startupId } = await seeded();
    try {
      const plan = (
        db.$client.prepare(`explain query plan ${RANKING_PAGE_SQL}`).all(startupId, JSON.stringify(statusesOf("active")), 50, 0) as Array<{
          detail: string;
        }>
      ).map((row) => row.detail);
      expect(plan).toContainEqual(expect.stringMatching(/^SEARCH ss USING INDEX startup_scores_rank \(startup_id=\?\)$/));
      expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
    } finally {
      db.$client.close();
    }
  });
});
