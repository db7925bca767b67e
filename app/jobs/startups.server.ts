import { eq, sql } from "drizzle-orm";
import { rescoreInvestor } from "#db/queries/investors.server.ts";
import {
  type RubricSource,
  createStartup,
  deleteStartup,
  getStartup,
  latestRubric,
  listStartups,
  saveEvaluations,
  saveRubricVersion,
  scoreStartup,
  startupInputOf,
  updateFitSignals,
} from "#db/queries/startups.server.ts";
import { commitImport } from "#db/queries/import.server.ts";
import { evidence, investors } from "#db/schema.ts";
import type { App } from "../app.server.ts";
import type { ImportPlan } from "../domain/investor-import.ts";
import {
  EVALUATION_JSON_SCHEMA,
  EVALUATION_SYSTEM_PROMPT,
  type InvestorToEvaluate,
  buildEvaluationPrompt,
  parseEvaluationAnswer,
} from "../domain/evaluation.ts";
import { type Rubric, type StartupInput, clampRubric, defaultRubric } from "../domain/rubric.ts";
import { RUBRIC_JSON_SCHEMA, RUBRIC_SYSTEM_PROMPT, buildRubricPrompt } from "../domain/rubric-prompt.ts";
import { type LanguageModel, modelFromConfig } from "../integrations/model.server.ts";
import { failureLogFields } from "../integrations/errors.ts";
import { log } from "../log.server.ts";
import { rescoreInChunks } from "./rescore-chunks.server.ts";

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
      schema: RUBRIC_JSON_SCHEMA as unknown as Record<string, unknown>,
      schemaName: "startup_rubric",
    });
    return clampRubric(JSON.parse(answer.text));
  } catch (error) {
    log.warn("the model could not draft a rubric", failureLogFields(error));
    return undefined;
  }
}

/** Everything that depends on rubrics: fit signals, global scores, every startup's ranking. */
export async function rescoreAfterRubricChange(app: App): Promise<{ investors: number; startups: number }> {
  const result = await rescoreInChunks(app);
  return { investors: result.investors, startups: result.startups };
}

/** After one startup's rubric changed: fit signals and global scores (fit feeds them), and that startup's ranking. */
async function rescoreForRubric(app: App, startupId: number): Promise<number> {
  return (await rescoreInChunks(app, { startupIds: [startupId] })).startupScores;
}

export async function createStartupWithRubric(app: App, input: StartupInput, options: Options = {}) {
  const drafted = await draftRubric(modelFor(app, options), input);
  const rubric = drafted ?? defaultRubric(input);
  const source: RubricSource = drafted ? "model" : "default";
  const startup = createStartup(app.db, input, rubric, source, app.now());
  await rescoreAfterRubricChange(app);
  return { startup, rubric, rubric_source: source };
}

/** Route #12 with a rubric: a new version, re-scored at once from stored evaluations; no model call. */
export async function editRubric(app: App, startupId: number, rubric: Rubric) {
  const current = latestRubric(app.db, startupId);
  const source = current?.source ?? "default";
  saveRubricVersion(app.db, startupId, rubric, source, app.now());
  return { rubric, rubric_source: source, rescored: await rescoreForRubric(app, startupId) };
}

/** Route #12 with regenerate: a new model rubric, or the old one kept with a message. */
export async function regenerateRubric(app: App, startupId: number, options: Options = {}) {
  const drafted = await draftRubric(modelFor(app, options), startupInputOf(getStartup(app.db, startupId)!));
  if (!drafted) {
    const current = latestRubric(app.db, startupId)!;
    return {
      rubric: current.rubric,
      rubric_source: current.source,
      rescored: 0,
      message: "The model could not draft a new rubric, so the current one was kept. Try again later or edit the numbers yourself.",
    };
  }
  saveRubricVersion(app.db, startupId, drafted, "model", app.now());
  return { rubric: drafted, rubric_source: "model" as const, rescored: await rescoreForRubric(app, startupId) };
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
  if (model) {
    const candidates = collectEvidence(app, startupId);
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
          schema: EVALUATION_JSON_SCHEMA as unknown as Record<string, unknown>,
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
  }
  const scored = scoreStartup(app.db, startupId, app.now(), app.rules);
  return { startup_id: startupId, investors_evaluated: evaluated, investors_scored: scored, source };
}

/** Real investors with saved evidence, newest evidence first, at most 10 items each. */
function collectEvidence(app: App, _startupId: number): InvestorToEvaluate[] {
  const rows = app.db
    .select({
      investorId: evidence.investorId,
      id: evidence.id,
      title: evidence.title,
      summary: sql<string>`coalesce(${evidence.summary}, ${evidence.excerpt})`,
      category: evidence.category,
      published_at: evidence.publishedAt,
      name: investors.name,
      firm: investors.firm,
      sectors: investors.sectors,
      stages: investors.stages,
    })
    .from(evidence)
    .innerJoin(investors, eq(investors.id, evidence.investorId))
    .where(eq(investors.isDemo, false))
    .orderBy(investors.id, sql`coalesce(${evidence.publishedAt}, ${evidence.foundAt}) desc`)
    .all();
  const byInvestor = new Map<number, InvestorToEvaluate>();
  for (const row of rows) {
    let entry = byInvestor.get(row.investorId);
    if (!entry) {
      entry = { id: row.investorId, name: row.name, firm: row.firm, sectors: row.sectors, stages: row.stages, evidence: [] };
      byInvestor.set(row.investorId, entry);
    }
    if (entry.evidence.length < 10)
      entry.evidence.push({ id: row.id, title: row.title, summary: row.summary, category: row.category, published_at: row.published_at });
  }
  return [...byInvestor.values()];
}

/**
 * After investors are added or edited: their fit signal, global score and every startup's score
 * for them, so a new investor is ranked like everyone else without waiting for a re-score.
 */
export function rescoreInvestorsForStartups(app: App, ids: number[]): void {
  const all = listStartups(app.db);
  if (all.length === 0 || ids.length === 0) return;
  const only = new Set(ids);
  updateFitSignals(app.db, only);
  for (const id of only) rescoreInvestor(app.db, id, app.now(), app.rules);
  for (const startup of all) scoreStartup(app.db, startup.id, app.now(), app.rules, only);
}

/**
 * Commits a previewed import and re-scores, per startup, every investor it touched, in one
 * transaction: a process killed half-way leaves the import either not done or done and scored,
 * never investors without their per-startup scores. (better-sqlite3 nests the inner transactions
 * as savepoints.)
 */
export function commitImportScored(app: App, plan: ImportPlan): { created: number; updated: number; touched: number[] } {
  return app.db.$client.transaction(() => {
    const result = commitImport(app.db, plan, app.now(), app.rules);
    rescoreInvestorsForStartups(app, result.touched);
    return result;
  })();
}

/** Route #13 and the page's delete button: the startup goes, and what depended on it is re-scored. */
export async function removeStartup(app: App, id: number): Promise<boolean> {
  const removed = deleteStartup(app.db, id);
  if (removed) await rescoreAfterRubricChange(app);
  return removed;
}
