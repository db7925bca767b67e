import { rescoreInvestorIds } from "#db/queries/rescore.server.ts";
import {
  type RubricSource,
  type WrittenRound,
  createStartup,
  deleteStartup,
  evidenceToEvaluate,
  getStartup,
  latestRubric,
  saveEvaluations,
  saveRoleWanted,
  saveRubricVersion,
  startupInputOf,
} from "#db/queries/startups.server.ts";
import type { Actor } from "../domain/people.ts";
import { type ServiceState, regenerateMessage } from "../domain/service-state.ts";
import type { App } from "../app-context.ts";
import { EVALUATION_JSON_SCHEMA, EVALUATION_SYSTEM_PROMPT, buildEvaluationPrompt, parseEvaluationAnswer } from "../domain/evaluation.ts";
import { clampRubric } from "../domain/rubric/clean-model-output.ts";
import { chequeRangeFor, defaultRubric } from "../domain/rubric/default-rubric.ts";
import { loadTownsFor } from "./towns.server.ts";
import type { RoleWanted } from "../domain/vocabulary.ts";
import { RUBRIC_JSON_SCHEMA, RUBRIC_SYSTEM_PROMPT, buildRubricPrompt } from "../domain/rubric/prompt.ts";
import type { Rubric, StartupInput } from "../domain/rubric/schema.ts";
import { type LanguageModel, modelFromConfig } from "../integrations/model.server.ts";
import { failureLogFields } from "../integrations/errors.ts";
import { log } from "../log.server.ts";
import { rescoreAfterSave, rescoreInChunks } from "../jobs/rescore-chunks.server.ts";

/** Startups (docs/product.md#resources, routes #10–#13): rubrics drafted by the model or derived by rule, rankings by the rubric's fixed rules. */

export const EVALUATION_BATCH = 8;

type Options = { model?: LanguageModel | undefined };

function modelFor(app: App, options: Options): LanguageModel | undefined {
  return "model" in options ? options.model : modelFromConfig(app.config);
}

async function draftRubric(model: LanguageModel | undefined, input: StartupInput): Promise<Rubric | undefined> {
  if (!model) return undefined;
  try {
    const answer = await model.generateJson({
      system: RUBRIC_SYSTEM_PROMPT,
      prompt: buildRubricPrompt(input),
      schema: RUBRIC_JSON_SCHEMA,
      schemaName: "startup_rubric",
    });
    return clampRubric(JSON.parse(answer.text));
  } catch (error) {
    log.warn("the model could not draft a rubric", failureLogFields(error));
    return undefined;
  }
}

/**
 * Everything that depends on rubrics: fit signals, global scores, every startup's ranking; past
 * ANSWER_AFTER_RESCORE_UP_TO investors it continues after the answer (decision 041).
 */
export async function rescoreAfterRubricChange(app: App): Promise<{ investors: number; startups: number; rescoring: boolean }> {
  const result = await rescoreAfterSave(app);
  return { investors: result.investors, startups: result.startups, rescoring: result.rescoring };
}

/**
 * After one startup's rubric changed: fit signals and global scores (fit feeds them), and that
 * startup's ranking: how many scores it writes, and whether it continues after the answer.
 */
async function rescoreForRubric(app: App, startupId: number): Promise<{ rescored: number; rescoring: boolean }> {
  const result = await rescoreAfterSave(app, { startupIds: [startupId] });
  return { rescored: result.startupScores, rescoring: result.rescoring };
}

/**
 * Route #10, and the new-startup form with its round as written (`round`: the amount in its own
 * currency, kept as the round form keeps it; `input.round_size` is then that amount in US dollars).
 */
export async function createStartupWithRubric(app: App, input: StartupInput, options: Options = {}, round: WrittenRound | null = null) {
  const drafted = await draftRubric(modelFor(app, options), input);
  // A startup in Trondheim is in Norway and the Nordics only with the towns of the cities data.
  if (!drafted) await loadTownsFor(input.geography);
  const rubric = drafted ?? defaultRubric(input);
  const source: RubricSource = drafted ? "model" : "default";
  const startup = createStartup(app.db, input, rubric, source, app.now(), round);
  const { rescoring } = await rescoreAfterRubricChange(app);
  return { startup, rubric, rubric_source: source, rescoring };
}

/** Route #12 with a rubric: a new version, re-scored at once from stored evaluations; no model call. */
export async function editRubric(app: App, actor: Actor, startupId: number, rubric: Rubric) {
  const current = latestRubric(app.db, startupId);
  const source = current?.source ?? "default";
  saveRubricVersion(app.db, actor, startupId, rubric, source, app.now());
  return { rubric, rubric_source: source, ...(await rescoreForRubric(app, startupId)) };
}

