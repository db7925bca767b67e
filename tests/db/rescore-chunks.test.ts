import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { App } from "#app/app.server.ts";
import { RELATIONSHIP_STATUSES, STAGES } from "#app/domain/investor.ts";
import { EVIDENCE_CATEGORIES } from "#app/domain/vocabulary.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { rescoreInChunks } from "#app/jobs/rescore-chunks.server.ts";
import type { AppDatabase } from "#db/database.server.ts";
import { createInvestor, rescoreAllInvestors } from "#db/queries/investors.server.ts";
import { createStartup, listStartups, scoreStartup, updateFitSignals } from "#db/queries/startups.server.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

const now = new Date("2026-11-23T09:00:00Z");
const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString();

const investorArb = fc.record({
  sectors: fc.subarray(["fintech", "climate", "health", "ai"]),
  stages: fc.subarray([...STAGES]),
  geographies: fc.subarray(["Europe", "US", "Nordics"]),
  status: fc.constantFrom(...RELATIONSHIP_STATUSES),
  lastContact: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
  activity: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  redFlag: fc.boolean(),
  demo: fc.boolean(),
  evidence: fc.array(
    fc.record({
      age: fc.integer({ min: 0, max: 60 }),
      category: fc.constantFrom(...EVIDENCE_CATEGORIES),
      relevance: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { maxLength: 4 },
  ),
  evaluated: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
});

const pipelineArb = fc.record({
  investors: fc.array(investorArb, { maxLength: 30 }),
  startups: fc.array(fc.constantFrom("fintech", "climate", "ai"), { maxLength: 3 }),
  chunkSize: fc.integer({ min: 1, max: 12 }),
});

function build(db: AppDatabase, pipeline: typeof pipelineArb extends fc.Arbitrary<infer T> ? T : never): void {
  const startupIds = pipeline.startups.map((sector, index) => {
    const input = { name: `Startup ${index}`, pitch: "A pitch", sector, stage: "seed" as const, geography: "Europe" };
    return createStartup(db, input, defaultRubric(input), "default", now).id;
  });
  const insertEvidence = db.$client.prepare(
    "insert into evidence (investor_id, url, source, published_at, found_at, content_hash, category, relevance, judged_at) values (?, ?, 'news', ?, ?, ?, ?, ?, ?)",
  );
  const insertEvaluation = db.$client.prepare(
    "insert into evaluations (startup_id, investor_id, relevance, reasons, created_at) values (?, ?, ?, 'r', ?)",
  );
  pipeline.investors.forEach((row, index) => {
    const id = createInvestor(
      db,
      { name: `Investor ${index}`, kind: "fund", sectors: row.sectors, stages: row.stages, geographies: row.geographies },
      {
        now,
        actor: TEST_ACTOR,
        rules: DEFAULT_RULES,
        demo: row.demo,
        userOwned: { relationshipStatus: row.status, lastContactDate: row.lastContact === null ? null : day(row.lastContact).slice(0, 10) },
      },
    );
    db.$client
      .prepare("update investors set signal_activity = ?, signal_red_flag = ? where id = ?")
      .run(row.activity, row.redFlag ? "A red flag" : null, id);
    row.evidence.forEach((item, n) => {
      insertEvidence.run(
        id,
        `https://example.com/${index}/${n}`,
        day(item.age),
        day(0),
        `h${index}-${n}`,
        item.category,
        item.relevance,
        day(0),
      );
    });
    if (row.evaluated !== null) for (const startupId of startupIds) insertEvaluation.run(startupId, id, row.evaluated, day(0));
  });
}

/** Everything a re-score writes, in a stable order. */
function scores(db: AppDatabase): string {
  return JSON.stringify([
    db.$client.prepare("select id, score, action, score_explained, signal_fit, fit_detail, fit_known from investors order by id").all(),
    db.$client
      .prepare("select startup_id, investor_id, score, action, score_explained from startup_scores order by startup_id, investor_id")
      .all(),
  ]);
}

function appFor(db: AppDatabase): App {
  return fakeApp(db, now);
}

describe("re-score in chunks", () => {
  it("gives exactly the scores of one pass over everything, whatever the chunk size", async () => {
    await fc.assert(
      fc.asyncProperty(pipelineArb, async (pipeline) => {
        const onePass = createTestDatabase().db;
        const chunked = createTestDatabase().db;
        try {
          build(onePass, pipeline);
          build(chunked, pipeline);
          // Scores saved on a different day, so both re-scores have something to change.
          const later = new Date(now.getTime() + 9 * 86_400_000);
          updateFitSignals(onePass);
          rescoreAllInvestors(onePass, later, DEFAULT_RULES);
          for (const startup of listStartups(onePass)) scoreStartup(onePass, startup.id, later, DEFAULT_RULES);
          const result = await rescoreInChunks({ ...appFor(chunked), now: () => later }, { chunkSize: pipeline.chunkSize });
          expect(result.investors).toBe(pipeline.investors.length);
          expect(scores(chunked)).toBe(scores(onePass));
        } finally {
          onePass.$client.close();
          chunked.$client.close();
        }
      }),
      { numRuns: 120 },
    );
    // 120 generated pipelines, each in a real SQLite file: about 7 s on a quiet machine, twice that
    // beside other test files on two cores.
  }, 60_000);

  it("gives the event loop back between chunks, and runs one re-score after another", async () => {
    const { db } = createTestDatabase();
    build(db, { investors: Array.from({ length: 20 }, () => fc.sample(investorArb, 1)[0]!), startups: ["fintech"], chunkSize: 5 });
    const app = appFor(db);
    const order: string[] = [];
    const ticker = setImmediate(() => order.push("tick"));
    const first = rescoreInChunks(app, { chunkSize: 5 }).then(() => order.push("first"));
    const second = rescoreInChunks(app, { chunkSize: 5 }).then(() => order.push("second"));
    await Promise.all([first, second]);
    clearImmediate(ticker);
    // A callback queued before the re-score ran between its chunks, long before it finished.
    expect(order).toEqual(["tick", "first", "second"]);
    db.$client.close();
  });
});
