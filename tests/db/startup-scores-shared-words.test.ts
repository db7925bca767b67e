import { describe, expect, it } from "vitest";
import { createInvestor } from "#db/queries/investors.server.ts";
import { createStartup, rubricInputs, scoreStartup } from "#db/queries/startups.server.ts";
import { investorProfileSchema } from "#app/domain/investor.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

const now = new Date("2026-11-25T12:00:00Z");

describe("a startup's ranking reads investors as the import stored them", () => {
  it("a Slovenian investor is in Europe, and a ¥30,000,000 cheque is a seed cheque", () => {
    const { db } = createTestDatabase();
    const profile = investorProfileSchema.parse({
      name: "Ljubljana Lena",
      geographies: ["Slovenia"],
      stages: ["seed"],
      check_min: 30_000_000,
      check_max: 30_000_000,
    });
    const id = createInvestor(db, profile, { now, actor: TEST_ACTOR, rules: DEFAULT_RULES });
    db.$client.prepare("update investors set check_currency = 'JPY' where id = ?").run(id);
    const input = {
      name: "Ledgerly",
      pitch: "Payments.",
      sector: "fintech",
      stage: "seed" as const,
      geography: "Europe",
      round_size: 1_000_000,
    };
    const startup = createStartup(db, input, defaultRubric(input), "default", now);
    scoreStartup(db, startup.id, now, DEFAULT_RULES);

    const [row] = rubricInputs(db, startup.id);
    expect(row!.investor.place_reach).toContain("europe");
    const explained = JSON.parse(
      db.$client.prepare("select score_explained from startup_scores where investor_id = ?").pluck().get(id) as string,
    ) as { components: Array<{ key: string; detail: string }> };
    const part = (key: string) => explained.components.find((component) => component.key === key)?.detail ?? "";
    expect(part("geography")).toBe("Invests in Europe");
    expect(part("check_size")).toContain("¥30M (about $191.1k)");
  });
});
