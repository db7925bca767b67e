import { describe, expect, it } from "vitest";
import { latestRubric } from "#db/queries/startups.server.ts";
import { createStartupWithRubric } from "#app/services/startups.server.ts";
import { setRoundAndAsk } from "#app/services/round.server.ts";
import { toUsd } from "#app/domain/currency.ts";
import { chequeRangeFor } from "#app/domain/rubric/default-rubric.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

/**
 * A round in its own currency sets the rubric's cheque range in dollars, as every investor's cheque
 * is compared (a founder's walkthrough: a NOK 20M round asked for $4M–$12M cheques, and every
 * Nordic seed fund was "not a fit").
 */
describe("the cheque range a round in NOK asks for", () => {
  it("is the round's share in US dollars, and moves when only the currency changes", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const { startup } = await createStartupWithRubric(app, {
        name: "Fjordpay",
        pitch: "Payments for Nordic freelancers.",
        sector: "fintech",
        stage: "seed",
        geography: "Nordics",
      });
      await setRoundAndAsk(app, TEST_ACTOR, { startup_id: startup.id, target: 20_000_000, currency: "NOK", role_wanted: "lead" });
      const nok = latestRubric(db, startup.id)!.rubric.check_size;
      expect(nok).toEqual(chequeRangeFor(Math.round(toUsd(20_000_000, "NOK")!), "lead"));
      expect(nok.max).toBeLessThan(2_000_000);

      await setRoundAndAsk(app, TEST_ACTOR, { startup_id: startup.id, currency: "USD" });
      expect(latestRubric(db, startup.id)!.rubric.check_size).toEqual(chequeRangeFor(20_000_000, "lead"));
    } finally {
      db.$client.close();
    }
  });
});

describe("a startup's ranking of an investor who passed", () => {
  it("says why they passed, as the overall score does (a walkthrough saw only 'They passed.' on Today)", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const id = Number(
        db.$client
          .prepare("insert into investors (name, relationship_status, pass_reason) values ('Nordic Seed', 'passed', 'too_early')")
          .run().lastInsertRowid,
      );
      const { startup } = await createStartupWithRubric(app, { name: "Fjordpay", pitch: "Payments.", sector: "fintech", stage: "seed" });
      const reason = db.$client
        .prepare("select json_extract(score_explained, '$.action_reason') from startup_scores where startup_id = ? and investor_id = ?")
        .pluck()
        .get(startup.id, id);
      expect(reason).toBe("They passed: too early.");
    } finally {
      db.$client.close();
    }
  });
});
