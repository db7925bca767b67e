import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import {
  JEMALLOC_CONF,
  JEMALLOC_PATHS,
  SERVER_MALLOC_ENV,
  SERVER_NODE_FLAGS,
  allocatorName,
  serverMallocEnv,
} from "../../scripts/server-flags.ts";
import { testTools } from "../../scripts/ensure-test-tools.ts";
import { serverCommand } from "../../scripts/start-server.ts";

/** The server runs with the same heap flags wherever it starts (docs/deploy.md#machine-size). */
describe("the server's Node flags", () => {
  it("are the same in npm start, npm run serve and the Docker image (all through scripts/start-server.ts)", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    // Only the image replicates with Litestream: a laptop never writes into the production replica.
    expect(scripts.start).toMatch(/&& node scripts\/start-server\.ts --no-replication$/);
    expect(scripts.serve).toMatch(/&& node scripts\/start-server\.ts --no-replication$/);
    const dockerfile = readFileSync("Dockerfile", "utf8");
    expect(dockerfile).toContain('CMD ["node", "scripts/start-server.ts"]');
    expect(serverCommand("node")).toEqual(["node", ...SERVER_NODE_FLAGS, join(process.cwd(), "server.mjs")]);
    expect(SERVER_NODE_FLAGS.some((flag) => flag.startsWith("--max-old-space-size="))).toBe(true);
  });
});

describe("the server's allocator (decision 049)", () => {
  const jemalloc = JEMALLOC_PATHS[0]!;

  it("is jemalloc, preloaded and tuned, where the machine has it", () => {
    const env = serverMallocEnv({}, (path) => path === jemalloc);
    expect(env.LD_PRELOAD).toBe(jemalloc);
    expect(env.MALLOC_CONF).toBe(JEMALLOC_CONF);
    expect(allocatorName(env)).toContain("jemalloc");
  });

  it("is glibc's, with its thresholds, where it is missing or IPI_ALLOCATOR=glibc", () => {
    for (const env of [serverMallocEnv({}, () => false), serverMallocEnv({ IPI_ALLOCATOR: "glibc" }, () => true)]) {
      expect(env).toEqual(SERVER_MALLOC_ENV);
      expect(allocatorName(env)).toBe("glibc malloc");
    }
  });

  it("keeps a MALLOC_CONF already set after its own (the later wins), and glibc takes jemalloc out of an inherited preload", () => {
    expect(serverMallocEnv({ MALLOC_CONF: "narenas:2" }, (path) => path === jemalloc).MALLOC_CONF).toBe(`${JEMALLOC_CONF},narenas:2`);
    const glibc = serverMallocEnv({ IPI_ALLOCATOR: "glibc", LD_PRELOAD: `${jemalloc}:/opt/trace.so` }, () => true);
    expect(glibc.LD_PRELOAD).toBe("/opt/trace.so");
    expect(allocatorName(glibc)).toBe("glibc malloc");
  });

  it("keeps a preload already asked for, after jemalloc, and never twice", () => {
    const env = serverMallocEnv({ LD_PRELOAD: `/opt/trace.so ${jemalloc}` }, (path) => path === jemalloc);
    expect(env.LD_PRELOAD).toBe(`${jemalloc}:/opt/trace.so`);
  });

  it("is installed in the Docker image, and by the test command where it is missing", () => {
    expect(readFileSync("Dockerfile", "utf8")).toMatch(/apt-get install[^\n]* libjemalloc2/);
    expect(testTools({}).map((tool) => tool.package)).toContain("libjemalloc2");
  });
});
