import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntegrationError } from "#app/integrations/errors.ts";
import { createGeminiModel, createOpenAiCompatibleModel } from "#app/integrations/model.server.ts";
import { createTavilySearch } from "#app/integrations/search.server.ts";
import { createTwilioSender } from "#app/integrations/sms.server.ts";
import {
  type FakeServer,
  type RecordedRequest,
  startFakeGemini,
  startFakeOpenAi,
  startFakeTavily,
  startFakeTwilio,
} from "#tests/fakes/index.ts";

/**
 * Every client against a fake that echoes the request's credentials in its error body and a
 * header: the error we raise keeps a status, our code and our sentence, never the echo (docs/product.md#security).
 */
const SID = `AC${"f".repeat(32)}`;
const TOKEN = "echo-unit-twilio-token-77aa";
const KEY = "echo-unit-api-key-0c1d2e3f";
const MARKER = "ECHO-UNIT-MARKER";
const markers = [MARKER, KEY.slice(0, 10), TOKEN.slice(0, 10), Buffer.from(`${SID}:${TOKEN}`).toString("base64")];

function echoOf(request: RecordedRequest): string {
  const credential = request.headers.authorization ?? request.headers["x-goog-api-key"] ?? "";
  return `${MARKER} ${credential} ${KEY.slice(0, 10)} ${TOKEN.slice(0, 10)}`;
}

const sleep = async () => {};
let fakes: Record<"tavily" | "gemini" | "openai" | "twilio", FakeServer>;

beforeAll(async () => {
  const [tavily, gemini, openai, twilio] = await Promise.all([startFakeTavily(), startFakeGemini(), startFakeOpenAi(), startFakeTwilio()]);
  fakes = { tavily, gemini, openai, twilio };
});
afterAll(async () => {
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
});

const clients = {
  tavily: {
    body: (request: RecordedRequest) => ({ detail: { error: echoOf(request) } }),
    call: () => createTavilySearch({ apiKey: KEY, baseUrl: fakes.tavily.url, retries: 0, sleep }).search("anyone"),
  },
  gemini: {
    body: (request: RecordedRequest, status: number) => ({
      error: { code: status, message: echoOf(request), status: `${MARKER}_STATUS`, details: [] },
    }),
    call: () =>
      createGeminiModel({ apiKey: KEY, model: "m", baseUrl: fakes.gemini.url, retries: 0, sleep }).generateJson({
        system: "s",
        prompt: "p",
        schema: {},
        schemaName: "x",
      }),
  },
  openai: {
    body: (request: RecordedRequest) => ({ error: { message: echoOf(request), type: MARKER, param: null, code: MARKER } }),
    call: () =>
      createOpenAiCompatibleModel({ apiKey: KEY, model: "m", baseUrl: `${fakes.openai.url}/v1`, retries: 0, sleep }).generateJson({
        system: "s",
        prompt: "p",
        schema: {},
        schemaName: "x",
      }),
  },
  twilio: {
    body: (request: RecordedRequest, status: number) => ({
      code: 21000,
      message: echoOf(request),
      detail: echoOf(request),
      more_info: MARKER,
      status,
    }),
    call: () =>
      createTwilioSender({ accountSid: SID, authToken: TOKEN, from: "+15005550006", baseUrl: fakes.twilio.url }).send(
        "+447700900123",
        "hi",
      ),
  },
};

describe.each(Object.keys(clients) as Array<keyof typeof clients>)("%s answering errors that echo the credentials", (name) => {
  it.each([400, 401, 403, 422, 429, 500, 503])("%i: our sentence and status only", async (status) => {
    fakes[name].respond((_body, request) => ({
      status,
      json: clients[name].body(request, status),
      headers: { "x-echo": echoOf(request), "www-authenticate": echoOf(request) },
    }));
    const error = await clients[name].call().then(
      () => expect.fail("the call should have failed"),
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(IntegrationError);
    const failure = error as IntegrationError;
    for (const marker of markers) expect(failure.message).not.toContain(marker);
    expect(failure.message).not.toContain("ECHO");
    expect(failure.message).toContain(String(status));
    expect(failure.status).toBe(status);
    fakes[name].reset();
  });
});
