import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { importCycles, importSpecifiers, moduleGraph } from "#tests/helpers/module-graph.ts";

/**
 * No module of app/ or db/ reaches itself through its imports (docs/architecture.md: the flow
 * goes one way). Type-only imports count.
 */

/**
 * Cycles through modules that other work is changing at the time of writing, to be broken there;
 * each entry is the sorted set of modules in the cycle. Empty means none is tolerated.
 */
const KNOWN_CYCLES: string[][] = [];

describe("the import graph of app/ and db/", () => {
  it("has no cycle", () => {
    const cycles = importCycles(moduleGraph(process.cwd(), ["app", "db"]));
    const known = new Set(KNOWN_CYCLES.map((group) => [...group].sort().join(" ")));
    const unknown = cycles.filter((cycle) => !known.has([...new Set(cycle)].sort().join(" ")));
    expect(unknown.map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("sees the modules and their imports (the walk reads the real tree)", () => {
    const graph = moduleGraph(process.cwd(), ["app", "db"]);
    expect(graph.get("app/app.server.ts")).toContain("db/database.server.ts");
    expect(graph.get("app/app.server.ts")).toContain("app/app-context.ts");
    expect(graph.get("db/queries/founder-settings.server.ts")).toContain("app/domain/founder-settings.ts");
    expect(graph.size).toBeGreaterThan(150);
  });
});

describe("the scanner", () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  function tree(files: Record<string, string>): string {
    root = mkdtempSync(join(tmpdir(), "import-cycles-"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  it("reads imports, type-only imports, re-exports and side-effect imports, not comments or dynamic imports", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "#app/b.ts";',
      "import {\n  c,\n  type C,\n} from '../c.ts';",
      'export { d } from "./d.ts";',
      'export type * from "./e.ts";',
      'import "./f.css";',
      '// import { g } from "./g.ts";',
      '/* import { h } from "./h.ts"; */',
      'const lazy = () => import("./i.ts");',
      'const text = "import x from y";',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual(["./a.ts", "#app/b.ts", "../c.ts", "./d.ts", "./e.ts", "./f.css"]);
  });

  it("finds a cycle through a type-only import and an alias, and names its path", () => {
    const root = tree({
      "app/one.ts": 'import { two } from "./two.ts";\nexport const one = two;',
      "app/two.ts": 'import { three } from "#db/three.ts";\nexport const two = three;',
      "db/three.ts": 'import type { One } from "#app/one.ts";\nexport const three = 3;',
      "app/alone.ts": 'import { one } from "./one.ts";\nexport const alone = one;',
    });
    expect(importCycles(moduleGraph(root, ["app", "db"]))).toEqual([["app/one.ts", "app/two.ts", "db/three.ts", "app/one.ts"]]);
  });

  it("finds none in a graph that flows one way", () => {
    const root = tree({
      "app/route.ts": 'import { service } from "./service.ts";\nexport const route = service;',
      "app/service.ts": 'import { query } from "#db/query.ts";\nexport const service = query;',
      "db/query.ts": 'import type { Rule } from "#app/rule.ts";\nexport const query = 1;',
      "app/rule.ts": "export type Rule = number;",
    });
    expect(importCycles(moduleGraph(root, ["app", "db"]))).toEqual([]);
  });
});
