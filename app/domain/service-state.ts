/**
 * "Not configured" and "did not answer" are different news for a founder (issue 19 item 8,
 * decision 030): the first needs a setting on the server and will not change by waiting; the
 * second may pass if tried again. One table of words for every place that uses a model, web search
 * or the phone, so no page says "not available" for both or shows either in a success style.
 * No zod and no server code: the browser imports it (the chat drawer).
 */
export type ServiceName = "model" | "search" | "sms";
/** What became of a call: it answered, there is nothing to call, or it was called and did not answer. */
export type ServiceState = "answered" | "not_configured" | "no_answer";
export const SERVICE_STATES = ["answered", "not_configured", "no_answer"] as const satisfies readonly ServiceState[];

/** How a message about a state is shown: never "good" unless the service answered. */
export type NoticeTone = "good" | "info" | "bad";

const WORDS: Record<ServiceName, Record<Exclude<ServiceState, "answered">, string>> = {
  model: {
    not_configured: "No language model is configured (GEMINI_API_KEY, or an OpenAI-compatible fallback: see Settings)",
    no_answer: "The language model did not answer",
  },
  search: {
    not_configured: "Web search is not configured (TAVILY_API_KEY: see Settings)",
    no_answer: "Web search did not answer",
  },
  sms: {
    not_configured: "Twilio is not configured (see Settings)",
    no_answer: "Twilio did not answer",
  },
};

/** "No language model is configured (…)" / "The language model did not answer". */
export function unavailableWords(service: ServiceName, state: Exclude<ServiceState, "answered">): string {
  return WORDS[service][state];
}

/** Not configured is a fact to act on (info); did not answer is a failure (bad). */
export function toneOf(state: ServiceState): NoticeTone {
  return state === "answered" ? "good" : state === "not_configured" ? "info" : "bad";
}

/** Under a chat answer given by rule: why the model did not give it. */
export function chatSummaryNote(state: ServiceState): string | null {
  if (state === "answered") return null;
  return state === "not_configured"
    ? "Answered from a summary: no language model is configured."
    : "Answered from a summary: the language model did not answer, so the app answered by rule. Ask again in a minute for the model's answer.";
}

/** The startup page's notice after "Evaluate", with its tone. */
export function evaluateNotice(result: { model_status: ServiceState; investors_evaluated: number; investors_scored: number }): {
  text: string;
  tone: NoticeTone;
} {
  const ranked = `ranked ${result.investors_scored} investors by the rubric's rules only`;
  if (result.model_status === "answered") {
    return {
      text:
        result.investors_evaluated > 0
          ? `Evaluated ${result.investors_evaluated} investors with the model and re-ranked ${result.investors_scored}.`
          : `No saved news to evaluate yet: ${ranked}. A refresh finds news to judge.`,
      tone: "good",
    };
  }
  if (result.model_status === "not_configured") {
    return { text: `${unavailableWords("model", "not_configured")}: ${ranked}.`, tone: "info" };
  }
  return { text: `${unavailableWords("model", "no_answer")}: ${ranked}. Try again in a few minutes.`, tone: "bad" };
}

/** Route #12's message when regenerating could not draft a rubric. */
export function regenerateMessage(state: Exclude<ServiceState, "answered">): string {
  return state === "not_configured"
    ? `${unavailableWords("model", "not_configured")}, so the rubric cannot be redrafted: the current one was kept. Edit the numbers yourself.`
    : `${unavailableWords("model", "no_answer")}, so the current rubric was kept. Try again in a few minutes or edit the numbers yourself.`;
}
