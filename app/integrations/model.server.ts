import type { GenerateContentResponse, GoogleGenAI } from "@google/genai";
import type OpenAI from "openai";
import { z } from "zod";
import { readBoundedBody } from "../http/bounded-body.server.ts";
import { IntegrationError, isAbortLike, parseRetryAfter, withRetries } from "./errors.ts";
import type { IntegrationFailure } from "./errors.ts";

/**
 * The language model that judges evidence. Gemini is the primary; an OpenAI-compatible endpoint
 * serving the same model is the fallback. Callers see one `LanguageModel` and never learn which
 * answered, except through `route` (for the run report).
 */

export type JsonRequest = {
  system: string;
  prompt: string;
  /** A JSON Schema object the answer must follow. */
  schema: Record<string, unknown>;
  schemaName: string;
};

export type JsonAnswer = { text: string; route: "primary" | "fallback"; model: string };

export interface LanguageModel {
  generateJson(request: JsonRequest): Promise<JsonAnswer>;
}

/** One model call as a run counts it: retries inside a route are one call. */
export type ModelCall = { route: "primary" | "fallback"; ok: boolean; failure?: IntegrationFailure };

type ClientOptions = {
  apiKey: string;
  model: string;
  timeoutMs?: number;
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * The SDKs load on a model's first call, not at start: together they cost about 65 MiB and a
 * few hundred milliseconds, and a server with no model keys never needs them (docs/deploy.md).
 */
type GenAiSdk = typeof import("@google/genai");
type OpenAiSdk = typeof import("openai");
let genAiSdk: Promise<GenAiSdk> | undefined;
let openAiSdk: Promise<OpenAiSdk> | undefined;
function loadGenAi(): Promise<GenAiSdk> {
  genAiSdk = genAiSdk ?? import("@google/genai");
  return genAiSdk;
}
function loadOpenAi(): Promise<OpenAiSdk> {
  openAiSdk = openAiSdk ?? import("openai");
  return openAiSdk;
}

const GEMINI = "gemini";
const FALLBACK = "llm-fallback";
const GEMINI_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";

/** A model's answer is a few KB of JSON (a batch's judgements, an item's deals): past this it is refused, never held whole. */
export const MAX_MODEL_ANSWER_BYTES = 4 * 1024 * 1024;
const TOO_LARGE = `answer is larger than ${MAX_MODEL_ANSWER_BYTES / 1024 / 1024} MB`;
class AnswerTooLarge extends Error {}

/** fetch for the SDKs: the answer's body read under the cap (both SDKs read a body whole), then handed over. */
async function fetchCapped(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const read = await readBoundedBody(response, MAX_MODEL_ANSWER_BYTES);
  if (!read.ok) {
    await response.body?.cancel().catch(() => {});
    throw new AnswerTooLarge();
  }
  const headers = new Headers(response.headers);
  // The bytes are already decoded and counted.
  headers.delete("content-encoding");
  headers.delete("content-length");
  const noBody = [101, 103, 204, 205, 304].includes(response.status);
  return new Response(noBody ? null : read.bytes, { status: response.status, statusText: response.statusText, headers });
}

/** Whether a failure is our cap, however an SDK wrapped the error fetch threw. */
function tooLarge(error: unknown): boolean {
  let cause = error;
  for (let depth = 0; cause !== null && typeof cause === "object" && depth < 5; depth++) {
    if (cause instanceof AnswerTooLarge) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Gemini

export function createGeminiModel(options: ClientOptions & { baseUrl?: string }): LanguageModel {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retry = { retries: options.retries ?? 1, timeoutMs, sleep: options.sleep, service: GEMINI };
  let ai: GoogleGenAI | undefined;
  const clientOf = (sdk: GenAiSdk) => {
    ai =
      ai ??
      new sdk.GoogleGenAI({
        apiKey: options.apiKey,
        // Explicit, so GOOGLE_GENAI_USE_VERTEXAI / GOOGLE_GEMINI_BASE_URL in the environment
        // cannot send our requests somewhere else.
        vertexai: false,
        apiVersion: "v1beta",
        // No retryOptions: the SDK only retries when they are set (ApiClient.apiCall), and the
        // retry policy is ours (withRetries), so the two never multiply.
        httpOptions: { baseUrl: options.baseUrl ?? GEMINI_DEFAULT_BASE_URL, timeout: timeoutMs },
      });
    return ai;
  };

  async function generateOnce(request: JsonRequest, signal: AbortSignal): Promise<JsonAnswer> {
    // The SDK's ApiError keeps the status and body but drops the headers; this per-request
    // fetch keeps the one header we need.
    let retryAfter: string | null = null;
    const fetchKeepingRetryAfter = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetchCapped(input, init);
      retryAfter = response.headers.get("retry-after");
      return response;
    };

    const sdk = await loadGenAi();
    let response: GenerateContentResponse;
    try {
      response = await clientOf(sdk).models.generateContent({
        model: options.model,
        contents: request.prompt,
        config: {
          systemInstruction: request.system,
          responseMimeType: "application/json",
          responseJsonSchema: request.schema,
          temperature: 0,
          // One HTTP request per attempt, so timeouts and retries mean what they say.
          automaticContinuation: false,
          abortSignal: signal,
          httpOptions: { fetch: fetchKeepingRetryAfter },
        },
      });
    } catch (error) {
      throw geminiFailure(error, signal, retryAfter, timeoutMs, sdk);
    }

    const blockReason = response.promptFeedback?.blockReason;
    if (blockReason) throw new IntegrationError(GEMINI, "malformed", `Gemini declined the prompt (${reasonWord(blockReason)})`);
    const candidate = response.candidates?.[0];
    const text = (candidate?.content?.parts ?? [])
      .filter((part) => !part.thought && typeof part.text === "string")
      .map((part) => part.text)
      .join("");
    if (text.trim() === "") {
      throw new IntegrationError(GEMINI, "malformed", `Gemini returned no text (finish reason ${reasonWord(candidate?.finishReason)})`);
    }
    assertJson(GEMINI, text, reasonWord(candidate?.finishReason));
    return { text, route: "primary", model: options.model };
  }

  return {
    generateJson(request) {
      return withRetries((signal) => generateOnce(request, signal), retry);
    },
  };
}

const googleErrorBody = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
});

