import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHAT_SYSTEM_PROMPT } from "#app/domain/chat/prompt.ts";
import { EVALUATION_SYSTEM_PROMPT } from "#app/domain/evaluation.ts";
import { JUDGE_SYSTEM_PROMPT } from "#app/domain/judging.ts";
import { RUBRIC_SYSTEM_PROMPT } from "#app/domain/rubric/prompt.ts";

/**
 * What the browser downloads (the client build, made by `npm test` before vitest runs) carries no
 * prompt text: prompts are how we ask the model, and a visitor has no business reading them.
 */
const assets = join(process.cwd(), "build", "client", "assets");

describe("the browser bundle", () => {
  it("holds none of the prompts we send a model", () => {
    expect(existsSync(assets), "run `npm run build` first").toBe(true);
    const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(3);
    const prompts = { CHAT_SYSTEM_PROMPT, EVALUATION_SYSTEM_PROMPT, JUDGE_SYSTEM_PROMPT, RUBRIC_SYSTEM_PROMPT };
    for (const [name, prompt] of Object.entries(prompts)) {
      // A distinctive stretch of each prompt, as the minifier leaves string literals intact.
      const marker = prompt.slice(0, 60);
      expect(marker.length, name).toBeGreaterThan(30);
      for (const script of scripts) {
        expect(readFileSync(join(assets, script), "utf8").includes(marker), `${name} in ${script}`).toBe(false);
      }
    }
  });
});
