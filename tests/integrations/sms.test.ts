import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IntegrationError } from "#app/integrations/errors.ts";
import { createTwilioSender, senderFromConfig } from "#app/integrations/sms.server.ts";
import { startFakeServer } from "#tests/fakes/fake-server.ts";
import { startFakeTwilio, twilioError } from "#tests/fakes/twilio.ts";
import type { FakeTwilio } from "#tests/fakes/twilio.ts";

// Built at run time so it never looks like a real committed SID.
const ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
const AUTH_TOKEN = "twilio-test-SECRET-9f8e7d6c";
const FROM = "+15005550006";
const TO = "+447700900123";

describe("Twilio sender against the fake, through the real SDK", () => {
  let fake: FakeTwilio;

  beforeAll(async () => {
    fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  function sender(options: { from?: string; authToken?: string; timeoutMs?: number } = {}) {
    return createTwilioSender({
      accountSid: ACCOUNT_SID,
      authToken: options.authToken ?? AUTH_TOKEN,
      from: options.from ?? FROM,
      baseUrl: fake.url,
      timeoutMs: options.timeoutMs,
    });
  }

  /** Runs a send expected to fail and checks the auth token never leaks into the error. */
  async function failure(promise: Promise<unknown>): Promise<IntegrationError> {
    const error = await promise.then(
      () => expect.fail("the send should have failed"),
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(IntegrationError);
    const integrationError = error as IntegrationError;
    expect(integrationError.service).toBe("twilio");
    expect(`${integrationError.message}\n${integrationError.stack}`).not.toContain(AUTH_TOKEN);
    expect(JSON.stringify(integrationError)).not.toContain(AUTH_TOKEN);
    return integrationError;
  }

  it("sends exactly one message with To, From and Body, authenticated with Basic auth", async () => {
    const body = "Pipeline 22 Nov: Email first: Ada Lovelace (Analytical). Follow-ups due: 3.";
    const sent = await sender().send(TO, body);

    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.status).toBe("queued");
    expect(sent.segments).toBe(1);
    expect(fake.messages).toEqual([{ to: TO, from: FROM, body }]);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`);
    expect(request.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers["user-agent"]).toMatch(/^twilio-node\//);
    expect(new URLSearchParams(request.body as string).get("Body")).toBe(body);
  });

  it("reports the segments Twilio bills: two for a 300-character GSM-7 message, UCS-2 for emoji", async () => {
    expect((await sender().send(TO, "x".repeat(300))).segments).toBe(2);
    expect((await sender().send(TO, "🚀".repeat(40))).segments).toBe(2);
    expect(fake.messages).toHaveLength(2);
  });

  it("sends by WhatsApp when TWILIO_FROM says so, prefixing the recipient once", async () => {
    const whatsapp = sender({ from: "whatsapp:+14155238886" });
    await whatsapp.send(TO, "hello");
    await whatsapp.send(`whatsapp:${TO}`, "again");
    expect(fake.messages).toEqual([
      { to: `whatsapp:${TO}`, from: "whatsapp:+14155238886", body: "hello" },
      { to: `whatsapp:${TO}`, from: "whatsapp:+14155238886", body: "again" },
    ]);
  });

  it("sends a plain SMS to a recipient written with a stray whatsapp: prefix", async () => {
    await sender().send(`whatsapp:${TO}`, "hello");
    expect(fake.messages).toEqual([{ to: TO, from: FROM, body: "hello" }]);
  });

  it("maps a wrong auth token (401, code 20003) to an auth failure without the token", async () => {
    const wrongToken = "twilio-WRONG-token-123456";
    const error = await failure(sender({ authToken: wrongToken }).send(TO, "hello"));
    expect(error.failure).toBe("auth");
    expect(error.message).toBe("Twilio rejected the account SID or auth token (401, code 20003)");
    expect(error.message).not.toContain(wrongToken);
    expect(fake.messages).toEqual([]);
  });

  it("maps a 500 to a server failure and does not retry", async () => {
    fake.queue(twilioError(500, 20500, "Internal Server Error"));
    const error = await failure(sender().send(TO, "hello"));
    expect(error.failure).toBe("server");
    expect(error.message).toBe("Twilio had a server error (500, code 20500)");
    expect(fake.requests).toHaveLength(1);
    expect(fake.messages).toEqual([]);
  });

  it("maps a 429 to rate_limited with Retry-After, without the SDK's own retry", async () => {
    fake.queue(twilioError(429, 20429, "Too Many Requests", { "Retry-After": "7" }));
    const error = await failure(sender().send(TO, "hello"));
    expect(error.failure).toBe("rate_limited");
    expect(error.retryAfterMs).toBe(7_000);
    expect(fake.requests).toHaveLength(1);
  });

  it("maps a 400 to bad_request and explains a known code in our words", async () => {
    fake.queue(twilioError(400, 21211, "The 'To' number +1555 is not a valid phone number."));
    const error = await failure(sender().send("+1555", "hello"));
    expect(error.failure).toBe("bad_request");
    expect(error.message).toContain("21211");
    expect(error.message).toContain("not a valid phone number");
  });

  it("never repeats Twilio's error text, which could echo the credentials", async () => {
    fake.queue(twilioError(400, 21000, `Bad credentials ${AUTH_TOKEN} in request`));
    const error = await failure(sender().send(TO, "hello"));
    expect(error.message).toBe("Twilio refused the message (400, code 21000)");
    expect(error.status).toBe(400);
  });

  it("maps a 201 that is not JSON to malformed", async () => {
    fake.queue({ status: 201, raw: "<html>oops</html>" });
    const error = await failure(sender().send(TO, "hello"));
    expect(error.failure).toBe("malformed");
  });

  it("gives up after timeoutMs when Twilio does not answer", async () => {
    fake.queue({ status: 201, json: {}, delayMs: 5_000 });
    const started = Date.now();
    const error = await failure(sender({ timeoutMs: 200 }).send(TO, "hello"));
    expect(error.failure).toBe("timeout");
    expect(error.message).toBe("Twilio did not answer within 200 ms");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("reports an unreachable Twilio as a network failure", async () => {
    const closed = await startFakeServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const unreachable = createTwilioSender({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, baseUrl: url });
    const error = await failure(unreachable.send(TO, "hello"));
    expect(error.failure).toBe("network");
  });

  it("refuses an account SID that is not one, before any request", () => {
    expect(() => createTwilioSender({ accountSid: "SK123", authToken: AUTH_TOKEN, from: FROM })).toThrow(
      /TWILIO_ACCOUNT_SID must start with AC/,
    );
  });

  it("builds a working sender from the environment, TWILIO_BASE_URL included", async () => {
    const configured = senderFromConfig({
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: FROM,
      DIGEST_TO: TO,
      TWILIO_BASE_URL: fake.url,
    });
    if (configured.sender === undefined) return expect.fail(configured.reason);
    expect(configured.channel).toBe("sms");
    expect(configured.to).toBe(TO);
    await configured.sender.send(configured.to ?? "", "from config");
    expect(fake.messages).toEqual([{ to: TO, from: FROM, body: "from config" }]);
  });
});

describe("senderFromConfig", () => {
  it("names every missing variable, and only the names", () => {
    expect(senderFromConfig({})).toEqual({
      sender: undefined,
      reason: "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, DIGEST_TO are not set",
    });
    const partial = senderFromConfig({ TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: FROM });
    expect(partial).toEqual({ sender: undefined, reason: "TWILIO_ACCOUNT_SID, DIGEST_TO are not set" });
    expect(JSON.stringify(partial)).not.toContain(AUTH_TOKEN);
  });

  it("treats blank values as missing and uses 'is' for one", () => {
    expect(senderFromConfig({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: "  ", TWILIO_FROM: FROM, DIGEST_TO: TO })).toEqual({
      sender: undefined,
      reason: "TWILIO_AUTH_TOKEN is not set",
    });
  });

  it("says when the account SID is not an account SID", () => {
    expect(senderFromConfig({ TWILIO_ACCOUNT_SID: "SKabc", TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: FROM, DIGEST_TO: TO })).toEqual({
      sender: undefined,
      reason: "TWILIO_ACCOUNT_SID must start with AC",
    });
  });

  it("picks WhatsApp from a whatsapp: sender and prefixes the recipient", () => {
    const configured = senderFromConfig({
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: "whatsapp:+14155238886",
      DIGEST_TO: TO,
    });
    expect(configured).toMatchObject({ channel: "whatsapp", to: `whatsapp:${TO}` });
    expect(configured.sender).toBeDefined();
  });
});
