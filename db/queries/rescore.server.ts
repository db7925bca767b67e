import type { ScoringRules } from "#app/domain/scoring.ts";
import type { AppDatabase } from "../database.server.ts";
import { type IdRange, type InvestorSet, rescoreInvestorRange } from "./investors.server.ts";
import {
  type RankedStartup,
  copyHeadlineScores,
  headlineStartup,
  rankedStartups,
  rubricBase,
  scoreRankedStartup,
  updateFitSignals,
} from "./startups.server.ts";

/**
 * Re-scoring investors and startups together: every score of an investor depends on that investor
 * only, so long work goes a range (or a list) of investors at a time, one transaction each.
 */

/**
 * One range of a re-score of everything, in one transaction: the fit signals from every startup
 * (with no startup left every fit is null again, docs/product.md#resources), the overall scores,
 * and the rankings of the `ranked` startups.
 */
export function rescoreRange(
  db: AppDatabase,
  range: IdRange,
  input: { startups: readonly RankedStartup[]; ranked: readonly RankedStartup[]; now: Date; rules: ScoringRules },
): { investors: number; startupScores: number } {
  return db.$client.transaction(() => {
    updateFitSignals(db, undefined, range, input.startups);
    const headline = headlineStartup(input.startups);
    let investors = rescoreInvestorRange(db, input.now, input.rules, range, { demoOnly: headline !== undefined });
    let startupScores = 0;
    const ranked = withHeadline(input.ranked, headline);
    if (ranked.length === 0) return { investors, startupScores };
    const base = rubricBase(db, range);
    for (const startup of ranked) startupScores += scoreRankedStartup(db, startup, input.now, input.rules, undefined, base);
    if (headline) {
      copyHeadlineScores(db, headline.id, range, input.now);
      investors += base.rows.length;
    }
    return { investors, startupScores };
  })();
}

/**
 * Fit, overall score and every startup's score for the investors of `set`, reading only them
 * (an import chunk of 100 among 10,000 reads 100), with one prepared statement per query; one
 * transaction.
 */
export function rescoreInvestorSet(
  db: AppDatabase,
  set: InvestorSet,
  startups: readonly RankedStartup[],
  now: Date,
  rules: ScoringRules,
): void {
  db.$client.transaction(() => {
    if (startups.length > 0) updateFitSignals(db, undefined, set, startups);
    const headline = headlineStartup(startups);
    rescoreInvestorRange(db, now, rules, set, { demoOnly: headline !== undefined });
    if (startups.length === 0) return;
    const base = rubricBase(db, set);
    for (const startup of startups) scoreRankedStartup(db, startup, now, rules, undefined, base);
    if (headline) copyHeadlineScores(db, headline.id, set, now);
  })();
}

/**
 * After investors are added or edited: their fit signal, global score and every startup's score
 * for them, so a new investor is ranked like everyone else without waiting for a re-score.
 */
export function rescoreInvestorIds(db: AppDatabase, ids: readonly number[], now: Date, rules: ScoringRules): void {
  const startups = rankedStartups(db);
  if (startups.length === 0 || ids.length === 0) return;
  rescoreInvestorSet(db, { ids: [...new Set(ids)] }, startups, now, rules);
}

/** The startups to rank, with the headline one always among them: the investors' own scores are copied from it. */
function withHeadline(ranked: readonly RankedStartup[], headline: RankedStartup | undefined): readonly RankedStartup[] {
  return headline && !ranked.some((startup) => startup.id === headline.id) ? [...ranked, headline] : ranked;
}

/**
 * Investors a re-score of everyone covers (real and demo, as investorIdRanges): how long it is,
 * told on Today; with `realOnly`, those a startup ranks (the demo's are never ranked).
 */
export function investorCount(db: AppDatabase, options: { realOnly?: boolean } = {}): number {
  const query = options.realOnly ? "select count(*) from investors where is_demo = 0" : "select count(*) from investors";
  return db.$client.prepare(query).pluck().get() as number;
}