/**
 * The ask changed (decision 029): the role is saved and, when the round size is known, a new
 * rubric version takes its cheque range from the round and the role (everything else kept, and
 * still the founder's to edit); then everyone's fit and scores are redone.
 */
export async function changeRoleWanted(app: App, actor: Actor, startupId: number, role: RoleWanted | null) {
  const startup = getStartup(app.db, startupId)!;
  saveRoleWanted(app.db, startupId, role, app.now());
  const current = latestRubric(app.db, startupId);
  const roundUsd = startupInputOf(startup).round_size;
  if (!current || !roundUsd) return { ...(await rescoreForRubric(app, startupId)), check_size: current?.rubric.check_size };
  const check_size = chequeRangeFor(roundUsd, role);
  saveRubricVersion(app.db, actor, startupId, { ...current.rubric, check_size }, current.source, app.now());
  return { ...(await rescoreForRubric(app, startupId)), check_size };
}

/** Route #12 with regenerate: a new model rubric, or the old one kept with a message. */
export async function regenerateRubric(app: App, actor: Actor, startupId: number, options: Options = {}) {
  const model = modelFor(app, options);
  const drafted = await draftRubric(model, startupInputOf(getStartup(app.db, startupId)!));
  if (!drafted) {
    const current = latestRubric(app.db, startupId)!;
    const state: Exclude<ServiceState, "answered"> = model ? "no_answer" : "not_configured";
    return {
      rubric: current.rubric,
      rubric_source: current.source,
      rescored: 0,
      rescoring: false,
      model_status: state,
      message: regenerateMessage(state),
    };
  }
  saveRubricVersion(app.db, actor, startupId, drafted, "model", app.now());
  return {
    rubric: drafted,
    rubric_source: "model" as const,
    ...(await rescoreForRubric(app, startupId)),
    model_status: "answered" as const,
  };
}

/**
 * Route #11: the model judges each investor's saved evidence for this startup (batched, no web
 * search ever); then the rubric's rules score everyone. Without a model: rules only.
 */
export async function evaluateStartup(app: App, startupId: number, options: Options = {}) {
  const startup = getStartup(app.db, startupId)!;
  const model = modelFor(app, options);
  let evaluated = 0;
  let source: "model" | "rules_only" = "rules_only";
  // Not configured and did not answer are different news (decision 030); nothing to ask is no failure.
  let modelStatus: ServiceState = model ? "answered" : "not_configured";
  if (model) {
    const candidates = evidenceToEvaluate(app.db);
    let anyAnswer = false;
    for (let start = 0; start < candidates.length; start += EVALUATION_BATCH) {
      const batch = candidates.slice(start, start + EVALUATION_BATCH);
      try {
        const answer = await model.generateJson({
          system: EVALUATION_SYSTEM_PROMPT,
          prompt: buildEvaluationPrompt(
            {
              name: startup.name,
              pitch: startup.pitch,
              sector: startup.sector,
              stage: startup.stage,
              geography: startup.geography ?? undefined,
            },
            batch,
          ),
          schema: EVALUATION_JSON_SCHEMA,
          schemaName: "startup_evaluations",
        });
        const accepted = parseEvaluationAnswer(answer.text, batch);
        if (!accepted) continue;
        anyAnswer = true;
        saveEvaluations(app.db, startupId, accepted, app.now());
        evaluated += accepted.length;
      } catch (error) {
        log.warn("the model could not evaluate a batch", failureLogFields(error));
        break;
      }
    }
    if (anyAnswer) source = "model";
    else if (candidates.length > 0) modelStatus = "no_answer";
  }
  // A chunk at a time with the event loop given back (one pass over 10,000 investors held it for seconds).
  const scored = await rescoreInChunks(app, { startupIds: [startupId] });
  return {
    startup_id: startupId,
    investors_evaluated: evaluated,
    investors_scored: scored.startupScores,
    source,
    model_status: modelStatus,
  };
}

/**
 * After investors are added or edited: their fit signal, global score and every startup's score
 * for them, so a new investor is ranked like everyone else without waiting for a re-score.
 */
export function rescoreInvestorsForStartups(app: App, ids: number[]): void {
  rescoreInvestorIds(app.db, ids, app.now(), app.rules);
}

/**
 * Route #13 and the page's delete button: the startup goes, and what depended on it is re-scored
 * (after the answer past ANSWER_AFTER_RESCORE_UP_TO investors).
 */
export async function removeStartup(app: App, actor: Actor, id: number): Promise<boolean> {
  const removed = deleteStartup(app.db, actor, id, app.now());
  if (removed) await rescoreAfterRubricChange(app);
  return removed;
}
