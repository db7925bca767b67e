import type { EvidenceForScoring, ScoringRules } from "../scoring.ts";
import { type TodayInvestor, byEmailFirstOrder } from "../today.ts";
import type { Stage } from "../vocabulary.ts";
import { describeFit } from "./fit-sentence.ts";
import type { RubricEvaluation, RubricInvestor } from "./match.ts";
import type { Rubric } from "./schema.ts";
import { type StartupScore, scoreForStartup } from "./startup-score.ts";

/** What Today's order reads beside the rubric's columns: the name, the hook's date, a warm path. */
type RankedInvestor = RubricInvestor & { name?: string; hook_at?: string | null; warm?: number | null };

/** One investor as a startup's ranking reads it: the rubric's columns, its evaluation and judged evidence. */
export type RankingInput<Investor extends RankedInvestor = RankedInvestor> = {
  investor: Investor;
  evaluation: RubricEvaluation;
  evidence: EvidenceForScoring[];
};

export type RankedForStartup<Row> = { row: Row; result: StartupScore };

/**
 * A startup's ranking (its page, re-run in the browser as a weight moves): every investor scored
 * with the rubric, in Today's email-first order (EMAIL_FIRST_ORDER: the score, then this startup's
 * fit, fresh news, a warm path, cheque closeness, the name), so with one startup the page and
 * Today list the same investors in the same order (decision 039). Pure.
 */
export function rankForStartup<Row extends RankingInput>(
  inputs: readonly Row[],
  startup: { name: string; stage: Stage | null; rubric: Rubric },
  now: Date,
  rules: ScoringRules,
): RankedForStartup<Row>[] {
  return inputs
    .map((row) => {
      const { investor } = row;
      const result = scoreForStartup(investor, row.evaluation, row.evidence, startup.rubric, now, rules, startup.name, startup.stage);
      const fit = describeFit(investor, startup.rubric, startup.name, startup.stage);
      const order: TodayInvestor = {
        id: investor.id,
        score: result.score,
        action: result.action,
        name: investor.name,
        fit: fit.value,
        cheque: fit.cheque ?? null,
        hook_at: investor.hook_at ?? null,
        warm: investor.warm ?? null,
      };
      return { row, result, order };
    })
    .sort((a, b) => byEmailFirstOrder(a.order, b.order))
    .map(({ row, result }) => ({ row, result }));
}