/** Google's canonical error names: the only part of an error body a message may repeat. */
const GOOGLE_STATUSES = new Set([
  "CANCELLED",
  "UNKNOWN",
  "INVALID_ARGUMENT",
  "DEADLINE_EXCEEDED",
  "NOT_FOUND",
  "ALREADY_EXISTS",
  "PERMISSION_DENIED",
  "RESOURCE_EXHAUSTED",
  "FAILED_PRECONDITION",
  "ABORTED",
  "OUT_OF_RANGE",
  "UNIMPLEMENTED",
  "INTERNAL",
  "UNAVAILABLE",
  "DATA_LOSS",
  "UNAUTHENTICATED",
]);

/** Our own words for a failure: Google's error message is never passed on (it may echo the key). */
function geminiFailure(error: unknown, signal: AbortSignal, retryAfter: string | null, timeoutMs: number, sdk: GenAiSdk): IntegrationError {
  if (tooLarge(error)) return new IntegrationError(GEMINI, "malformed", `Gemini's ${TOO_LARGE}`);
  if (signal.aborted || isAbortLike(error)) {
    return new IntegrationError(GEMINI, "timeout", `Gemini did not answer within ${timeoutMs} ms`);
  }
  if (error instanceof sdk.ApiError) {
    // The SDK puts the JSON error body, `{error:{code,message,status,details}}`, in `message`.
    let body: z.infer<typeof googleErrorBody>["error"] | undefined;
    try {
      body = googleErrorBody.parse(JSON.parse(error.message)).error;
    } catch {
      body = undefined;
    }
    const status = error.status;
    const label = body?.status && GOOGLE_STATUSES.has(body.status) ? `${status} ${body.status}` : String(status);
    // Google answers a wrong key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID.
    const keyRejected = status === 401 || status === 403 || error.message.includes("API_KEY_INVALID");
    if (keyRejected) return new IntegrationError(GEMINI, "auth", `Gemini rejected the API key (${label})`, undefined, status);
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(retryAfter, new Date()) ?? retryDelayFrom(body?.details);
      return new IntegrationError(GEMINI, "rate_limited", `Gemini is rate limiting us (${label})`, retryAfterMs, status);
    }
    if (status === 408) return new IntegrationError(GEMINI, "timeout", `Gemini timed out (${label})`, undefined, status);
    if (status >= 500) return new IntegrationError(GEMINI, "server", `Gemini had a server error (${label})`, undefined, status);
    return new IntegrationError(GEMINI, "bad_request", `Gemini refused the request (${label})`, undefined, status);
  }
  // The SDK parses a 200 body with response.json(); a broken body surfaces as a SyntaxError.
  if (error instanceof SyntaxError) {
    return new IntegrationError(GEMINI, "malformed", "Gemini answered with something that is not JSON");
  }
  return new IntegrationError(GEMINI, "network", "Could not reach Gemini");
}

