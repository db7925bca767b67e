import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { count } from "#tests/helpers/checksum.ts";
import { judgementFor, promptOf } from "#tests/helpers/judge-fake.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { type FakeGemini, type FakeTavily, newsResultsFor, startFakeGemini, startFakeTavily } from "#tests/fakes/index.ts";
import { importCsv } from "#tests/helpers/http.ts";

const PASSCODE = "chains-passcode";
const CRON = "chains-cron-0123456789abcdef0123";

function csvOf(names: string[]): string {
  return [
    "name,firm,relationship_status,personal_notes",
    ...names.map((name, i) => `${name},Firm ${i},${i % 3 === 0 ? "in_conversation" : "not_contacted"},Private note ${i}`),
  ].join("\n");
}

async function importNames(server: RunningServer, names: string[]) {
  const response = await importCsv(server, csvOf(names), { as: { passcode: PASSCODE } });
  expect(response.status).toBe(303);
}

function readRun(path: string, runId: string) {
  const db = new Database(path, { readonly: true });
  try {
    const row = db.prepare("select * from runs where run_id = ?").get(runId) as Record<string, any>;
    const queue = db.prepare("select investor_id from run_items where run_id = ? order by step").pluck().all(runId) as number[];
    return { ...row, queue, errors: JSON.parse(row.errors) as string[] } as Record<string, any> & {
      queue: number[];
      errors: string[];
    };
  } finally {
    db.close();
  }
}

function userOwned(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    return JSON.stringify([
      db.prepare("select id, relationship_status, last_contact_date, personal_notes from investors where is_demo = 0 order by id").all(),
      db.prepare("select * from contact_entries order by id").all(),
    ]);
  } finally {
    db.close();
  }
}

function waitFor(check: () => boolean, what: string, ms = 30_000) {
  return vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 50 },
  );
}

function searchesPerInvestor(tavily: FakeTavily): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of tavily.requests) counts.set(request.body.query, (counts.get(request.body.query) ?? 0) + 1);
  return counts;
}

describe("a refresh in a real child process", () => {
  let tavily: FakeTavily;
  let gemini: FakeGemini;
  let env: Record<string, string>;
  const names = Array.from({ length: 30 }, (_, i) => `Chain Investor ${String(i).padStart(2, "0")}`);

  beforeAll(async () => {
    [tavily, gemini] = await Promise.all([startFakeTavily(), startFakeGemini()]);
    gemini.answerWith((body: unknown) => judgementFor(promptOf(body)));
    // 150 ms a search and a 1-second budget per chain: 30 investors need several chains.
    tavily.respond((body) => ({ json: newsResultsFor(body), delayMs: 150 }));
    env = {
      ADMIN_PASSCODE: PASSCODE,
      CRON_SECRET: CRON,
      TAVILY_API_KEY: "tvly-fake",
      TAVILY_BASE_URL: tavily.url,
      GEMINI_API_KEY: "gemini-fake",
      GEMINI_BASE_URL: gemini.url,
      GEMINI_MODEL: "gemini-test",
      RUN_BUDGET_SECONDS: "1",
      REFRESH_CREDIT_BUDGET: "100",
    };
  });
  afterAll(async () => {
    await Promise.all([tavily?.close(), gemini?.close()]);
  });

  it("works 30 investors over at least three chains, each exactly once, user-owned columns untouched even by a concurrent edit", async () => {
    tavily.requests.length = 0;
    const server = await startBuiltServer(env);
    try {
      await importNames(server, names);
      const before = userOwned(server.databasePath);
      const started = await (await fetch(`${server.url}/api/cron/refresh`, { headers: { authorization: `Bearer ${CRON}` } })).json();
      expect(started.selected).toBe(30);

      // An edit lands while the refresh runs.
      await waitFor(() => readRun(server.databasePath, started.run_id).cursor >= 3, "the run to start");
      const editedId = count(server.databasePath, "select id from investors where is_demo = 0 order by id desc limit 1");
      const edit = await fetch(`${server.url}/api/investors/${editedId}`, {
        method: "PATCH",
        headers: { "x-admin-passcode": PASSCODE, "content-type": "application/json" },
        body: JSON.stringify({ personal_notes: "Edited during the refresh", add_contact: { date: "2026-11-21", note: "Called" } }),
      });
      expect(edit.status).toBe(200);
      const afterEdit = userOwned(server.databasePath);
      expect(afterEdit).not.toBe(before);

      await waitFor(() => readRun(server.databasePath, started.run_id).status === "completed", "the run to complete");
      const run = readRun(server.databasePath, started.run_id);
      expect(run.chain).toBeGreaterThanOrEqual(3);
      expect(run.investors_checked).toBe(30);
      expect(run.cursor).toBe(30);
      expect(run.search_credits_used).toBe(30);
      expect(run.errors).toEqual([]);
      const searches = searchesPerInvestor(tavily);
      expect(searches.size).toBe(30);
      expect([...searches.values()].every((n) => n === 1)).toBe(true);
      expect(count(server.databasePath, "select count(*) from investors where is_demo = 0 and signals_checked_at is null")).toBe(0);
      // Byte-identical: the refresh wrote none of the user-owned columns, not even over the edit.
      expect(userOwned(server.databasePath)).toBe(afterEdit);
    } finally {
      await server.stop();
    }
  });

  it("resumes after the server is SIGKILLed mid-run: no duplicate evidence, nobody skipped", async () => {
    tavily.requests.length = 0;
    let server = await startBuiltServer(env);
    const path = server.databasePath;
    try {
      await importNames(server, names);
      const started = await (await fetch(`${server.url}/api/cron/refresh`, { headers: { authorization: `Bearer ${CRON}` } })).json();
      await waitFor(() => readRun(path, started.run_id).cursor >= 8, "progress before the crash");
      await server.crash();
      const atCrash = readRun(path, started.run_id);
      expect(atCrash.status).not.toBe("completed");

      server = await startBuiltServer({ ...env, DATABASE_PATH: path });
      await waitFor(() => readRun(path, started.run_id).status === "completed", "the run to resume and complete");
      const run = readRun(path, started.run_id);
      expect(run.investors_checked).toBe(30);
      expect(run.cursor).toBe(30);
      expect(count(path, "select count(*) from investors where is_demo = 0 and signals_checked_at is null")).toBe(0);
      expect(count(path, "select count(*) from evidence e join investors i on i.id = e.investor_id where i.is_demo = 0")).toBe(
        count(
          path,
          "select count(distinct e.investor_id || ' ' || e.url) from evidence e join investors i on i.id = e.investor_id where i.is_demo = 0",
        ),
      );
      // Every investor has its two articles, judged once.
      expect(count(path, "select count(*) from evidence e join investors i on i.id = e.investor_id where i.is_demo = 0")).toBe(60);
      expect(
        count(path, "select count(*) from evidence e join investors i on i.id = e.investor_id where i.is_demo = 0 and e.judged_at is null"),
      ).toBe(0);
      // At most the one investor in flight at the crash is searched twice.
      expect(tavily.requests.length).toBeLessThanOrEqual(31);
    } finally {
      await server.stop();
    }
    // Three server starts and a run of 30 investors: on a loaded two-core machine that passed 20 s.
  }, 90_000);
});
