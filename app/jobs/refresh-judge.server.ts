import { getInvestor } from "#db/queries/investor-row.server.ts";
import { evidenceDates, unjudgedEvidence } from "#db/queries/refresh.server.ts";
import {
  type InvestorJudgement,
  type InvestorToJudge,
  JUDGE_JSON_SCHEMA,
  JUDGE_SYSTEM_PROMPT,
  acceptJudgements,
  buildJudgePrompt,
  deriveSignalsByRule,
  parseJudgeAnswer,
} from "../domain/judging.ts";
import type { SignalWrite } from "../domain/signals.ts";
import { describeFailure, IntegrationError } from "../integrations/errors.ts";
import type { RefreshDeps } from "./refresh-deps.ts";

/** A refresh's judging: the saved evidence of a batch to one model call, and the signals each investor gets. */

export type JudgedBatch = { judgements: InvestorJudgement[] | undefined; calls: number; errors: string[]; degraded: boolean };

/** Judges a batch with one model call and at most one re-ask; undefined when no judgement could be had. */
export async function judgeBatch(deps: RefreshDeps, batch: InvestorToJudge[]): Promise<JudgedBatch> {
  let calls = 0;
  const model = deps.createModel(() => calls++);
  if (!model) return { judgements: undefined, calls, errors: [], degraded: true };
  const prompt = buildJudgePrompt(batch);
  const request = {
    system: JUDGE_SYSTEM_PROMPT,
    schema: JUDGE_JSON_SCHEMA,
    schemaName: "investor_judgements",
  };
  // An answer that is not JSON, or not the schema, is worth one re-ask; other failures are not.
  const ask = async (text: string) => {
    try {
      return parseJudgeAnswer((await model.generateJson({ ...request, prompt: text })).text);
    } catch (error) {
      if (error instanceof IntegrationError && error.failure === "malformed") return { ok: false as const, problem: error.message };
      throw error;
    }
  };
  try {
    let parsed = await ask(prompt);
    if (!parsed.ok) {
      parsed = await ask(
        `${prompt}\n\nYour previous answer did not match the schema (${parsed.problem}). Answer again with JSON that matches it exactly.`,
      );
      if (!parsed.ok) {
        // The problem names keys from the model's answer: it goes back to the model, not into the run.
        return { judgements: undefined, calls, errors: ["the model's answer did not match the schema twice"], degraded: true };
      }
    }
    return { judgements: acceptJudgements(batch, parsed.answer), calls, errors: [], degraded: false };
  } catch (error) {
    return { judgements: undefined, calls, errors: [`the model could not judge a batch: ${describeFailure(error)}`], degraded: true };
  }
}

/** Investors with unjudged evidence, ready for one model call. */
export function batchToJudge(deps: RefreshDeps, ids: number[]): InvestorToJudge[] {
  const batch: InvestorToJudge[] = [];
  for (const investorId of ids) {
    const investor = getInvestor(deps.db, investorId, false);
    const items = unjudgedEvidence(deps.db, investorId);
    if (!investor || items.length === 0) continue;
    batch.push({
      id: investorId,
      name: investor.name,
      firm: investor.firm,
      evidence: items.map((item) => ({
        id: item.id,
        url: item.url,
        title: item.title,
        excerpt: item.excerpt,
        published_at: item.publishedAt,
      })),
    });
  }
  return batch;
}

/**
 * The signals to write for one investor: the model's when it judged, by rule when there was new
 * evidence it could not judge (or nothing was ever known), else what was already there.
 */
export function signalsFor(
  deps: RefreshDeps,
  investorId: number,
  judgement: InvestorJudgement | undefined,
  hadEvidence: boolean,
  now: Date,
): SignalWrite {
  const investor = getInvestor(deps.db, investorId, false);
  const signals = judgement
    ? judgement.signals
    : hadEvidence || !investor?.signalsCheckedAt
      ? {
          ...deriveSignalsByRule(evidenceDates(deps.db, investorId), now, deps.rules.halfLifeDays),
          hook: investor?.signalHook ?? null,
          hookEvidenceId: investor?.signalHookEvidenceId ?? null,
          redFlag: investor?.signalRedFlag ?? null,
        }
      : {
          activity: investor.signalActivity,
          hook: investor.signalHook,
          hookEvidenceId: investor.signalHookEvidenceId,
          redFlag: investor.signalRedFlag,
        };
  return {
    signalActivity: signals.activity,
    signalFit: investor?.signalFit ?? null,
    signalHook: signals.hook,
    signalHookEvidenceId: signals.hookEvidenceId,
    signalRedFlag: signals.redFlag,
    signalsCheckedAt: now.toISOString(),
  };
}
