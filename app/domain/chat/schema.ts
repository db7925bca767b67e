import type { IntroPath } from "../intros.ts";
import { z } from "zod";
import type { RoundTotals } from "../round.ts";
import type { RecommendedAction } from "../vocabulary.ts";

/**
 * The chat drawer (docs/api.md route #8), as pure functions: read the question (question.ts), pick
 * the few investors it is about and write a compact context for the model (context.ts), check the
 * model's answer (prompt.ts), and, when no model answers, reply from the same context by rule
 * (summary.ts). No database, clock or network: the route passes the rows of ONE side (demo or
 * real) and the KPIs it already computed, so the chat can only ever see, and name, investors of
 * that side. This module: what the route accepts and the shapes the others share.
 */

export const MAX_CHAT_MESSAGE_CHARS = 500;
export const MAX_HISTORY_TURNS = 6;
export const MAX_HISTORY_TEXT_CHARS = 2_000;
export const MAX_ANSWER_CHARS = 1_500;
export const DEFAULT_MAX_CONTEXT_INVESTORS = 25;
/** Per-field cap in the context: names, hooks and red flags come from people and web pages. */
export const MAX_CONTEXT_FIELD_CHARS = 200;

// The max is checked on the raw text (what the user typed is what the counter showed), then
// the text is trimmed and must keep at least one character: a message of spaces says nothing.
const chatText = (max: number) => z.string().max(max).trim().min(1, "must not be empty");

export const chatTurnSchema = z.strictObject({
  role: z.enum(["user", "assistant"]),
  text: chatText(MAX_HISTORY_TEXT_CHARS),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

export const chatRequestSchema = z.strictObject({
  message: chatText(MAX_CHAT_MESSAGE_CHARS),
  history: z.array(chatTurnSchema).max(MAX_HISTORY_TURNS).optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** What the chat may know about one investor. No personal notes, no contact history, no email. */
export type ChatInvestor = {
  id: number;
  name: string;
  firm: string | null;
  score: number;
  action: RecommendedAction;
  relationship_status: string;
  last_contact_date: string | null;
  signal_hook: string | null;
  signal_red_flag: string | null;
  sectors: string[];
  stages: string[];
  geographies: string[];
  /** Today's order (docs/product.md#scoring-and-actions): when the hook's news appeared, when the action was given. */
  hook_at?: string | null;
  action_since?: string | null;
  /** Their expected or committed cheque, in its own currency (null = USD); the round's totals are in `ChatContext.round`. */
  amount?: number | null;
  amount_currency?: string | null;
  /** Today's tie-breaks after the score (app/domain/today.ts): the fit, a warm path (graded: app/domain/warm-path.ts warmRank), the cheque's closeness. */
  fit?: number | null;
  warm?: number | null;
  cheque?: number | null;
  /** The founder's own next step and its date, and a meeting's date (YYYY-MM-DD): the week's agenda (week.ts). */
  next_step?: string | null;
  next_step_date?: string | null;
  meeting_date?: string | null;
  /** The name of the member who owns them (decision 062), or null. */
  owner?: string | null;
};

/** The round raising now as the chat reads it: the progress line and the totals `roundTotals` gave (decision 031). */
export type ChatRound = { name: string; line: string; totals: RoundTotals };

/** The coming 7 days (today included) and how many next steps and meetings the whole side dated in them. */
export type ChatWeek = { from: string; to: string; next_steps: number; meetings: number };

export type ChatKpis = { tracked: number; emailFirst: number; followUpsDue: number; dontChase: number };

export type ChatContext = {
  kpis: ChatKpis;
  /** The relevant investors, capped: those the question names or filters on first. */
  investors: ChatInvestor[];
  /** Compact, one line per investor, for the prompt. */
  text: string;
  ids: number[];
  round?: ChatRound;
  week?: ChatWeek;
  /** "What does Jonas have due?": the member asked about and how many follow-ups they have due (decision 062). */
  ownerDue?: { name: string; follow_ups: number };
  /** A warm-intro question and the paths to the investors it names (decision 065: app/domain/chat/intros.ts). */
  intros?: ChatIntros;
  /** "Who read my deck this week?": the week's readers (decision 068: app/domain/chat/deck-reads.ts). */
  deckReads?: ChatDeckReads;
};

/** The investors who read the deck since `since` (YYYY-MM-DD), newest read first, each once. */
export type ChatDeckReads = {
  since: string;
  reads: ReadonlyArray<{
    investorId: number;
    name: string;
    firm: string | null;
    startedAt: string;
    seconds: number;
    pages: number;
    topPage: number | null;
    topTitle: string | null;
    forwarded: boolean;
  }>;
};

export type ChatAnswer = { answer: string; investor_ids: number[] };

/** Which warm-intro question a message asks (app/domain/chat/intros.ts). */
export type IntroQuestion = "who_can_introduce" | "who_introduced";

/** The investors a warm-intro question names, each with every path to them (introPathsOf). */
export type ChatIntros = {
  question: IntroQuestion;
  investors: ReadonlyArray<{
    id: number;
    name: string;
    firm: string | null;
    /** Passed or not a fit: the answer says so before any path (never advice to chase them). */
    relationship_status?: string;
    paths: readonly IntroPath[];
  }>;
};
