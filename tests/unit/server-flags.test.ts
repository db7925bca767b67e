import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-flags.ts";
import { serverCommand } from "../../scripts/start-server.ts";

/** The server runs with the same heap flags wherever it starts (docs/deploy.md#machine-size). */
describe("the server's Node flags", () => {
  it("are the same in npm start, npm run serve and the Docker image (through scripts/start-server.ts)", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    const expected = `node ${SERVER_NODE_FLAGS.join(" ")} server.mjs`;
    expect(scripts.start).toContain(expected);
    expect(scripts.serve).toContain(expected);
    const dockerfile = readFileSync("Dockerfile", "utf8");
    expect(dockerfile).toContain('CMD ["node", "scripts/start-server.ts"]');
    expect(serverCommand("node")).toEqual(["node", ...SERVER_NODE_FLAGS, join(process.cwd(), "server.mjs")]);
    expect(SERVER_NODE_FLAGS.some((flag) => flag.startsWith("--max-old-space-size="))).toBe(true);
  });

  it("start with the same malloc settings in npm start, npm run serve and the Docker image", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    const assignments = Object.entries(SERVER_MALLOC_ENV).map(([name, value]) => `${name}=${value}`);
    expect(assignments.length).toBeGreaterThan(0);
    const dockerfile = readFileSync("Dockerfile", "utf8");
    for (const assignment of assignments) {
      expect(scripts.start).toContain(`${assignment} `);
      expect(scripts.serve).toContain(`${assignment} `);
      expect(dockerfile).toMatch(new RegExp(`^\\s+${assignment}( \\\\)?$`, "m"));
    }
  });
});
