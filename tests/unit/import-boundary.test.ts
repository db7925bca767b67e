import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The lint rule that keeps app/domain pure (biome.json): fed a module as if it sat in app/domain,
 * Biome refuses a database, a server-only module, a job or the clock, and accepts zod.
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

describe("the app/domain import boundary", () => {
  it.each([
    ['import { investors } from "#db/schema.ts";', "the database"],
    ['import { getApp } from "../app.server.ts";', "a server-only module"],
    ['import { sendDigest } from "../jobs/digest.server.ts";', "a job"],
    ['import { systemClock } from "../clock.ts";', "the clock"],
    ['import Database from "better-sqlite3";', "the database driver"],
    ['import { readFileSync } from "node:fs";', "files"],
  ])("refuses %s (%s)", (line) => {
    const { status, output } = lintAs("app/domain", `${line}\nexport const probe = 1;\n`);
    expect(status).not.toBe(0);
    expect(output).toContain("noRestrictedImports");
  });

  // The rubric and chat modules sit one folder down: the same imports, one `../` longer.
  it.each([
    ['import { systemClock } from "../../clock.ts";', "the clock"],
    ['import { investors } from "../../../db/schema.ts";', "the database"],
    ['import { IntegrationError } from "../../integrations/errors.ts";', "an integration"],
    ['import { publicOrigin } from "../../http/public-origin.ts";', "HTTP code"],
  ])("refuses %s from a folder inside app/domain (%s)", (line) => {
    const { status, output } = lintAs("app/domain/rubric", `${line}\nexport const probe = 1;\n`);
    expect(status).not.toBe(0);
    expect(output).toContain("noRestrictedImports");
  });

  it("accepts what pure logic needs, and the same import outside app/domain", () => {
    expect(lintAs("app/domain", 'import { z } from "zod";\nexport const probe = z.string();\n').status).toBe(0);
    expect(lintAs("app/domain/rubric", 'import { STAGES } from "../vocabulary.ts";\nexport const probe = STAGES;\n').status).toBe(0);
    expect(lintAs("app/jobs", 'import { investors } from "#db/schema.ts";\nexport const probe = investors;\n').status).toBe(0);
  });
});
