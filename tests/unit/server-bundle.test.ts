import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server build (made by `npm test` before vitest runs) loads the model and phone SDKs on
 * first use, not at start: together they cost about 100 MiB and a good part of a second, and a
 * server without those keys never needs them (docs/deploy.md#machine-size).
 */
const serverBuild = join(process.cwd(), "build", "server", "index.js");
const LAZY = ["twilio", "openai", "@google/genai", "imapflow"];

describe("the server build", () => {
  it("imports the model, phone and mail SDKs only when a call is made", () => {
    expect(existsSync(serverBuild), "run `npm run build` first").toBe(true);
    const code = readFileSync(serverBuild, "utf8");
    const staticImports = [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((match) => match[1]);
    expect(staticImports).toContain("better-sqlite3");
    for (const name of LAZY) {
      expect(staticImports, `${name} imported at start`).not.toContain(name);
      expect(code.includes(`import("${name}")`), `${name} imported on first use`).toBe(true);
    }
  });

  it("carries React's production build only (decision 048)", () => {
    const code = readFileSync(serverBuild, "utf8");
    // Strings only React DOM's development build has, and the production build's file names.
    expect(code).not.toContain("react-dom-server.node.development");
    expect(code).not.toContain("You provided a `value` prop to a form field without an `onChange` handler");
    expect(code).toContain("react-dom-server.node.production");
  });
});
