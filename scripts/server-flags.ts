/**
 * The Node flags the server runs with, everywhere it runs: `npm start`/`npm run serve`, the
 * Docker image's CMD and the tests' and benchmarks' servers (tests/unit/server-flags.test.ts
 * checks the first two say the same). Measured with 10,000 investors under load, V8's default
 * heap sizing let the process grow to about 510 MiB (peak 620) on a 512 MB machine, nearly all of
 * it garbage not yet collected; with an old space of 96 MB and young semi-spaces of 8 MB it stays
 * near 200 MiB (peak about 250) while the live heap is 35–50 MB (docs/deploy.md#machine-size).
 * `--expose-gc` lets the server give back what a busy spell left half a second into the quiet
 * after it, instead of V8's 8 s (app/http/quiet-collect.server.ts, decision 042).
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=96", "--max-semi-space-size=8", "--expose-gc"];

import { existsSync } from "node:fs";

/**
 * glibc's malloc settings, as environment variables (read when the process starts), for a server
 * where jemalloc is missing: `serverMallocEnv` below gives them to every start (scripts/start-server.ts
 * for `npm start`, `npm run serve` and the Docker image; the tests', the end-to-end and the
 * benchmarks' servers).
 * By default glibc raises its mmap threshold each time a large block is freed, so after the first
 * compressions and re-scores every large buffer comes from the heap and stays resident when freed.
 * A fixed 128 KiB threshold sends large buffers back to the system on free, and a 128 KiB trim
 * threshold hands back the top of the heap: bench/memory.ts measured "other native" memory falling
 * from about 37 to about 20 MiB after the load rows with 10,000 investors (docs/deploy.md#machine-size).
 */
export const SERVER_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
};

/**
 * jemalloc, where the machine has it (Debian's libjemalloc2: the Docker image installs it, and so
 * does the test command as root). Measured with the server's load rows (decision 049), glibc
 * keeps 15–25 MiB of freed native memory in its per-thread arenas after a busy spell, holes that
 * no trim threshold reaches; jemalloc hands freed pages back and skips the "muzzy" stage
 * (`muzzy_decay_ms:0`), its background thread doing the deferred work. Freed pages go back at once
 * (`dirty_decay_ms:0`; decision 049 had 1,000): under issue 35's mixed load each compressed answer
 * frees some megabytes, and keeping a second's worth resident put RSS at 205–209 MiB, 200 ms's
 * worth at up to 201; at once, 174–191 MiB over 10 minutes, for about a tenth fewer answers a
 * minute (decision 069).
 */
export const JEMALLOC_PATHS = ["/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2"];
export const JEMALLOC_CONF = "background_thread:true,dirty_decay_ms:0,muzzy_decay_ms:0";

/**
 * The allocator environment a server starts with: jemalloc preloaded when the machine has it
 * (`IPI_ALLOCATOR=glibc` opts out, for a comparison, and takes it out of an inherited preload),
 * else glibc with SERVER_MALLOC_ENV. The glibc settings are kept either way (they are what glibc
 * reads if the preload is refused); a MALLOC_CONF already set is kept after ours, so it wins.
 */
export function serverMallocEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
  exists: (path: string) => boolean = existsSync,
): Record<string, string> {
  const inherited = (env.LD_PRELOAD ?? "").split(/[:\s]+/).filter((entry) => entry !== "" && !JEMALLOC_PATHS.includes(entry));
  const jemalloc = env.IPI_ALLOCATOR === "glibc" ? undefined : JEMALLOC_PATHS.find((path) => exists(path));
  if (!jemalloc) return env.LD_PRELOAD === undefined ? { ...SERVER_MALLOC_ENV } : { ...SERVER_MALLOC_ENV, LD_PRELOAD: inherited.join(":") };
  const conf = env.MALLOC_CONF ? `${JEMALLOC_CONF},${env.MALLOC_CONF}` : JEMALLOC_CONF;
  return { ...SERVER_MALLOC_ENV, LD_PRELOAD: [jemalloc, ...inherited].join(":"), MALLOC_CONF: conf };
}

/** Which allocator `serverMallocEnv` chose, in words for a log line or a benchmark's header. */
export function allocatorName(mallocEnv: Readonly<Record<string, string>>): string {
  return mallocEnv.LD_PRELOAD?.includes("jemalloc") ? `jemalloc (${mallocEnv.MALLOC_CONF})` : "glibc malloc";
}
