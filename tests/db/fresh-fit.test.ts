import { describe, expect, it } from "vitest";
import { createInvestor } from "#db/queries/investors.server.ts";
import { latestRubric } from "#db/queries/startups.server.ts";
import { changeRoleWanted, createStartupWithRubric, editRubric, rescoreInvestorsForStartups } from "#app/services/startups.server.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

/** The fit sentence follows every change it reads: a rubric, a startup's ask, an investor's profile (issue 19). */

const LEDGERLY = {
  name: "Ledgerly",
  pitch: "Bookkeeping.",
  sector: "fintech",
  stage: "seed" as const,
  geography: "Europe",
  round_size: 1_500_000,
};

function fitOf(db: ReturnType<typeof createTestDatabase>["db"], id: number) {
  return db.$client.prepare("select fit_detail, fit_misfit, action, fit_cheque from investors where id = ?").get(id) as {
    fit_detail: string | null;
    fit_misfit: string | null;
    action: string;
    fit_cheque: number | null;
  };
}

describe("fresh fit sentences", () => {
  it("are redone when the ask, the rubric or the investor's cheque range changes", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const now = app.now();
      const id = createInvestor(
        db,
        {
          name: "Angela Angel",
          kind: "angel",
          sectors: ["Fintech"],
          stages: ["seed"],
          geographies: ["Europe"],
          check_min: 25_000,
          check_max: 100_000,
        },
        { now, actor: TEST_ACTOR, rules: DEFAULT_RULES },
      );
      const { startup } = await createStartupWithRubric(app, { ...LEDGERLY, role_wanted: "lead" });
      // Asking for a lead: a $25k–$100k angel is far off, and says so.
      expect(fitOf(db, id).fit_misfit).toMatch(/\$25k–\$100k/);
      expect(fitOf(db, id).action).toBe("dont_chase");

      // Asking for followers instead: the range moves to 2–15 % and the angel fits.
      await changeRoleWanted(app, TEST_ACTOR, startup.id, "follow");
      expect(latestRubric(db, startup.id)!.rubric.check_size).toEqual({ min: 30_000, max: 225_000 });
      expect(fitOf(db, id).fit_misfit).toBeNull();
      expect(fitOf(db, id).fit_detail).toContain("$25k–$100k cheques");

      // An edited rubric is read at once.
      const rubric = latestRubric(db, startup.id)!.rubric;
      await editRubric(app, TEST_ACTOR, startup.id, { ...rubric, check_size: { min: 1_000_000, max: 3_000_000 } });
      expect(fitOf(db, id).fit_misfit).toMatch(/smaller than the \$1M–\$3M/);

      // So is the investor's own profile: their new range is the one the sentence names.
      db.$client.prepare("update investors set check_min = 1000000, check_max = 2000000 where id = ?").run(id);
      rescoreInvestorsForStartups(app, [id]);
      expect(fitOf(db, id).fit_detail).toContain("$1M–$2M cheques");
      expect(fitOf(db, id).fit_detail).not.toContain("$25k");
      expect(fitOf(db, id).fit_misfit).toBeNull();
    } finally {
      db.$client.close();
    }
  });
});
