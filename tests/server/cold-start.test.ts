import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "../helpers/server.ts";

/** The packages the server build may still load from node_modules at start (decision 043). */
const LOADED_FROM_NODE_MODULES = new Set(["better-sqlite3", "bindings", "file-uri-to-path"]);

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("a cold start (decision 043)", () => {
  it("loads scripts written in ASCII alone, which V8 keeps at one byte a character (decision 069)", () => {
    const folder = new URL("../../build/server/", import.meta.url).pathname;
    const scripts = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((name) => /\.m?js$/.test(name));
    expect(scripts).toContain("index.js");
    const notAscii = scripts.flatMap((name) => {
      const text = readFileSync(join(folder, name), "utf8");
      const at = [...text].findIndex((character) => character.charCodeAt(0) > 0x7f);
      return at === -1 ? [] : [`${name}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}`];
    });
    // One character past Latin-1 anywhere (a "—" in a doc comment) doubles the whole script's kept source.
    expect(notAscii).toEqual([]);
  });

  it("loads the server from its bundle: no package from node_modules but SQLite's native addon", () => {
    // Imports the build without starting it and lists every file node loaded.
    const script = `
      import { registerHooks } from "node:module";
      const loaded = [];
      registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
      await import(${JSON.stringify(new URL("../../build/server/index.js", import.meta.url).href)});
      console.log(JSON.stringify(loaded));
    `;
    const loaded = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as string[];
    const packages = new Set(loaded.flatMap((url) => url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []));
    expect(packages.has("better-sqlite3")).toBe(true);
    expect([...packages].filter((name) => !LOADED_FROM_NODE_MODULES.has(name))).toEqual([]);
  });

  it("keeps V8's compiled code on disk, so the next start skips compiling it", async () => {
    const temporary = mkdtempSync(join(tmpdir(), "ipi-compile-cache-"));
    server = await startBuiltServer({ TMPDIR: temporary });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const cache = join(temporary, "node-compile-cache");
    const written = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(written.length).toBeGreaterThan(0);
  });
});
