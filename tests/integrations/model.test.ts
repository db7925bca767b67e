import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IntegrationError } from "#app/integrations/errors.ts";
import { createGeminiModel, createModelRouter, createOpenAiCompatibleModel, modelFromConfig } from "#app/integrations/model.server.ts";
import type { JsonRequest, ModelCall } from "#app/integrations/model.server.ts";
import {
  chatCompletion,
  geminiAnswer,
  geminiError,
  openAiError,
  startEndlessServer,
  startFakeGemini,
  startFakeOpenAi,
} from "#tests/fakes/index.ts";
import type { FakeGemini, FakeOpenAi } from "#tests/fakes/index.ts";

const GEMINI_KEY = "gemini-test-SECRET-91f2";
const FALLBACK_KEY = "fallback-test-SECRET-83ac";
const MODEL = "gemini-test-model";

const verdictSchema = {
  type: "object",
  properties: {
    relevant: { type: "boolean" },
    signal: { type: "string", enum: ["new_fund", "new_investment", "none"] },
  },
  required: ["relevant", "signal"],
};

const request: JsonRequest = {
  system: "You judge whether a news item is about this investor.",
  prompt: "Investor: Jane Doe. Article: Jane Doe led a seed round.",
  schema: verdictSchema,
  schemaName: "evidence_verdict",
};

const verdict = { relevant: true, signal: "new_investment" };

let gemini: FakeGemini;
let openai: FakeOpenAi;
let waits: number[];
const sleep = async (ms: number) => void waits.push(ms);

beforeAll(async () => {
  [gemini, openai] = await Promise.all([startFakeGemini({ apiKey: GEMINI_KEY }), startFakeOpenAi({ apiKey: FALLBACK_KEY })]);
});
afterAll(() => Promise.all([gemini.close(), openai.close()]));
beforeEach(() => {
  gemini.reset();
  openai.reset();
  waits = [];
});

function geminiModel(options: { timeoutMs?: number; retries?: number; apiKey?: string } = {}) {
  return createGeminiModel({ apiKey: GEMINI_KEY, model: MODEL, baseUrl: gemini.url, sleep, ...options });
}

function fallbackModel(options: { timeoutMs?: number; retries?: number; apiKey?: string } = {}) {
  return createOpenAiCompatibleModel({ baseUrl: `${openai.url}/v1`, apiKey: FALLBACK_KEY, model: MODEL, sleep, ...options });
}

/** Awaits an expected failure; no key may appear in what a log would print. */
async function failure(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => expect.fail("the call should have failed"),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  const printed = `${(error as Error).message}\n${(error as Error).stack}`;
  expect(printed).not.toContain(GEMINI_KEY);
  expect(printed).not.toContain(FALLBACK_KEY);
  return error as IntegrationError;
}

