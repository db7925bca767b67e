import { describe, expect, it, vi } from "vitest";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { createStartupWithRubric } from "#app/services/startups.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { finishStep } from "#db/queries/refresh.server.ts";
import { runs } from "#db/schema.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

/**
 * A refresh step re-scores each investor it checked (decision 039: with the round raising now's
 * rubric). Which startup that is and its rubric are read once for the step, not once per investor:
 * a searched group of investors costs one read of the startups, not one per investor.
 */
describe("a refresh step over several investors", () => {
  it("reads the startups' rubrics once for the step, and scores every investor with the round raising now's", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const now = app.now();
      const ids = Array.from({ length: 6 }, (_, index) =>
        createInvestor(
          db,
          { name: `Fund ${index}`, kind: "fund", sectors: ["Fintech"], stages: ["seed"], geographies: ["Europe"] },
          { now, actor: TEST_ACTOR, rules: DEFAULT_RULES },
        ),
      );
      for (const name of ["Ledgerly", "Brightly"]) {
        await createStartupWithRubric(app, { name, pitch: "x", sector: "fintech", stage: "seed", geography: "Europe" });
      }
      db.$client.prepare("update startups set raising_now = (name = 'Ledgerly')").run();
      db.insert(runs).values({ runId: "r1", trigger: "manual", status: "running", leaseOwner: "me" }).run();

      const later = new Date(now.getTime() + 86_400_000);
      const prepare = vi.spyOn(db.$client, "prepare");
      finishStep(db, {
        runId: "r1",
        cursor: 0,
        items: ids.map((investorId) => ({
          investorId,
          judgements: [],
          signals: {
            signalActivity: 80,
            signalFit: null,
            signalHook: null,
            signalHookEvidenceId: null,
            signalRedFlag: null,
            signalsCheckedAt: later.toISOString(),
          },
        })),
        now: later,
        rules: DEFAULT_RULES,
        leaseOwner: "me",
        leaseMs: 60_000,
        llmCalls: 0,
        errors: [],
        degraded: false,
      });
      const rubricReads = prepare.mock.calls.filter(([text]) => /from "rubrics"/.test(String(text))).length;
      prepare.mockRestore();
      // Two startups: two rubric reads for the step (before: two per investor, twelve).
      expect(rubricReads).toBe(2);

      // Each investor's own score is Ledgerly's ranking row, written by this step.
      const mismatched = db.$client
        .prepare(
          `select count(*) as n from investors i join startup_scores ss on ss.investor_id = i.id
             join startups s on s.id = ss.startup_id and s.name = 'Ledgerly'
           where i.is_demo = 0 and (i.score <> ss.score or i.action <> ss.action or ss.updated_at <> ?)`,
        )
        .get(later.toISOString()) as { n: number };
      expect(mismatched.n).toBe(0);
    } finally {
      db.$client.close();
    }
  });
});
