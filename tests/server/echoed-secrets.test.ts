import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signIn } from "#tests/helpers/session.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { sqlText } from "#tests/helpers/sql.ts";
import { importCsv } from "#tests/helpers/http.ts";
import {
  type FakeGemini,
  type FakeOpenAi,
  type FakeTavily,
  type FakeTwilio,
  type RecordedRequest,
  startFakeGemini,
  startFakeOpenAi,
  startFakeTavily,
  startFakeTwilio,
} from "#tests/fakes/index.ts";

/**
 * docs/product.md#security: nothing a remote service answers is shown in a page, stored in a run's errors or
 * logged verbatim. Every fake here answers errors that echo what it was sent: the credentials,
 * their base64 and their first characters, in the body and in a header.
 */
const PASSCODE = "echoed-secrets-passcode";
const CRON = "echoed-secrets-cron-0123456789ab";
const SID = `AC${"e".repeat(32)}`;
const TOKEN = "echo-twilio-token-5d41402abc4b2a76";
const TAVILY_KEY = "tvly-echo-4b2a76b9719d911017c592";
const GEMINI_KEY = "gemini-echo-9719d911017c59";
const FALLBACK_KEY = "sk-echo-fallback-911017c592b9";
const MARKER = "ECHO-MARKER-0b3e";

const markers = [
  MARKER,
  Buffer.from(`${SID}:${TOKEN}`).toString("base64"),
  TOKEN.slice(0, 12),
  TAVILY_KEY.slice(0, 12),
  GEMINI_KEY.slice(0, 12),
  FALLBACK_KEY.slice(0, 12),
];

/** What an echoing upstream says back: everything about the request's credentials. */
function echoOf(request: RecordedRequest): string {
  const credential = request.headers.authorization ?? request.headers["x-goog-api-key"] ?? "";
  const bare = credential.replace(/^(Bearer|Basic)\s+/i, "");
  const decoded = /^Basic /i.test(credential) ? Buffer.from(bare, "base64").toString("utf8") : bare;
  return `${MARKER} you sent ${credential} (${decoded.slice(0, 14)}..., ${Buffer.from(decoded).toString("base64")})`;
}

function expectNoMarker(where: string, text: string) {
  for (const marker of markers) expect(text.includes(marker), `${where} contains ${marker}`).toBe(false);
}

async function addInvestors(server: RunningServer, names: string[]) {
  const csv = ["name,firm", ...names.map((name) => `${name},Firm of ${name}`)].join("\n");
  expect((await importCsv(server, csv, { as: { passcode: PASSCODE } })).status).toBe(303);
}

