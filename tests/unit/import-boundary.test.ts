import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The lint rules that keep the flow one way (biome.json, docs/architecture.md): fed a module as
 * if it sat in app/domain, db/ or app/routes, Biome refuses what that floor may not import and
 * accepts what it may.
 */
const biome = join(process.cwd(), "node_modules", "@biomejs", "biome", "bin", "biome");

/** Lints a throw-away module written where the rule applies (Biome reads overrides by path). */
function lintAs(folder: string, source: string): { status: number | null; output: string } {
  const path = join(folder, `probe-${process.pid}-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(join(process.cwd(), path), source);
  try {
    const result = spawnSync(process.execPath, [biome, "lint", "--max-diagnostics=5", path], { encoding: "utf8" });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(join(process.cwd(), path), { force: true });
  }
}

function expectRefused(folder: string, line: string): void {
  const { status, output } = lintAs(folder, `${line}\nexport const probe = 1;\n`);
  expect(status).not.toBe(0);
  expect(output).toContain("noRestrictedImports");
}

/** `name` is what `line` imports, used so the probe has no unused import. */
function expectAccepted(folder: string, line: string, name: string): void {
  const { status, output } = lintAs(folder, `${line}\nexport const probe = ${name};\n`);
  expect(status, output).toBe(0);
}

describe("the app/domain import boundary", () => {
  it.each([
    ['import { investors } from "#db/schema.ts";', "the database"],
    ['import { getApp } from "../app.server.ts";', "a server-only module"],
    ['import { sendDigest } from "../jobs/digest.server.ts";', "a job"],
    ['import { answerQuestion } from "../services/chat.server.ts";', "a service"],
    ['import { apiError } from "#app/http/api-error.ts";', "HTTP code by its alias"],
    ['import { getInvestor } from "#db/queries/investors.server.ts";', "a query module, two folders down"],
    ['import { systemClock } from "../clock.ts";', "the clock"],
    ['import Database from "better-sqlite3";', "the database driver"],
    ['import { readFileSync } from "node:fs";', "files"],
  ])("refuses %s (%s)", (line) => {
    expectRefused("app/domain", line);
  });

  // The rubric and chat modules sit one folder down: the same imports, one `../` longer.
  it.each([
    ['import { systemClock } from "../../clock.ts";', "the clock"],
    ['import { investors } from "../../../db/schema.ts";', "the database"],
    ['import { IntegrationError } from "../../integrations/errors.ts";', "an integration"],
    ['import { publicOrigin } from "../../http/public-origin.ts";', "HTTP code"],
  ])("refuses %s from a folder inside app/domain (%s)", (line) => {
    expectRefused("app/domain/rubric", line);
  });

  it("accepts what pure logic needs, and the same import outside app/domain", () => {
    expect(lintAs("app/domain", 'import { z } from "zod";\nexport const probe = z.string();\n').status).toBe(0);
    expect(lintAs("app/domain/rubric", 'import { STAGES } from "../vocabulary.ts";\nexport const probe = STAGES;\n').status).toBe(0);
    expect(lintAs("app/jobs", 'import { investors } from "#db/schema.ts";\nexport const probe = investors;\n').status).toBe(0);
  });
});

describe("the db/ import boundary", () => {
  it.each([
    ["db/queries", 'import { apiError } from "#app/http/api-error.ts";', "HTTP code"],
    ["db/queries", 'import type { App } from "#app/app-context.ts";', "the app's context"],
    ["db/queries", 'import { refreshDeps } from "#app/jobs/worker.server.ts";', "a job"],
    ["db/queries", 'import { answerQuestion } from "../../app/services/chat.server.ts";', "a service, by a relative path"],
    ["db", 'import { log } from "../app/log.server.ts";', "the logger, by a relative path"],
  ])("refuses from %s: %s (%s)", (folder, line) => {
    expectRefused(folder, line);
  });

  it.each([
    ['import { DEFAULT_RULES } from "#app/domain/scoring.ts";', "DEFAULT_RULES"],
    ['import { rubricSchema } from "#app/domain/rubric/schema.ts";', "rubricSchema"],
    ['import { ACTIONS } from "../../app/domain/investor.ts";', "ACTIONS"],
  ])("accepts app/domain, by alias or path, at any depth: %s", (line, name) => {
    expectAccepted("db/queries", line, name);
  });
});

describe("the app/routes import boundary", () => {
  it.each([
    ["app/routes", 'import { getInvestor } from "#db/queries/investors.server.ts";', "a query module"],
    ["app/routes", 'import { investors } from "../../db/schema.ts";', "the schema, by a relative path"],
    ["app/routes/api", 'import { statement } from "../../../db/database.server.ts";', "the connection, from an API route"],
    ["app/routes", 'import { eq } from "drizzle-orm";', "the query builder"],
  ])("refuses in a new module of %s: %s (%s)", (folder, line) => {
    expectRefused(folder, line);
  });

  it.each([
    ["app/routes", 'import { answerQuestion } from "../services/chat.server.ts";', "answerQuestion"],
    ["app/routes/api", 'import { sendDigest } from "../../jobs/digest.server.ts";', "sendDigest"],
    ["app/routes", 'import { ACTIONS } from "../domain/investor.ts";', "ACTIONS"],
  ])("accepts in %s: %s", (folder, line, name) => {
    expectAccepted(folder, line, name);
  });
});

describe("the routes that still import db/ (listed in biome.json, to move behind app/services)", () => {
  const config = JSON.parse(readFileSync(join(process.cwd(), "biome.json"), "utf8")) as { overrides: Array<{ includes: string[] }> };
  const exempt = config.overrides
    .find((override) => override.includes[0] === "app/routes/**")!
    .includes.filter((glob) => glob.startsWith("!"))
    .map((glob) => glob.slice(1));

  it("only shrinks: each one listed exists and still imports the database", () => {
    expect(exempt.length).toBeGreaterThan(0);
    for (const path of exempt) {
      expect(existsSync(join(process.cwd(), path)), path).toBe(true);
      expect(readFileSync(join(process.cwd(), path), "utf8"), path).toMatch(/from "(#db\/|(\.\.\/)+db\/|drizzle-orm|better-sqlite3)/);
    }
  });
});
