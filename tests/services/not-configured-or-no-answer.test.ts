import { describe, expect, it } from "vitest";
import { investorProfileSchema } from "#app/domain/investor.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { IntegrationError } from "#app/integrations/errors.ts";
import type { LanguageModel } from "#app/integrations/model.server.ts";
import { answerQuestion } from "#app/services/chat.server.ts";
import { evaluateStartup, regenerateRubric } from "#app/services/startups.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { createStartup } from "#db/queries/startups.server.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

/** "Not configured" and "did not answer" are told apart where a model is used (issue 19 item 8, decision 030). */
const now = new Date("2026-11-25T12:00:00Z");
const silent: LanguageModel = {
  generateJson: async () => {
    throw new IntegrationError("Gemini", "timeout", "Gemini did not answer within 1000 ms");
  },
};

function pipeline() {
  const { db } = createTestDatabase();
  const id = createInvestor(db, investorProfileSchema.parse({ name: "Jukka Virtanen", sectors: ["fintech"] }), {
    now,
    actor: TEST_ACTOR,
    rules: DEFAULT_RULES,
  });
  db.$client
    .prepare(
      "insert into evidence (investor_id, url, source, title, published_at, found_at, content_hash) values (?, 'https://example.com/a', 'news', 'Led a seed in Ledgerly', ?, ?, 'h1')",
    )
    .run(id, now.toISOString(), now.toISOString());
  const input = { name: "Ledgerly", pitch: "Books in a day.", sector: "fintech", stage: "seed" as const, geography: "Europe" };
  const startup = createStartup(db, input, defaultRubric(input), "default", now);
  return { db, app: fakeApp(db, now), startupId: startup.id };
}

describe("a model not configured is not a model that did not answer", () => {
  it("evaluate says which", async () => {
    const { db, app, startupId } = pipeline();
    try {
      expect((await evaluateStartup(app, startupId, { model: undefined })).model_status).toBe("not_configured");
      const failed = await evaluateStartup(app, startupId, { model: silent });
      expect(failed).toMatchObject({ source: "rules_only", model_status: "no_answer" });
    } finally {
      db.$client.close();
    }
  });

  it("regenerate says which, and never 'try again' when there is nothing to try", async () => {
    const { db, app, startupId } = pipeline();
    try {
      const missing = await regenerateRubric(app, TEST_ACTOR, startupId, { model: undefined });
      expect(missing.model_status).toBe("not_configured");
      expect(missing.message).toMatch(/^No language model is configured/);
      expect(missing.message).not.toMatch(/try again/i);
      const failed = await regenerateRubric(app, TEST_ACTOR, startupId, { model: silent });
      expect(failed.model_status).toBe("no_answer");
      expect(failed.message).toMatch(/^The language model did not answer.*Try again in a few minutes/);
    } finally {
      db.$client.close();
    }
  });

  it("the chat says which", async () => {
    const { db, app } = pipeline();
    try {
      const question = { message: "Who should I email first?", history: [] };
      expect(await answerQuestion(app, question, { demo: false, model: undefined })).toMatchObject({
        source: "summary",
        model_status: "not_configured",
      });
      expect(await answerQuestion(app, question, { demo: false, model: silent })).toMatchObject({
        source: "summary",
        model_status: "no_answer",
      });
    } finally {
      db.$client.close();
    }
  });
});