async function refreshToTheEnd(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/cron/refresh`, { headers: { authorization: `Bearer ${CRON}` } });
  expect(response.status).toBe(202);
  const { run_id: runId } = (await response.json()) as { run_id: string };
  return vi.waitFor(
    () => {
      const status = sqlText(server.databasePath, "select status from runs where run_id = ?", runId);
      if (status !== "completed" && status !== "failed") throw new Error(`run stayed ${status}`);
      return runId;
    },
    { timeout: 15_000, interval: 50 },
  );
}

describe("an upstream that echoes our credentials", () => {
  let server: RunningServer;
  let tavily: FakeTavily;
  let gemini: FakeGemini;
  let openai: FakeOpenAi;
  let twilio: FakeTwilio;

  beforeAll(async () => {
    [tavily, gemini, openai, twilio] = await Promise.all([startFakeTavily(), startFakeGemini(), startFakeOpenAi(), startFakeTwilio()]);
    tavily.respond((_body, request) => ({
      status: 400,
      json: { detail: { error: echoOf(request) } },
      headers: { "x-echo": echoOf(request) },
    }));
    gemini.respond((_body, request) => ({
      status: 400,
      json: { error: { code: 400, message: echoOf(request), status: `${MARKER}_${TAVILY_KEY.slice(0, 12)}`, details: [] } },
      headers: { "x-echo": echoOf(request) },
    }));
    openai.respond((_body, request) => ({
      status: 422,
      json: { error: { message: echoOf(request), type: "invalid_request_error", param: null, code: MARKER } },
      headers: { "x-echo": echoOf(request) },
    }));
    twilio.respond((_body, request) => ({
      status: 400,
      json: { code: 21211, message: echoOf(request), more_info: `https://www.twilio.com/docs/errors/21211?${MARKER}`, status: 400 },
      headers: { "www-authenticate": echoOf(request) },
    }));
    server = await startBuiltServer({
      ADMIN_PASSCODE: PASSCODE,
      CRON_SECRET: CRON,
      TAVILY_API_KEY: TAVILY_KEY,
      TAVILY_BASE_URL: tavily.url,
      GEMINI_API_KEY: GEMINI_KEY,
      GEMINI_BASE_URL: gemini.url,
      GEMINI_MODEL: "gemini-test",
      LLM_FALLBACK_BASE_URL: `${openai.url}/v1`,
      LLM_FALLBACK_API_KEY: FALLBACK_KEY,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: "+15550000001",
      DIGEST_TO: "+15550000002",
      TWILIO_BASE_URL: twilio.url,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([tavily?.close(), gemini?.close(), openai?.close(), twilio?.close()]);
  });

  it("leaves no trace of what it said in run rows, pages, answers or logs, only our own sentences", async () => {
    // A refresh whose searches are refused…
    await addInvestors(server, ["Ada Lovelace", "Grace Hopper"]);
    const searchRun = await refreshToTheEnd(server);
    expect(tavily.requests.length).toBeGreaterThan(0);
    // …and one whose searches work but whose model calls (Gemini, then the fallback) are refused.
    tavily.reset();
    await addInvestors(server, ["Katherine Johnson", "Dorothy Vaughan"]);
    const modelRun = await refreshToTheEnd(server);
    expect(gemini.requests.length).toBeGreaterThan(0);
    expect(openai.requests.length).toBeGreaterThan(0);

    const db = new Database(server.databasePath, { readonly: true });
    const runs = db.prepare("select * from runs where run_id in (?, ?)").all(searchRun, modelRun) as Array<{
      run_id: string;
      errors: string;
    }>;
    db.close();
    expect(runs).toHaveLength(2);
    const errors = runs.flatMap((run) => JSON.parse(run.errors) as string[]);
    expect(errors.join("\n")).toContain("tavily bad_request: Tavily refused the request (400)");
    expect(errors.join("\n")).toContain("llm-fallback bad_request: The fallback model refused the request (422)");
    expectNoMarker("run rows", JSON.stringify(runs));

    const digest = await fetch(`${server.url}/api/cron/digest`, { headers: { authorization: `Bearer ${CRON}` } });
    expect(digest.status).toBe(200);
    const digestBody = await digest.text();
    expect(JSON.parse(digestBody)).toMatchObject({ sent: false, reason: expect.stringContaining("code 21211") });
    expectNoMarker("the digest", digestBody);

    const chat = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
      body: JSON.stringify({ message: "Who should I email first?" }),
    });
    expect(chat.status).toBe(200);
    const chatBody = await chat.text();
    expect(JSON.parse(chatBody).source).toBe("summary");
    expectNoMarker("the chat answer", chatBody);

    const startup = await fetch(`${server.url}/api/startups`, {
      method: "POST",
      headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
      body: JSON.stringify({ name: "Ledgerly", pitch: "Bookkeeping for small shops.", sector: "fintech", stage: "seed" }),
    });
    expect(startup.status).toBe(201);
    expectNoMarker("the new startup", await startup.text());

    const cookie = await signIn(server.url, PASSCODE);
    for (const path of ["/runs", "/", `/startups`]) {
      const page = await fetch(`${server.url}${path}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expectNoMarker(`the page ${path}`, await page.text());
    }
    expect(server.output()).toContain("digest not sent");
    expectNoMarker("the server's log", server.output());
  });
});
