import { pathOf, startFakeServer } from "./fake-server.ts";
import type { FakeReply, FakeServer } from "./fake-server.ts";
import type { AnswerSource } from "./gemini.ts";

/**
 * A stand-in for an OpenAI-compatible `POST /v1/chat/completions` (also served without the /v1
 * prefix, as some local servers do), for the fallback model.
 */

export type FakeOpenAi = FakeServer & {
  answerWith(answer: AnswerSource): void;
  /** Any later request gets a 500 saying so; the request is still recorded for the assertion. */
  failIfCalled(): void;
};

const PATHS = new Set(["/v1/chat/completions", "/chat/completions"]);

export async function startFakeOpenAi(options: { apiKey?: string } = {}): Promise<FakeOpenAi> {
  let answer: AnswerSource = { ok: true };
  let mustNotBeCalled = false;
  const server = await startFakeServer((request) => {
    if (request.method !== "POST" || !PATHS.has(pathOf(request))) return undefined;
    return (body, recorded) => {
      if (mustNotBeCalled) return openAiError(500, "fake OpenAI: called although failIfCalled() was set");
      if (options.apiKey !== undefined && recorded.headers.authorization !== `Bearer ${options.apiKey}`) {
        return openAiError(401, "Incorrect API key provided.", { code: "invalid_api_key" });
      }
      const value = typeof answer === "function" ? answer(body, recorded) : answer;
      return chatCompletion(JSON.stringify(value), { model: typeof body?.model === "string" ? body.model : undefined });
    };
  });
  const reset = server.reset;
  return Object.assign(server, {
    answerWith(next: AnswerSource) {
      answer = next;
    },
    failIfCalled() {
      mustNotBeCalled = true;
    },
    reset() {
      reset();
      answer = { ok: true };
      mustNotBeCalled = false;
    },
  });
}

/** A chat.completion whose single choice says `content`. */
export function chatCompletion(content: string | null, options: { finishReason?: string; model?: string } = {}): FakeReply {
  return {
    json: {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: options.model ?? "gemini-2.5-flash",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content, refusal: null },
          logprobs: null,
          finish_reason: options.finishReason ?? "stop",
        },
      ],
      usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
    },
  };
}

/** OpenAI's error shape: `{error:{message,type,param,code}}`. */
export function openAiError(
  status: number,
  message: string,
  options: { code?: string; retryAfterSeconds?: number; headers?: Record<string, string> } = {},
): FakeReply {
  const type = status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error";
  return {
    status,
    json: { error: { message, type, param: null, code: options.code ?? null } },
    headers: {
      ...(options.retryAfterSeconds === undefined ? {} : { "retry-after": String(options.retryAfterSeconds) }),
      ...options.headers,
    },
  };
}
