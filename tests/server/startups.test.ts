import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count } from "#tests/helpers/checksum.ts";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";
import { type FakeGemini, type FakeTavily, geminiError, startFakeGemini, startFakeTavily } from "#tests/fakes/index.ts";
import { importCsv, postForm } from "#tests/helpers/http.ts";

const PASSCODE = "startups-passcode";
const CRON = "startups-cron-0123456789abcdef01";
const STARTUP = {
  name: "Radium Labs",
  pitch: "Grid batteries that last 20 years.",
  sector: "climate",
  stage: "seed",
  geography: "France",
  round_size: 2_000_000,
};

describe("routes #10–#13, startups", () => {
  let server: RunningServer;
  let gemini: FakeGemini;
  let tavily: FakeTavily;

  function api(method: string, path: string, body?: unknown) {
    return fetch(`${server.url}/api${path}`, {
      method,
      headers: { "x-admin-passcode": PASSCODE, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  function snapshot(query: string): string {
    const db = new Database(server.databasePath, { readonly: true });
    try {
      return JSON.stringify(db.prepare(query).all());
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    [gemini, tavily] = await Promise.all([startFakeGemini(), startFakeTavily()]);
    server = await startBuiltServer({
      ADMIN_PASSCODE: PASSCODE,
      CRON_SECRET: CRON,
      GEMINI_API_KEY: "gemini-fake",
      GEMINI_BASE_URL: gemini.url,
      GEMINI_MODEL: "gemini-test",
      TAVILY_API_KEY: "tavily-fake",
      TAVILY_BASE_URL: tavily.url,
    });
    const csv =
      "name,firm,sectors,stages,geographies,check_min,check_max\nAda Lovelace,Analytical,climate;energy,seed,France;Europe,200k,1m\nGrace Hopper,Compiler,devtools,series_b_plus,US,5m,20m";
    expect((await importCsv(server, csv, { as: { passcode: PASSCODE } })).status).toBe(303);
    const db = new Database(server.databasePath);
    db.prepare(
      "insert into evidence (investor_id, url, title, source, found_at, content_hash, category, relevance, summary, judged_at) select id, 'https://news.example.com/' || id, 'Led a seed', 'news', '2026-11-20T00:00:00Z', 'h' || id, 'deal', 0.9, 'Led a climate seed round', '2026-11-20T00:00:00Z' from investors where is_demo = 0",
    ).run();
    db.close();
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([gemini?.close(), tavily?.close()]);
  });
  beforeEach(() => {
    gemini.reset();
    tavily.reset();
  });

  it("creates a startup with a default rubric when the model is down, and ranks investors", async () => {
    gemini.respond(() => geminiError(503, "down"));
    const response = await api("POST", "/startups", STARTUP);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.rubric_source).toBe("default");
    expect(body.startup).toMatchObject({ name: "Radium Labs", stage: "seed", round_size: 2_000_000 });
    expect(body.rubric.sector_keywords.map((k: string) => k.toLowerCase())).toContain("climate");
    const ranked = JSON.parse(
      snapshot(
        `select i.name, s.score from startup_scores s join investors i on i.id = s.investor_id where s.startup_id = ${body.startup.id} order by s.score desc`,
      ),
    );
    expect(ranked.map((r: { name: string }) => r.name)).toEqual(["Ada Lovelace", "Grace Hopper"]);
    // The global fit signal now exists for investors that list sectors, stages or places.
    expect(count(server.databasePath, "select count(*) from investors where is_demo = 0 and signal_fit is not null")).toBe(2);
  });

  it("uses the model's rubric when it answers, and validates the input", async () => {
    gemini.answerWith({
      weights: { sector: 9, stage: 8, geography: 3, check_size: 3, activity: 5, evidence_relevance: 7, relationship: 4 },
      sector_keywords: ["climate", "batteries"],
      stages: ["seed"],
      geographies: ["Europe"],
      check_size: { min: 100_000, max: 800_000 },
      thresholds: { email_first: 60, dont_chase: 25 },
    });
    const created = await (await api("POST", "/startups", { ...STARTUP, name: "Second Co" })).json();
    expect(created.rubric_source).toBe("model");
    expect(created.rubric.weights.sector).toBe(9);
    const bad = await api("POST", "/startups", { ...STARTUP, stage: "growth" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("pre_seed");
    const unknown = await api("POST", "/startups", { ...STARTUP, valuation: 10 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toContain("valuation");
  });

  it("re-scores a numeric rubric edit at once with zero model calls", async () => {
    const id = count(server.databasePath, "select min(id) from startups");
    const before = snapshot(`select investor_id, score from startup_scores where startup_id = ${id} order by investor_id`);
    gemini.respond(() => {
      throw new Error("the model must not be called for a numeric edit");
    });
    const rubric = JSON.parse(snapshot(`select rubric from rubrics where startup_id = ${id} order by version desc limit 1`))[0].rubric;
    const edited = {
      ...JSON.parse(rubric),
      weights: { sector: 0, stage: 0, geography: 0, check_size: 0, activity: 0, evidence_relevance: 0, relationship: 10 },
    };
    const response = await api("PATCH", `/startups/${id}/rubric`, { rubric: edited });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.rescored).toBe(2);
    expect(body.rubric_source).toBe("default");
    expect(gemini.requests).toHaveLength(0);
    expect(snapshot(`select investor_id, score from startup_scores where startup_id = ${id} order by investor_id`)).not.toBe(before);
    expect(count(server.databasePath, `select max(version) from rubrics where startup_id = ${id}`)).toBe(2);
    const unknownKey = await api("PATCH", `/startups/${id}/rubric`, { rubric: edited, extra: 1 });
    expect(unknownKey.status).toBe(400);
    expect((await unknownKey.json()).error.message).toContain("extra");
  });

  it("keeps the previous rubric when regenerate fails", async () => {
    const id = count(server.databasePath, "select min(id) from startups");
    gemini.respond(() => geminiError(500, "down"));
    const versions = count(server.databasePath, `select count(*) from rubrics where startup_id = ${id}`);
    const response = await api("PATCH", `/startups/${id}/rubric`, { action: "regenerate" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toMatch(/kept/);
    expect(body.message).toMatch(/^The language model did not answer/);
    expect(body.model_status).toBe("no_answer");
    expect(body.rubric.weights.relationship).toBe(10);
    expect(count(server.databasePath, `select count(*) from rubrics where startup_id = ${id}`)).toBe(versions);
  });

  it("evaluates saved evidence with the model and never searches", async () => {
    const id = count(server.databasePath, "select min(id) from startups");
    const ada = count(server.databasePath, "select id from investors where is_demo = 0 and name = 'Ada Lovelace'");
    gemini.answerWith({ evaluations: [{ investor_id: ada, relevance: 0.95, reasons: "Backs climate at seed.", evidence_ids: [] }] });
    const response = await api("POST", `/startups/${id}/evaluate`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      startup_id: id,
      investors_evaluated: 1,
      investors_scored: 2,
      source: "model",
      model_status: "answered",
    });
    expect(tavily.requests).toHaveLength(0);
    expect(count(server.databasePath, `select count(*) from evaluations where startup_id = ${id}`)).toBe(1);

    gemini.respond(() => geminiError(500, "down"));
    const rulesOnly = await (await api("POST", `/startups/${id}/evaluate`)).json();
    expect(rulesOnly.source).toBe("rules_only");
    // A model that is configured but down did not answer: not "not configured" (decision 030).
    expect(rulesOnly.model_status).toBe("no_answer");
    expect(rulesOnly.investors_scored).toBe(2);
  });

  it("never shows a model that did not answer in the success style on the startup's page", async () => {
    const id = count(server.databasePath, "select min(id) from startups");
    gemini.respond(() => geminiError(500, "down"));
    const response = await postForm(server, `/startups/${id}`, { intent: "evaluate" }, { as: { passcode: PASSCODE } });
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/&tone=bad$/);
    const page = await (await fetch(`${server.url}${location}`, { headers: { "x-admin-passcode": PASSCODE } })).text();
    expect(page).toContain('class="notice notice-bad"');
    expect(page).toContain("The language model did not answer: ranked 2 investors by the rubric&#x27;s rules only.");
    expect(page).not.toContain("notice-good");
  });

  it("ranks an investor added after the startups at once (fit signal and startup scores)", async () => {
    const late = await importCsv(server, "name,sectors,stages,geographies\nLate Larry,climate,seed,France", { as: { passcode: PASSCODE } });
    expect(late.status).toBe(303);
    const id = count(server.databasePath, "select id from investors where name = 'Late Larry'");
    expect(count(server.databasePath, "select signal_fit from investors where id = ?", id)).toBeGreaterThan(0);
    expect(count(server.databasePath, "select count(*) from startup_scores where investor_id = ?", id)).toBe(
      count(server.databasePath, "select count(*) from startups"),
    );
  });

  it("re-score (route #6) also recomputes per-startup scores", async () => {
    const response = await fetch(`${server.url}/api/rescore`, { method: "POST", headers: { authorization: `Bearer ${CRON}` } });
    const body = await response.json();
    expect(body.startups).toBe(2);
  });

  it("answers 404 for unknown ids", async () => {
    expect((await api("POST", "/startups/999999/evaluate")).status).toBe(404);
    expect((await api("PATCH", "/startups/999999/rubric", { action: "regenerate" })).status).toBe(404);
    expect((await api("DELETE", "/startups/999999")).status).toBe(404);
    expect((await api("DELETE", "/startups/abc")).status).toBe(404);
  });

  it("deletes a startup with its rubrics, evaluations and scores; investors and evidence stay", async () => {
    const investorsBefore = snapshot("select id, name, relationship_status, personal_notes from investors order by id");
    const evidenceBefore = snapshot("select * from evidence order by id");
    const id = count(server.databasePath, "select min(id) from startups");
    const response = await api("DELETE", `/startups/${id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });
    for (const table of ["rubrics", "evaluations", "startup_scores"]) {
      expect(count(server.databasePath, `select count(*) from ${table} where startup_id = ${id}`), table).toBe(0);
    }
    expect(snapshot("select id, name, relationship_status, personal_notes from investors order by id")).toBe(investorsBefore);
    expect(snapshot("select * from evidence order by id")).toBe(evidenceBefore);
  });

  it("needs a session", async () => {
    const response = await fetch(`${server.url}/api/startups`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(STARTUP),
    });
    expect(response.status).toBe(401);
  });
});
