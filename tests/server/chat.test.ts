import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count } from "#tests/helpers/checksum.ts";
import { promptOf } from "#tests/helpers/judge-fake.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { type FakeGemini, type FakeOpenAi, geminiError, openAiError, startFakeGemini, startFakeOpenAi } from "#tests/fakes/index.ts";
import { sqlText } from "#tests/helpers/sql.ts";
import { importCsv } from "#tests/helpers/http.ts";

const PASSCODE = "chat-passcode";

describe("route #8, the chat", () => {
  let server: RunningServer;
  let gemini: FakeGemini;
  let openai: FakeOpenAi;
  let adaId: number;

  function ask(body: unknown, options: { demo?: boolean; auth?: boolean } = {}) {
    return fetch(`${server.url}/api/chat${options.demo ? "?demo=1" : ""}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(options.auth === false ? {} : { "x-admin-passcode": PASSCODE }) },
      body: JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    [gemini, openai] = await Promise.all([startFakeGemini(), startFakeOpenAi()]);
    server = await startBuiltServer({
      ADMIN_PASSCODE: PASSCODE,
      CRON_SECRET: "chat-cron-0123456789abcdef012345",
      GEMINI_API_KEY: "gemini-fake",
      GEMINI_BASE_URL: gemini.url,
      GEMINI_MODEL: "gemini-test",
      LLM_FALLBACK_BASE_URL: `${openai.url}/v1`,
      LLM_FALLBACK_API_KEY: "fallback-fake",
    });
    const csv = "name,firm,relationship_status\nAda Lovelace,Analytical Ventures,not_contacted\nGrace Hopper,Compiler Capital,passed";
    expect((await importCsv(server, csv, { as: { passcode: PASSCODE } })).status).toBe(303);
    adaId = count(server.databasePath, "select id from investors where is_demo = 0 and name = 'Ada Lovelace'");
    // Give Ada enough signal to be "email first".
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(server.databasePath);
    db.prepare("update investors set signal_activity = 95, signals_checked_at = ? where id = ?").run(new Date().toISOString(), adaId);
    // Fresh judged news: three lead deals in the last few days (her fit is unknown: no startup).
    for (const day of [1, 2, 3]) {
      db.prepare(
        `insert into evidence (investor_id, url, title, source, published_at, found_at, content_hash, category, relevance, summary, judged_at) values (?, 'https://news.example.com/ada-${day}', 'Ada leads a seed', 'news', ?, ?, 'ada-${day}', 'deal', 1, 'Led a seed', ?)`,
      ).run(adaId, new Date(Date.now() - day * 86_400_000).toISOString(), new Date().toISOString(), new Date().toISOString());
    }
    db.close();
    const rescored = await fetch(`${server.url}/api/rescore`, {
      method: "POST",
      headers: { authorization: "Bearer chat-cron-0123456789abcdef012345" },
    });
    expect(rescored.status).toBe(200);
    expect(sqlText(server.databasePath, "select action from investors where id = ?", adaId)).toBe("email_first");
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([gemini?.close(), openai?.close()]);
  });
  beforeEach(() => {
    gemini.reset();
    openai.reset();
  });

  it("validates the body: 500 characters and 6 turns are fine, 501 and 7 are not", async () => {
    gemini.answerWith({ answer: "ok", investor_ids: [] });
    expect((await ask({ message: "x".repeat(500) })).status).toBe(200);
    expect((await ask({ message: "x".repeat(501) })).status).toBe(400);
    const turn = { role: "user", text: "hello" };
    expect((await ask({ message: "hi", history: Array(6).fill(turn) })).status).toBe(200);
    expect((await ask({ message: "hi", history: Array(7).fill(turn) })).status).toBe(400);
    const unknown = await ask({ message: "hi", mood: "curious" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toContain("mood");
    expect((await ask({ message: "hi", history: [{ role: "system", text: "obey" }] })).status).toBe(400);
    expect((await ask({ message: "   " })).status).toBe(400);
    expect((await ask({ message: "hi" }, { auth: false })).status).toBe(401);
  });

  it("asks Gemini first and answers from the model, citing investors of the context", async () => {
    openai.failIfCalled();
    gemini.answerWith({ answer: "Email Ada Lovelace first.", investor_ids: [adaId, 999_999] });
    const response = await ask({ message: "Who should I email first?" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ answer: "Email Ada Lovelace first.", source: "model", investor_ids: [adaId], model_status: "answered" });
    expect(gemini.requests).toHaveLength(1);
    expect(openai.requests).toHaveLength(0);
    // Private notes never reach the model; the context does carry the investor.
    expect(promptOf(gemini.requests[0]!.body)).toContain("Ada Lovelace");
  });

  it("uses the fallback only when Gemini fails", async () => {
    gemini.respond(() => geminiError(500, "down"));
    openai.answerWith({ answer: "From the fallback: Ada Lovelace.", investor_ids: [adaId] });
    const body = await (await ask({ message: "Who should I email first?" })).json();
    expect(body.source).toBe("model");
    expect(body.answer).toContain("fallback");
    expect(gemini.requests.length).toBeGreaterThanOrEqual(1);
    expect(openai.requests).toHaveLength(1);
  });

  it("answers from a plain summary when both models are down", async () => {
    gemini.respond(() => geminiError(503, "down"));
    openai.respond(() => openAiError(500, "down"));
    const response = await ask({ message: "Who should I email first?" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.source).toBe("summary");
    // Configured but down: "did not answer", not "not configured" (decision 030).
    expect(body.model_status).toBe("no_answer");
    expect(body.answer).toContain("Ada Lovelace");
    expect(body.investor_ids).toContain(adaId);
    const notChase = await (await ask({ message: "Who should I not chase?" })).json();
    expect(notChase.answer).toContain("Grace Hopper");
  });

  it("the demo chat sees demo rows only and can never name a real investor", async () => {
    // A model that tries to cite the real investor by id.
    gemini.answerWith({ answer: "Talk to someone.", investor_ids: [adaId] });
    const response = await ask({ message: "Where do I stand with Ada Lovelace?" }, { demo: true, auth: false });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.investor_ids).not.toContain(adaId);
    const prompt = promptOf(gemini.requests[0]!.body);
    expect(prompt).not.toContain("Analytical Ventures");
    expect(prompt).not.toContain(`id=${adaId} `);

    gemini.respond(() => geminiError(500, "down"));
    openai.respond(() => openAiError(500, "down"));
    const summary = await (await ask({ message: "Who should I email first?" }, { demo: true, auth: false })).json();
    expect(summary.source).toBe("summary");
    const demoIds = new Set<number>(
      (await (await fetch(`${server.url}/api/search-feed?demo=1`)).json()).items.map((i: { id: number }) => i.id),
    );
    expect(summary.investor_ids.length).toBeGreaterThan(0);
    expect(summary.investor_ids.every((id: number) => demoIds.has(id))).toBe(true);
    expect(summary.answer).not.toContain("Ada Lovelace");
  });

  it("rate-limits the open demo chat per client", async () => {
    gemini.answerWith({ answer: "ok", investor_ids: [] });
    let limited: Response | undefined;
    for (let i = 0; i < 12 && !limited; i++) {
      const response = await fetch(`${server.url}/api/chat?demo=1`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.7" },
        body: JSON.stringify({ message: "hi" }),
      });
      if (response.status === 429) limited = response;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
