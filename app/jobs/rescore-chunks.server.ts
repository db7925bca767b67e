import { setImmediate as nextTurn } from "node:timers/promises";
import { readState, writeState } from "#db/queries/app-state.server.ts";
import { investorIdRanges } from "#db/queries/investors.server.ts";
import { writeInBackground } from "#db/queries/kept.server.ts";
import { investorCount, rescoreRange } from "#db/queries/rescore.server.ts";
import { rankedStartups } from "#db/queries/startups.server.ts";
import { storageFaultOf } from "#db/storage-fault.ts";
import type { App } from "../app-context.ts";
import { failureLogFields } from "../integrations/errors.ts";
import { log } from "../log.server.ts";

/**
 * Investors per transaction when everything is re-scored: about 10 ms of work on this machine's
 * cores (docs/scale.md), so a request waits at most that long behind a re-score of 10,000.
 */
export const RESCORE_CHUNK = 25;

/**
 * A founder's save that re-scores more investors than this answers before the re-score is over
 * (decision 041): 20 chunks, a fraction of a second on a quiet machine; 10,000 take seconds.
 */
export const ANSWER_AFTER_RESCORE_UP_TO = 500;

type Options = { startupIds?: readonly number[]; chunkSize?: number };
type Rescored = { investors: number; startups: number; startupScores: number };

const running = new WeakMap<App, Promise<unknown>>();
/** Re-scores after an answer still queued or running, and the stamp the scores had before the first. */
const afterAnswer = new WeakMap<App, { pending: number; stamp: string | undefined }>();

/** What a start reads to know whether the saved scores are whole (app/jobs/rescore.server.ts). */
const STAMP_KEY = "scored_with";
/** Added to it while a re-score after an answer runs: a start that reads it re-scores everyone. */
const UNFINISHED = "+unfinished";

/**
 * A re-score after the answer may be cut short (a deploy, a crash) with part of the investors
 * still scored by what the founder just changed: the stamp says so until the last one is over.
 */
function markUnfinished(app: App): void {
  const state = afterAnswer.get(app) ?? { pending: 0, stamp: readState(app.db, STAMP_KEY) };
  if (state.pending === 0) state.stamp = readState(app.db, STAMP_KEY);
  state.pending++;
  afterAnswer.set(app, state);
  if (state.stamp !== undefined) writeState(app.db, STAMP_KEY, state.stamp + UNFINISHED);
}

function markOver(app: App): void {
  const state = afterAnswer.get(app);
  if (!state || --state.pending > 0 || state.stamp === undefined || !app.db.$client.open) return;
  // Whole again, unless a full re-score wrote its own stamp meanwhile.
  if (readState(app.db, STAMP_KEY) === state.stamp + UNFINISHED) writeState(app.db, STAMP_KEY, state.stamp);
}
const progress = new WeakMap<App, { done: number; total: number }>();

/** The re-score running now over more than one chunk, if any (investors done of all): Today says so. */
export function rescoreInProgress(app: App): { done: number; total: number } | null {
  const now = progress.get(app);
  return now ? { ...now } : null;
}

/**
 * Re-scores every investor (fit signals, the overall score and each startup's ranking, or only
 * the rankings of `startupIds`) a range of ids at a time, one short transaction a range, giving
 * the event loop back between ranges. Every score depends on its own investor only, so the
 * result is the one pass's (tests/db/rescore-chunks.test.ts). Re-scores of one app run one after
 * another, never interleaved.
 */
export function rescoreInChunks(app: App, options: Options = {}): Promise<Rescored> {
  return queue(app, options, false);
}

/**
 * Every investor re-scored by the app itself: the morning's re-score, the one at a start with
 * scores from an earlier day, and route #6's (the cron's). Nobody's save waits on it, so its chunks
 * are written as background work, as a refresh's steps are (decision 037): with 10,000 investors
 * and scores that moved overnight, each chunk would otherwise cost the founder's next page a whole
 * recompute. What it changed reaches a page at most 2 s late.
 */
export function rescoreEveryoneInBackground(app: App): Promise<Rescored> {
  return queue(app, {}, true);
}

/**
 * The re-score after a founder's save (a rubric, the ask, the round raising now, a startup added or
 * deleted; decision 041): up to ANSWER_AFTER_RESCORE_UP_TO investors it is over before the answer,
 * as before; past that it continues after the answer (`rescoring: true`, the counts being those it
 * will write), its chunks written as background work so the founder's pages are recomputed at most
 * every 2 s meanwhile (decision 037), and Today tells how far it is.
 */
export async function rescoreAfterSave(
  app: App,
  options: Options & { answerUpTo?: number } = {},
): Promise<Rescored & { rescoring: boolean }> {
  const investors = investorCount(app.db);
  if (investors <= (options.answerUpTo ?? ANSWER_AFTER_RESCORE_UP_TO)) {
    try {
      return { ...(await rescoreInChunks(app, options)), rescoring: false };
    } catch (error) {
      // The save before it has committed, so its answer must say saved (decision 058): the scores
      // it could not write are redone by the daily re-score, or at once by the next save.
      const fault = storageFaultOf(error);
      if (!fault) throw error;
      log.warn("the re-score after a save met a storage fault; the save stands, its scores are redone later", { code: fault.code });
      return { investors: 0, startups: 0, startupScores: 0, rescoring: false };
    }
  }
  try {
    markUnfinished(app);
  } catch (error) {
    const fault = storageFaultOf(error);
    if (!fault) throw error;
    log.warn("could not mark the scores unfinished before a re-score after a save", { code: fault.code });
  }
  queue(app, options, true)
    .then(() => markOver(app))
    .catch((error: unknown) => log.warn("a re-score after a save stopped", failureLogFields(error)));
  const startups = rankedStartups(app.db).filter((startup) => !options.startupIds || options.startupIds.includes(startup.id)).length;
  return { investors, startups, startupScores: investorCount(app.db, { realOnly: true }) * startups, rescoring: true };
}

function queue(app: App, options: Options, background: boolean): Promise<Rescored> {
  const previous = running.get(app) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => rescoreNow(app, options, background));
  running.set(app, next);
  return next;
}

async function rescoreNow(app: App, options: Options, background: boolean): Promise<Rescored> {
  const now = app.now();
  const all = rankedStartups(app.db);
  const ranked = options.startupIds ? all.filter((startup) => options.startupIds!.includes(startup.id)) : all;
  const size = options.chunkSize ?? RESCORE_CHUNK;
  const ranges = investorIdRanges(app.db, size);
  const total = investorCount(app.db);
  let investors = 0;
  let startupScores = 0;
  try {
    for (const [index, range] of ranges.entries()) {
      if (ranges.length > 1) progress.set(app, { done: Math.min(index * size, total), total });
      // Shut down meanwhile: what is done is saved; the next start re-scores (markUnfinished's stamp).
      if (!app.db.$client.open) throw new Error("the database closed during a re-score");
      const write = () => rescoreRange(app.db, range, { startups: all, ranked, now, rules: app.rules });
      const done = background ? writeInBackground(app.db, write) : write();
      investors += done.investors;
      startupScores += done.startupScores;
      await nextTurn();
    }
  } finally {
    progress.delete(app);
  }
  return { investors, startups: ranked.length, startupScores };
}
