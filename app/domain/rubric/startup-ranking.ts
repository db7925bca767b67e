import type { EvidenceForScoring, ScoringRules } from "../scoring.ts";
import type { Stage } from "../vocabulary.ts";
import type { RubricEvaluation, RubricInvestor } from "./match.ts";
import type { Rubric } from "./schema.ts";
import { type StartupScore, scoreForStartup } from "./startup-score.ts";

/** One investor as a startup's ranking reads it: the rubric's columns, its evaluation and judged evidence. */
export type RankingInput<Investor extends RubricInvestor = RubricInvestor> = {
  investor: Investor;
  evaluation: RubricEvaluation;
  evidence: EvidenceForScoring[];
};

export type RankedForStartup<Row> = { row: Row; result: StartupScore };

/**
 * A startup's ranking (its page, re-run in the browser as a weight moves): every investor scored
 * with the rubric, best first. Pure.
 */
export function rankForStartup<Row extends RankingInput>(
  inputs: readonly Row[],
  startup: { name: string; stage: Stage | null; rubric: Rubric },
  now: Date,
  rules: ScoringRules,
): RankedForStartup<Row>[] {
  return inputs
    .map((row) => ({
      row,
      result: scoreForStartup(row.investor, row.evaluation, row.evidence, startup.rubric, now, rules, startup.name, startup.stage),
    }))
    .sort((a, b) => b.result.score - a.result.score || a.row.investor.id - b.row.investor.id);
}