describe("Gemini through @google/genai", () => {
  it("sends the prompt with a JSON schema to v1beta and returns the JSON text", async () => {
    gemini.answerWith(verdict);
    const answer = await geminiModel().generateJson(request);

    expect(JSON.parse(answer.text)).toEqual(verdict);
    expect(answer).toMatchObject({ route: "primary", model: MODEL });

    expect(gemini.requests).toHaveLength(1);
    const sent = gemini.requests[0]!;
    expect(sent.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(sent.headers["x-goog-api-key"]).toBe(GEMINI_KEY);
    expect(sent.body.generationConfig).toMatchObject({
      responseMimeType: "application/json",
      responseJsonSchema: verdictSchema,
      temperature: 0,
    });
    expect(sent.body.systemInstruction.parts[0].text).toBe(request.system);
    expect(sent.body.contents[0].parts[0].text).toBe(request.prompt);
    expect(sent.body.tools).toBeUndefined();
  });

  it("honours Retry-After on a 429, then succeeds", async () => {
    // The header wins over the RetryInfo detail when both are present.
    gemini.queue(
      geminiError(429, "Resource has been exhausted (e.g. check quota).", {
        retryAfterSeconds: 9,
        headers: { "retry-after": "2" },
      }),
    );
    gemini.answerWith(verdict);
    const answer = await geminiModel().generateJson(request);
    expect(JSON.parse(answer.text)).toEqual(verdict);
    expect(waits).toEqual([2_000]);
    expect(gemini.requests).toHaveLength(2);
  });

  it("falls back on Google's RetryInfo when there is no Retry-After header", async () => {
    const reply = geminiError(429, "Quota exceeded", { retryAfterSeconds: 7 });
    reply.headers = {};
    gemini.queue(reply);
    await geminiModel().generateJson(request);
    expect(waits).toEqual([7_000]);
  });

  it("retries a 500 once by default and gives up with 'server' after two requests", async () => {
    gemini.respond(() => geminiError(500, "An internal error has occurred."));
    const error = await failure(geminiModel().generateJson(request));
    expect(error).toMatchObject({ service: "gemini", failure: "server" });
    expect(gemini.requests).toHaveLength(2);
  });

  it("treats 503 as a server failure, in our words, not Google's", async () => {
    gemini.respond(() => geminiError(503, "The model is overloaded. Please try again later."));
    const error = await failure(geminiModel({ retries: 0 }).generateJson(request));
    expect(error.failure).toBe("server");
    expect(error.status).toBe(503);
    expect(error.message).toBe("Gemini had a server error (503 UNAVAILABLE)");
  });

  it("reports a slow answer as a timeout", async () => {
    gemini.respond(() => ({ ...geminiAnswer("{}"), delayMs: 2_000 }));
    const error = await failure(geminiModel({ timeoutMs: 200, retries: 0 }).generateJson(request));
    expect(error.failure).toBe("timeout");
    expect(gemini.requests).toHaveLength(1);
  });

  it("reports a body that is not JSON as malformed, once", async () => {
    gemini.respond(() => ({ raw: "<html>502 from a proxy</html>", headers: { "content-type": "application/json" } }));
    const error = await failure(geminiModel().generateJson(request));
    expect(error.failure).toBe("malformed");
    expect(gemini.requests).toHaveLength(1);
  });

  it("reports an answer whose text is not JSON as malformed, once", async () => {
    gemini.respond(() => geminiAnswer('Sure! Here is the JSON: {"relevant": tr', { finishReason: "MAX_TOKENS" }));
    const error = await failure(geminiModel().generateJson(request));
    expect(error.failure).toBe("malformed");
    expect(error.message).toContain("MAX_TOKENS");
    expect(gemini.requests).toHaveLength(1);
  });

  it("reports an empty answer as malformed", async () => {
    gemini.respond(() => ({ json: { candidates: [{ content: { parts: [] }, finishReason: "SAFETY" }] } }));
    const error = await failure(geminiModel().generateJson(request));
    expect(error.failure).toBe("malformed");
    expect(error.message).toContain("SAFETY");
  });

  it("reports Google's 400 API_KEY_INVALID as auth, without echoing the key", async () => {
    const error = await failure(geminiModel({ apiKey: "wrong-gemini-key-1234" }).generateJson(request));
    expect(error.failure).toBe("auth");
    expect(error.message).not.toContain("wrong-gemini-key-1234");
    expect(gemini.requests).toHaveLength(1);
  });

  it("reports other 4xx answers as bad_request, once", async () => {
    gemini.respond(() => geminiError(400, "Invalid JSON payload received."));
    const error = await failure(geminiModel().generateJson(request));
    expect(error.failure).toBe("bad_request");
    expect(gemini.requests).toHaveLength(1);
  });
});

describe("the OpenAI-compatible fallback through openai", () => {
  it("asks for a json_schema response and returns the JSON text", async () => {
    openai.answerWith(verdict);
    const answer = await fallbackModel().generateJson(request);

    expect(JSON.parse(answer.text)).toEqual(verdict);
    expect(answer).toMatchObject({ route: "fallback", model: MODEL });

    expect(openai.requests).toHaveLength(1);
    const sent = openai.requests[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe(`Bearer ${FALLBACK_KEY}`);
    expect(sent.body).toMatchObject({
      model: MODEL,
      messages: [
        { role: "system", content: request.system },
        { role: "user", content: request.prompt },
      ],
      response_format: {
        type: "json_schema",
        json_schema: { name: "evidence_verdict", schema: verdictSchema, strict: false },
      },
      temperature: 0,
    });
  });

  it("honours Retry-After on a 429, then succeeds", async () => {
    openai.queue(openAiError(429, "Rate limit reached", { retryAfterSeconds: 4 }));
    await fallbackModel().generateJson(request);
    expect(waits).toEqual([4_000]);
    expect(openai.requests).toHaveLength(2);
  });

  it("retries a 500 once by default, and the SDK adds no retries of its own", async () => {
    openai.respond(() => openAiError(500, "The server had an error while processing your request."));
    const error = await failure(fallbackModel().generateJson(request));
    expect(error).toMatchObject({ service: "llm-fallback", failure: "server" });
    expect(openai.requests).toHaveLength(2);
  });

  it("reports a slow answer as a timeout", async () => {
    openai.respond(() => ({ ...chatCompletion("{}"), delayMs: 2_000 }));
    const error = await failure(fallbackModel({ timeoutMs: 200, retries: 0 }).generateJson(request));
    expect(error.failure).toBe("timeout");
    expect(openai.requests).toHaveLength(1);
  });

  it("reports a wrong key as auth, without echoing it", async () => {
    const error = await failure(fallbackModel({ apiKey: "sk-wrong-fallback-5678" }).generateJson(request));
    expect(error.failure).toBe("auth");
    expect(error.message).not.toContain("sk-wrong-fallback-5678");
    expect(openai.requests).toHaveLength(1);
  });

  it("reports broken bodies and empty answers as malformed, once each", async () => {
    openai.queue({ raw: "{not json", headers: { "content-type": "application/json" } });
    expect((await failure(fallbackModel().generateJson(request))).failure).toBe("malformed");
    openai.queue(chatCompletion(null));
    expect((await failure(fallbackModel().generateJson(request))).failure).toBe("malformed");
    openai.queue({ json: { object: "error" } });
    expect((await failure(fallbackModel().generateJson(request))).failure).toBe("malformed");
    expect(openai.requests).toHaveLength(3);
  });
});

describe("the model router", () => {
  it("uses Gemini alone when it answers, never touching the fallback", async () => {
    gemini.answerWith(verdict);
    openai.failIfCalled();
    const calls: ModelCall[] = [];
    const router = createModelRouter(geminiModel(), fallbackModel(), (call) => calls.push(call));

    const answer = await router!.generateJson(request);
    expect(answer.route).toBe("primary");
    expect(JSON.parse(answer.text)).toEqual(verdict);
    expect(gemini.requests).toHaveLength(1);
    expect(openai.requests).toHaveLength(0);
    expect(calls).toEqual([{ route: "primary", ok: true }]);
  });

  it("falls back only after Gemini has failed", async () => {
    const order: string[] = [];
    gemini.respond(() => {
      order.push("gemini");
      return geminiError(503, "The model is overloaded.");
    });
    openai.respond((body) => {
      order.push("fallback");
      return chatCompletion(JSON.stringify(verdict), { model: body.model });
    });
    const calls: ModelCall[] = [];
    const router = createModelRouter(geminiModel({ retries: 1 }), fallbackModel(), (call) => calls.push(call));

    const answer = await router!.generateJson(request);
    expect(answer.route).toBe("fallback");
    expect(JSON.parse(answer.text)).toEqual(verdict);
    expect(order).toEqual(["gemini", "gemini", "fallback"]);
    expect(calls).toEqual([
      { route: "primary", ok: false, failure: "server" },
      { route: "fallback", ok: true },
    ]);
  });

  it("throws the last failure and reports both failed calls when both are down", async () => {
    gemini.respond(() => geminiError(500, "down"));
    openai.respond(() => openAiError(429, "slow down"));
    const calls: ModelCall[] = [];
    const router = createModelRouter(geminiModel({ retries: 0 }), fallbackModel({ retries: 0 }), (call) => calls.push(call));

    const error = await failure(router!.generateJson(request));
    expect(error).toMatchObject({ service: "llm-fallback", failure: "rate_limited" });
    expect(calls).toEqual([
      { route: "primary", ok: false, failure: "server" },
      { route: "fallback", ok: false, failure: "rate_limited" },
    ]);
    expect(gemini.requests).toHaveLength(1);
    expect(openai.requests).toHaveLength(1);
  });

  it("is absent when no model is configured, and uses the fallback alone when only it is", async () => {
    expect(createModelRouter(undefined, undefined)).toBeUndefined();
    openai.answerWith(verdict);
    const answer = await createModelRouter(undefined, fallbackModel())!.generateJson(request);
    expect(answer.route).toBe("fallback");
    expect(gemini.requests).toHaveLength(0);
  });

  it("lets bugs through without trying the fallback", async () => {
    openai.failIfCalled();
    const bug = new TypeError("cannot read properties of undefined");
    const broken = { generateJson: () => Promise.reject(bug) };
    await expect(createModelRouter(broken, fallbackModel())!.generateJson(request)).rejects.toBe(bug);
    expect(openai.requests).toHaveLength(0);
  });
});

describe("modelFromConfig", () => {
  it("builds nothing without a Gemini key or a fallback URL", () => {
    expect(modelFromConfig({ GEMINI_MODEL: MODEL })).toBeUndefined();
    // A fallback key alone is not a fallback: it needs somewhere to go.
    expect(modelFromConfig({ GEMINI_MODEL: MODEL, LLM_FALLBACK_API_KEY: FALLBACK_KEY })).toBeUndefined();
  });

  it("points Gemini at GEMINI_BASE_URL and reports calls", async () => {
    gemini.answerWith(verdict);
    const calls: ModelCall[] = [];
    const model = modelFromConfig({ GEMINI_API_KEY: GEMINI_KEY, GEMINI_MODEL: MODEL, GEMINI_BASE_URL: gemini.url }, (call) =>
      calls.push(call),
    );
    const answer = await model!.generateJson(request);
    expect(answer).toMatchObject({ route: "primary", model: MODEL });
    expect(calls).toEqual([{ route: "primary", ok: true }]);
  });

  it("gives the fallback Gemini's model name and a placeholder key when none are set", async () => {
    const open = await startFakeOpenAi(); // no key check: a local server
    try {
      const model = modelFromConfig({ GEMINI_MODEL: MODEL, LLM_FALLBACK_BASE_URL: `${open.url}/v1` });
      const answer = await model!.generateJson(request);
      expect(answer).toMatchObject({ route: "fallback", model: MODEL });
      expect(open.requests[0]!.body.model).toBe(MODEL);
      expect(open.requests[0]!.headers.authorization).toBe("Bearer unused");
    } finally {
      await open.close();
    }
  });
});

describe("a model answering without end", () => {
  // 64 MB of one answer, streamed without a length: both SDKs read a body whole before parsing it.
  const endless = () => startEndlessServer({ head: '{"candidates":[', chunk: `"${"x".repeat(65_534)}",`, totalBytes: 64 * 1024 * 1024 });

  it.each([
    ["Gemini's", (url: string) => createGeminiModel({ apiKey: GEMINI_KEY, model: MODEL, baseUrl: url, sleep, retries: 0 })],
    [
      "the fallback's",
      (url: string) => createOpenAiCompatibleModel({ baseUrl: `${url}/v1`, apiKey: FALLBACK_KEY, model: MODEL, sleep, retries: 0 }),
    ],
  ] as const)("%s answer is refused as malformed past its cap, once", async (_name, makeModel) => {
    const server = await endless();
    try {
      const error = await failure(makeModel(server.url).generateJson(request));
      expect(error.failure).toBe("malformed");
      expect(error.message).toContain("larger than");
      expect(server.bytesSent()).toBeLessThan(16 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });
});