/** Google's RetryInfo detail says how long to wait, as a duration string such as "38s". */
function retryDelayFrom(details: Array<Record<string, unknown>> | undefined): number | undefined {
  for (const detail of details ?? []) {
    const delay = detail.retryDelay;
    if (typeof delay === "string") {
      const match = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
      if (match) return Math.round(Number(match[1]) * 1000);
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// OpenAI-compatible fallback

const chatCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

export function createOpenAiCompatibleModel(options: ClientOptions & { baseUrl: string }): LanguageModel {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retry = { retries: options.retries ?? 1, timeoutMs, sleep: options.sleep, service: FALLBACK };
  // maxRetries: 0 because the SDK retries 408/409/429/5xx twice by default, under our retries.
  let client: OpenAI | undefined;
  const clientOf = (sdk: OpenAiSdk) => {
    client =
      client ?? new sdk.OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey, timeout: timeoutMs, maxRetries: 0, fetch: fetchCapped });
    return client;
  };

  async function generateOnce(request: JsonRequest, signal: AbortSignal): Promise<JsonAnswer> {
    const sdk = await loadOpenAi();
    let completion: unknown;
    try {
      completion = await clientOf(sdk).chat.completions.create(
        {
          model: options.model,
          messages: [
            { role: "system", content: request.system },
            { role: "user", content: request.prompt },
          ],
          // strict: false because local servers and Gemini's compatibility layer differ in
          // which schema keywords strict mode accepts; the caller validates the answer anyway.
          response_format: {
            type: "json_schema",
            json_schema: { name: request.schemaName, schema: request.schema, strict: false },
          },
          temperature: 0,
        },
        { signal, timeout: timeoutMs, maxRetries: 0 },
      );
    } catch (error) {
      throw fallbackFailure(error, signal, timeoutMs, sdk);
    }

    const parsed = chatCompletion.safeParse(completion);
    if (!parsed.success) {
      throw new IntegrationError(FALLBACK, "malformed", "The fallback model's answer was not a chat completion");
    }
    const choice = parsed.data.choices[0];
    const text = choice?.message.content ?? "";
    if (text.trim() === "") {
      const why = choice?.message.refusal ? "it refused" : `finish reason ${reasonWord(choice?.finish_reason)}`;
      throw new IntegrationError(FALLBACK, "malformed", `The fallback model returned no text (${why})`);
    }
    assertJson(FALLBACK, text, reasonWord(choice?.finish_reason));
    return { text, route: "fallback", model: options.model };
  }

  return {
    generateJson(request) {
      return withRetries((signal) => generateOnce(request, signal), retry);
    },
  };
}

/** Our own words for a failure: the server's error message is never passed on (it may echo the key). */
function fallbackFailure(error: unknown, signal: AbortSignal, timeoutMs: number, sdk: OpenAiSdk): IntegrationError {
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  const late = `The fallback model did not answer within ${timeoutMs} ms`;
  if (tooLarge(error)) return new IntegrationError(FALLBACK, "malformed", `The fallback model's ${TOO_LARGE}`);
  // Order matters: the abort and connection errors are APIErrors without a status.
  if (signal.aborted || error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError) {
    return new IntegrationError(FALLBACK, "timeout", late);
  }
  if (error instanceof APIConnectionError) {
    return new IntegrationError(FALLBACK, "network", "Could not reach the fallback model");
  }
  if (error instanceof APIError && typeof error.status === "number") {
    const status = error.status;
    if (status === 401 || status === 403) {
      return new IntegrationError(FALLBACK, "auth", `The fallback model rejected the API key (${status})`, undefined, status);
    }
    if (status === 429) {
      const headers = error.headers;
      const retryAfterMs =
        parseRetryAfterMs(headers?.get("retry-after-ms") ?? null) ?? parseRetryAfter(headers?.get("retry-after") ?? null, new Date());
      return new IntegrationError(FALLBACK, "rate_limited", "The fallback model is rate limiting us (429)", retryAfterMs, status);
    }
    if (status === 408) return new IntegrationError(FALLBACK, "timeout", late, undefined, status);
    if (status >= 500)
      return new IntegrationError(FALLBACK, "server", `The fallback model had a server error (${status})`, undefined, status);
    return new IntegrationError(FALLBACK, "bad_request", `The fallback model refused the request (${status})`, undefined, status);
  }
  if (error instanceof SyntaxError) {
    return new IntegrationError(FALLBACK, "malformed", "The fallback model answered with something that is not JSON");
  }
  if (isAbortLike(error)) return new IntegrationError(FALLBACK, "timeout", late);
  return new IntegrationError(FALLBACK, "network", "Could not get an answer from the fallback model");
}

/** OpenAI's own servers send `retry-after-ms`, more precise than Retry-After. */
function parseRetryAfterMs(header: string | null): number | undefined {
  if (header === null || !/^\d+(\.\d+)?$/.test(header.trim())) return undefined;
  return Math.round(Number(header.trim()));
}

// ---------------------------------------------------------------------------------------------
// Shared

/** A cut-off or chatty answer is useless to the caller; failing here lets the router fall back. */
/**
 * Finish and block reasons come from the service; a message repeats one only when it is a name
 * the APIs define (Gemini's FinishReason and BlockReason, OpenAI's finish_reason).
 */
const REASON_WORDS = new Set([
  "STOP",
  "MAX_TOKENS",
  "SAFETY",
  "RECITATION",
  "LANGUAGE",
  "OTHER",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "MALFORMED_FUNCTION_CALL",
  "IMAGE_SAFETY",
  "UNEXPECTED_TOOL_CALL",
  "FINISH_REASON_UNSPECIFIED",
  "BLOCK_REASON_UNSPECIFIED",
  "stop",
  "length",
  "tool_calls",
  "content_filter",
  "function_call",
]);

function reasonWord(reason: string | null | undefined): string {
  if (!reason) return "none";
  return REASON_WORDS.has(reason) ? reason : "unrecognised";
}

function assertJson(service: string, text: string, finishReason: string): void {
  try {
    JSON.parse(text);
  } catch {
    const why = finishReason !== "none" && !/^stop$/i.test(finishReason) ? ` (finish reason ${finishReason})` : "";
    throw new IntegrationError(service, "malformed", `The model's answer is not valid JSON${why}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Routing

export function createModelRouter(
  primary: LanguageModel | undefined,
  fallback: LanguageModel | undefined,
  onCall?: (call: ModelCall) => void,
): LanguageModel | undefined {
  const routes = [
    ...(primary ? [{ route: "primary" as const, model: primary }] : []),
    ...(fallback ? [{ route: "fallback" as const, model: fallback }] : []),
  ];
  if (routes.length === 0) return undefined;

  return {
    async generateJson(request) {
      let lastFailure: IntegrationError | undefined;
      for (const { route, model } of routes) {
        try {
          const answer = await model.generateJson(request);
          onCall?.({ route, ok: true });
          return { ...answer, route };
        } catch (error) {
          // Anything else is a bug in our code; a second model would not fix it.
          if (!(error instanceof IntegrationError)) throw error;
          onCall?.({ route, ok: false, failure: error.failure });
          lastFailure = error;
        }
      }
      throw lastFailure;
    },
  };
}

export type ModelConfig = {
  GEMINI_API_KEY?: string;
  GEMINI_MODEL: string;
  GEMINI_BASE_URL?: string;
  LLM_FALLBACK_BASE_URL?: string;
  LLM_FALLBACK_API_KEY?: string;
  LLM_FALLBACK_MODEL?: string;
};

export function modelFromConfig(config: ModelConfig, onCall?: (call: ModelCall) => void): LanguageModel | undefined {
  const primary = config.GEMINI_API_KEY
    ? createGeminiModel({ apiKey: config.GEMINI_API_KEY, model: config.GEMINI_MODEL, baseUrl: config.GEMINI_BASE_URL })
    : undefined;
  const fallback = config.LLM_FALLBACK_BASE_URL
    ? createOpenAiCompatibleModel({
        baseUrl: config.LLM_FALLBACK_BASE_URL,
        // Local servers (Ollama, vLLM) ignore the key, but the SDK insists on one.
        apiKey: config.LLM_FALLBACK_API_KEY ?? "unused",
        model: config.LLM_FALLBACK_MODEL ?? config.GEMINI_MODEL,
      })
    : undefined;
  return createModelRouter(primary, fallback, onCall);
}
