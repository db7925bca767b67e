import { investorsForBriefing } from "#db/queries/briefing.server.ts";
import { readKpis } from "#db/queries/dashboard.server.ts";
import { activeMembers } from "#db/queries/members.server.ts";
import { readDemoRound, readRound } from "#db/queries/round.server.ts";
import type { App } from "../app-context.ts";
import { buildChatContext } from "../domain/chat/context.ts";
import { CHAT_JSON_SCHEMA, CHAT_SYSTEM_PROMPT, buildChatPrompt, parseChatAnswer } from "../domain/chat/prompt.ts";
import type { ChatContext, ChatInvestor, ChatRequest, ChatRound } from "../domain/chat/schema.ts";
import { MAX_INTRO_INVESTORS, readIntroQuestion, withIntros } from "../domain/chat/intros.ts";
import { readQuestion } from "../domain/chat/question.ts";
import { introPathsOf } from "#db/queries/intros.server.ts";
import { readDeckReadsSince } from "#db/queries/deck-signals.server.ts";
import { DECK_READS_DAYS, MAX_DECK_READERS, asksAboutDeckReads, withDeckReads } from "../domain/chat/deck-reads.ts";
import { roundProgressLine } from "../domain/round.ts";
import type { ServiceState } from "../domain/service-state.ts";
import { summaryAnswer } from "../domain/chat/summary.ts";
import type { LanguageModel } from "../integrations/model.server.ts";
import { modelFromConfig } from "../integrations/model.server.ts";
import { failureLogFields } from "../integrations/errors.ts";
import { log } from "../log.server.ts";

/** `model_status`: whether the model answered, is not configured, or did not answer (or not in shape) — decision 030. */
export type ChatReply = { answer: string; source: "model" | "summary"; investor_ids: number[]; model_status: ServiceState };

/**
 * Route #8's core: a compact context from one side's own data (real or demo, never both), the
 * model (primary, then fallback) answering only from it, and a deterministic summary from the
 * same context when the model is missing, down, or answers out of schema. The model may only
 * cite investors that are in the context, so the demo chat cannot name a real investor.
 */
export async function answerQuestion(
  app: App,
  request: ChatRequest,
  options: { demo: boolean; model?: LanguageModel | undefined; asker?: string },
): Promise<ChatReply> {
  const rows = investorsForBriefing(app.db, options.demo);
  const built = buildChatContext(request.message, rows, readKpis(app.db, options.demo), {
    round: chatRound(app, options.demo),
    today: app.now().toISOString().slice(0, 10),
    // The side's team, so "what does Jonas have due?" finds Jonas (decision 062).
    team: activeMembers(app.db, options.demo).map((member) => member.name),
    // Who "I" is: the signed-in member (on the demo, its first member, as "Mine" means there).
    asker: options.demo ? activeMembers(app.db, true)[0]?.name : options.asker,
  });
  const context = withDeckReadsAsked(app, request.message, options.demo, withIntroPaths(app, request.message, rows, built));
  const model = "model" in options ? options.model : modelFromConfig(app.config);
  if (model) {
    try {
      const reply = await model.generateJson({
        system: CHAT_SYSTEM_PROMPT,
        prompt: buildChatPrompt(request.message, request.history, context),
        schema: CHAT_JSON_SCHEMA,
        schemaName: "chat_answer",
      });
      const parsed = parseChatAnswer(reply.text, new Set(context.ids));
      if (parsed) return { ...parsed, source: "model", model_status: "answered" };
      log.warn("chat: the model's answer did not match the schema; answering from the summary");
    } catch (error) {
      log.warn("chat: the model could not answer; answering from the summary", failureLogFields(error));
    }
  }
  return { ...summaryAnswer(request.message, context), source: "summary", model_status: model ? "no_answer" : "not_configured" };
}

/** The round raising now (the demo's own on the demo side) as the chat reads it; none without one. */
function chatRound(app: App, demo: boolean): ChatRound | undefined {
  const { round, totals } = demo ? readDemoRound(app.db, app.now()) : readRound(app.db);
  if (!round) return undefined;
  return { name: round.name, line: roundProgressLine(round, totals, app.now().toISOString().slice(0, 10)), totals };
}

/**
 * A warm-intro question ("who can introduce me to Northzone?", "who introduced us to Kristin
 * Lund?", decision 065): the paths to the investors it names, read for this side only, added to the
 * context; else the context as it was.
 */
function withIntroPaths(app: App, message: string, rows: ChatInvestor[], context: ChatContext): ChatContext {
  const question = readIntroQuestion(message);
  if (!question) return context;
  const named = readQuestion(message, rows).named.slice(0, MAX_INTRO_INVESTORS);
  const paths = introPathsOf(
    app.db,
    named.map((investor) => investor.id),
  );
  return withIntros(context, {
    question,
    investors: named.map((investor) => ({
      id: investor.id,
      name: investor.name,
      firm: investor.firm,
      relationship_status: investor.relationship_status,
      paths: paths.get(investor.id) ?? [],
    })),
  });
}

/** "Who read my deck this week?" (decision 068): this side's readers of the last 7 days added to the context; else it as it was. */
function withDeckReadsAsked(app: App, message: string, demo: boolean, context: ChatContext): ChatContext {
  if (!asksAboutDeckReads(message)) return context;
  const since = new Date(app.now().getTime() - DECK_READS_DAYS * 86_400_000);
  const reads = readDeckReadsSince(app.db, demo, since.toISOString(), MAX_DECK_READERS);
  return withDeckReads(context, { since: since.toISOString().slice(0, 10), reads });
}
