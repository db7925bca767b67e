import { pathOf, startFakeServer } from "./fake-server.ts";
import type { FakeReply, FakeServer, RecordedRequest } from "./fake-server.ts";

/**
 * A stand-in for the Gemini API's `POST /v1beta/models/{model}:generateContent`, so the real
 * @google/genai SDK can be pointed at it through `httpOptions.baseUrl`.
 */

export type AnswerSource = unknown | ((body: any, request: RecordedRequest) => unknown);

export type FakeGemini = FakeServer & {
  /** The JSON value later default answers carry as their text (or a function computing it). */
  answerWith(answer: AnswerSource): void;
};

const GENERATE_PATH = /^\/v1beta\/models\/([^/:]+):generateContent$/;

export async function startFakeGemini(options: { apiKey?: string } = {}): Promise<FakeGemini> {
  let answer: AnswerSource = { ok: true };
  const server = await startFakeServer((request) => {
    const match = request.method === "POST" ? GENERATE_PATH.exec(pathOf(request)) : null;
    if (!match) return undefined;
    const model = decodeURIComponent(match[1] ?? "");
    return (body, recorded) => {
      if (options.apiKey !== undefined && recorded.headers["x-goog-api-key"] !== options.apiKey) {
        return invalidKeyReply();
      }
      const value = typeof answer === "function" ? answer(body, recorded) : answer;
      return geminiAnswer(JSON.stringify(value), { model });
    };
  });
  const reset = server.reset;
  return Object.assign(server, {
    answerWith(next: AnswerSource) {
      answer = next;
    },
    reset() {
      reset();
      answer = { ok: true };
    },
  });
}

/** A successful generateContent answer whose only part is `text`. */
export function geminiAnswer(text: string, options: { finishReason?: string; model?: string } = {}): FakeReply {
  return {
    json: {
      candidates: [
        {
          content: { parts: [{ text }], role: "model" },
          finishReason: options.finishReason ?? "STOP",
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 120,
        candidatesTokenCount: Math.max(1, Math.ceil(text.length / 4)),
        totalTokenCount: 120 + Math.max(1, Math.ceil(text.length / 4)),
      },
      modelVersion: options.model ?? "gemini-2.5-flash",
      responseId: "fake-response",
    },
  };
}

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

/**
 * Google's error body, `{error:{code,message,status,details}}`. For a 429, `retryAfterSeconds`
 * adds both a Retry-After header and the RetryInfo detail Google sends.
 */
export function geminiError(
  status: number,
  message = "fake Gemini error",
  options: { retryAfterSeconds?: number; headers?: Record<string, string> } = {},
): FakeReply {
  const details =
    options.retryAfterSeconds === undefined
      ? []
      : [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${options.retryAfterSeconds}s` }];
  return {
    status,
    json: { error: { code: status, message, status: STATUS_NAMES[status] ?? "UNKNOWN", details } },
    headers: {
      ...(options.retryAfterSeconds === undefined ? {} : { "retry-after": String(options.retryAfterSeconds) }),
      ...options.headers,
    },
  };
}

/** What Google answers for a wrong key: 400, not 401. */
function invalidKeyReply(): FakeReply {
  const reply = geminiError(400, "API key not valid. Please pass a valid API key.");
  const json = reply.json as { error: { details: unknown[] } };
  json.error.details = [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }];
  return reply;
}
