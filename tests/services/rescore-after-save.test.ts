import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { App } from "#app/app-context.ts";
import type { InvestorProfile } from "#app/domain/investor.ts";
import { DEFAULT_RULES } from "#app/domain/scoring.ts";
import { ANSWER_AFTER_RESCORE_UP_TO, RESCORE_CHUNK, rescoreInChunks, rescoreInProgress } from "#app/jobs/rescore-chunks.server.ts";
import { rescoreEverything, rescoreIfStale } from "#app/jobs/rescore.server.ts";
import { setRoundAndAsk } from "#app/services/round.server.ts";
import { createStartupWithRubric, editRubric, evaluateStartup } from "#app/services/startups.server.ts";
import { type AppDatabase, openDatabase } from "#db/database.server.ts";
import { createInvestor } from "#db/queries/investors.server.ts";
import { createStartup, latestRubric } from "#db/queries/startups.server.ts";
import { defaultRubric } from "#app/domain/rubric/default-rubric.ts";
import { fakeApp } from "#tests/helpers/app.ts";
import { createTestDatabase } from "#tests/helpers/database.ts";
import { LEDGERLY } from "#tests/fixtures/founder-pipeline.ts";
import { TEST_ACTOR } from "#tests/helpers/actor.ts";

/**
 * A founder's save that re-scores everyone (decision 041): past ANSWER_AFTER_RESCORE_UP_TO investors
 * it answers before the re-score is over, the re-score continuing a chunk at a time with the event
 * loop given back, Today told how far it is; the scores it ends with are the one pass's.
 */

function profile(index: number): InvestorProfile {
  return {
    name: `Investor ${index}`,
    kind: "fund",
    sectors: index % 2 === 0 ? ["Fintech"] : ["Climate"],
    stages: ["seed"],
    geographies: index % 3 === 0 ? ["Germany"] : ["United States"],
    check_min: 250_000,
    check_max: 2_000_000,
  };
}

function addInvestors(app: App, count: number): void {
  for (let index = 0; index < count; index++)
    createInvestor(app.db, profile(index), { now: app.now(), actor: TEST_ACTOR, rules: DEFAULT_RULES });
}

type Scores = Array<{ investor_id: number; score: number; action: string }>;

function startupScores(db: AppDatabase, startupId: number): Scores {
  return db.$client
    .prepare("select investor_id, score, action from startup_scores where startup_id = ? order by investor_id")
    .all(startupId) as Scores;
}

function ownScores(db: AppDatabase): Scores {
  return db.$client.prepare("select id as investor_id, score, action from investors where is_demo = 0 order by id").all() as Scores;
}

/** Waits for the re-scores queued so far: one queued after them ends after them. */
async function rescoresOver(app: App): Promise<void> {
  await rescoreInChunks(app, { startupIds: [] });
}

/** A rubric that moves every score: only the sector counts, and email first at 50. */
function sectorOnly(db: AppDatabase, startupId: number) {
  const { rubric } = latestRubric(db, startupId)!;
  const weights = Object.fromEntries(Object.keys(rubric.weights).map((key) => [key, key === "sector" ? 10 : 0]));
  return { ...rubric, weights: weights as typeof rubric.weights, thresholds: { email_first: 50, dont_chase: 20 } };
}

