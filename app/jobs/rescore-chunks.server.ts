import { setImmediate as nextTurn } from "node:timers/promises";
import { investorIdRanges } from "#db/queries/investors.server.ts";
import { rescoreRange } from "#db/queries/rescore.server.ts";
import { rankedStartups } from "#db/queries/startups.server.ts";
import type { App } from "../app-context.ts";

/**
 * Investors per transaction when everything is re-scored: about 10 ms of work on this machine's
 * cores (docs/scale.md), so a request waits at most that long behind a re-score of 10,000.
 */
export const RESCORE_CHUNK = 25;

const running = new WeakMap<App, Promise<unknown>>();

/**
 * Re-scores every investor (fit signals, the overall score and each startup's ranking, or only
 * the rankings of `startupIds`) a range of ids at a time, one short transaction a range, giving
 * the event loop back between ranges. Every score depends on its own investor only, so the
 * result is the one pass's (tests/db/rescore-chunks.test.ts). Re-scores of one app run one after
 * another, never interleaved.
 */
export function rescoreInChunks(
  app: App,
  options: { startupIds?: readonly number[]; chunkSize?: number } = {},
): Promise<{ investors: number; startups: number; startupScores: number }> {
  const previous = running.get(app) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => rescoreNow(app, options));
  running.set(app, next);
  return next;
}

async function rescoreNow(app: App, options: { startupIds?: readonly number[]; chunkSize?: number }) {
  const now = app.now();
  const all = rankedStartups(app.db);
  const ranked = options.startupIds ? all.filter((startup) => options.startupIds!.includes(startup.id)) : all;
  let investors = 0;
  let startupScores = 0;
  for (const range of investorIdRanges(app.db, options.chunkSize ?? RESCORE_CHUNK)) {
    // Shut down meanwhile: what is done is saved; the next start re-scores (the stamp is not written).
    if (!app.db.$client.open) throw new Error("the database closed during a re-score");
    const done = rescoreRange(app.db, range, { startups: all, ranked, now, rules: app.rules });
    investors += done.investors;
    startupScores += done.startupScores;
    await nextTurn();
  }
  return { investors, startups: ranked.length, startupScores };
}
