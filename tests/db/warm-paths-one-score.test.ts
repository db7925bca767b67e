import { describe, expect, it } from "vitest";
import { memberActor } from "#app/domain/people.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { rescoreForPaths } from "#app/services/intro-asked.server.ts";
import { createStartupWithRubric } from "#app/services/startups.server.ts";
import { addIntroPath, ensurePerson } from "#db/queries/intros.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { ensureOwner } from "#db/queries/members.server.ts";
import { readToday } from "#db/queries/today.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { LEDGERLY } from "#tests/fixtures/founder-pipeline.ts";

/** With a round raising now its rubric's relationship part credits the path as the overall score does (decisions 039, 065). */
describe("a warm path under the round raising now", () => {
  it("puts the warm twin ahead on Today and on the startup's ranking with the same score", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const now = app.now();
      const owner = ensureOwner(db, now);
      const maren = memberActor({ ...owner, name: "Maren" });
      const profile = {
        kind: "fund" as const,
        sectors: ["Fintech"],
        stages: ["seed" as const],
        geographies: ["Europe"],
        check_min: 300_000,
        check_max: 1_200_000,
      };
      const cold = createInvestor(db, { ...profile, name: "Cobalt Seed" }, { now, actor: maren, rules: DEFAULT_RULES });
      const warm = createInvestor(db, { ...profile, name: "Cobalt Twin" }, { now, actor: maren, rules: DEFAULT_RULES });
      await createStartupWithRubric(app, LEDGERLY);
      const score = (id: number) => db.$client.prepare("select score from investors where id = ?").pluck().get(id) as number;
      const ranked = (id: number) => db.$client.prepare("select score from startup_scores where investor_id = ?").pluck().get(id) as number;
      expect(score(warm)).toBe(score(cold));

      const erik = ensurePerson(db, { name: "Erik Solberg", isDemo: false }, now)!;
      addIntroPath(db, maren, { investorId: warm, personId: erik, memberId: null, source: "mail", tier: "strong", isDemo: false }, now);
      rescoreForPaths(app, [warm], false);
      expect(score(warm)).toBeGreaterThan(score(cold));
      expect([ranked(warm), ranked(cold)]).toEqual([score(warm), score(cold)]);
      const order = readToday(db, false, 10).email_first.map((row) => row.id);
      expect(order.indexOf(warm)).toBeLessThan(order.indexOf(cold));
      const explained = JSON.parse(db.$client.prepare("select score_explained from investors where id = ?").pluck().get(warm) as string);
      expect(explained.components).toContainEqual(
        expect.objectContaining({ key: "relationship", detail: "Not contacted; a strong path through Erik" }),
      );
    } finally {
      db.$client.close();
    }
  });
});