describe("a re-score after the founder's save", () => {
  it("answers a rubric saved over more than 500 investors before the re-score is over, which then ends where one pass would", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const investors = ANSWER_AFTER_RESCORE_UP_TO + RESCORE_CHUNK * 2;
      addInvestors(app, investors);
      const { startup } = await createStartupWithRubric(app, LEDGERLY);
      await rescoresOver(app);
      const before = startupScores(db, startup.id);

      const answer = await editRubric(app, TEST_ACTOR, startup.id, sectorOnly(db, startup.id));
      const atAnswer = startupScores(db, startup.id);
      expect(answer.rescoring).toBe(true);
      expect(answer.rescored).toBe(investors);

      await rescoresOver(app);
      const after = startupScores(db, startup.id);
      expect(after).toHaveLength(investors);
      // The new rubric moved the scores; at the answer most were still the old ones.
      const changed = (scores: Scores) => scores.filter((row, index) => row.score !== before[index]!.score).length;
      expect(changed(after)).toBeGreaterThan(investors / 2);
      expect(changed(atAnswer)).toBeLessThan(changed(after));
      // The round raising now's scores are every investor's own (decision 039), as one pass leaves them.
      expect(ownScores(db)).toEqual(after);
      await rescoreInChunks(app);
      expect(startupScores(db, startup.id)).toEqual(after);
      expect(rescoreInProgress(app)).toBeNull();
    } finally {
      db.$client.close();
    }
  });

  it("gives the event loop back between chunks and tells Today how far it is, then nothing", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const investors = ANSWER_AFTER_RESCORE_UP_TO + RESCORE_CHUNK * 2;
      addInvestors(app, investors);
      const ledgerly = createStartup(db, LEDGERLY, defaultRubric(LEDGERLY), "default", app.now());
      const climate = { ...LEDGERLY, name: "Payly", sector: "climate" };
      const payly = createStartup(db, climate, defaultRubric(climate), "default", app.now());
      await rescoreInChunks(app);

      const answer = await setRoundAndAsk(app, TEST_ACTOR, { startup_id: payly.id });
      expect(answer).toMatchObject({ saved: true, rescoring: true });
      const over = rescoresOver(app);
      let finished = false;
      void over.then(() => (finished = true));
      const seen: number[] = [];
      // Look between turns, as another tab's request would.
      while (!finished) {
        const progress = rescoreInProgress(app);
        if (progress) {
          expect(progress.total).toBe(investors);
          if (seen.at(-1) !== progress.done) seen.push(progress.done);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(rescoreInProgress(app)).toBeNull();
      // Every chunk seen from outside: the re-score gave the loop back between each (then the
      // re-score rescoresOver queued runs its own pass).
      const chunks = Math.ceil(investors / RESCORE_CHUNK);
      expect(seen.slice(0, chunks)).toEqual(Array.from({ length: chunks }, (_, index) => index * RESCORE_CHUNK));
      expect(ownScores(db)).toEqual(startupScores(db, payly.id));
      expect(ownScores(db)).not.toEqual(startupScores(db, ledgerly.id));
    } finally {
      db.$client.close();
    }
  });

  it("leaves the next start to re-score if the process stops before the re-score after the answer is over", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      addInvestors(app, ANSWER_AFTER_RESCORE_UP_TO + RESCORE_CHUNK * 2);
      const { startup } = await createStartupWithRubric(app, LEDGERLY);
      await rescoreEverything(app);
      // Scores saved with today's rules: a start now has nothing to redo.
      expect(await rescoreIfStale(app)).toBe(false);

      const answer = await editRubric(app, TEST_ACTOR, startup.id, sectorOnly(db, startup.id));
      expect(answer.rescoring).toBe(true);
      // Stopped here (a deploy, a crash): the file as it is now, part of the investors still on the
      // old rubric's scores, opened by the next start. That start sees it and re-scores everyone.
      const copy = join(mkdtempSync(join(tmpdir(), "ipi-restart-")), "app.db");
      writeFileSync(copy, db.$client.serialize());
      const restartedDb = openDatabase(copy);
      try {
        expect(await rescoreIfStale(fakeApp(restartedDb))).toBe(true);
        expect(ownScores(restartedDb)).toEqual(startupScores(restartedDb, startup.id));
        expect(await rescoreIfStale(fakeApp(restartedDb))).toBe(false);
      } finally {
        restartedDb.$client.close();
      }
      await rescoresOver(app);
      // Once the re-score is over, the scores are whole again: nothing for a start to redo.
      expect(await rescoreIfStale(app)).toBe(false);
    } finally {
      db.$client.close();
    }
  });

  it("scores a startup after an evaluation a chunk at a time, giving the event loop back between chunks", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      const investors = RESCORE_CHUNK * 4;
      addInvestors(app, investors);
      const { startup } = await createStartupWithRubric(app, LEDGERLY);
      await rescoresOver(app);
      db.$client.prepare("update startup_scores set score = -1 where startup_id = ?").run(startup.id);

      let finished = false;
      const evaluated = evaluateStartup(app, startup.id, { model: undefined }).finally(() => {
        finished = true;
      });
      const seen: number[] = [];
      while (!finished) {
        const progress = rescoreInProgress(app);
        if (progress && seen.at(-1) !== progress.done) seen.push(progress.done);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect((await evaluated).investors_scored).toBe(investors);
      // Seen between chunks from outside: one synchronous pass over every investor showed nothing.
      expect(seen).toEqual([0, RESCORE_CHUNK, RESCORE_CHUNK * 2, RESCORE_CHUNK * 3]);
      expect(startupScores(db, startup.id).filter((row) => row.score < 0)).toEqual([]);
    } finally {
      db.$client.close();
    }
  });

  it("answers after the re-score up to 500 investors, as before", async () => {
    const { db } = createTestDatabase();
    const app = fakeApp(db);
    try {
      addInvestors(app, RESCORE_CHUNK * 3);
      const { startup } = await createStartupWithRubric(app, LEDGERLY);
      const before = startupScores(db, startup.id);
      const answer = await editRubric(app, TEST_ACTOR, startup.id, sectorOnly(db, startup.id));
      expect(answer.rescoring).toBe(false);
      expect(rescoreInProgress(app)).toBeNull();
      const atAnswer = startupScores(db, startup.id);
      expect(atAnswer).not.toEqual(before);
      expect(ownScores(db)).toEqual(atAnswer);
    } finally {
      db.$client.close();
    }
  });
});
