/**
 * The Node flags the server runs with, everywhere it runs: `npm start`/`npm run serve`, the
 * Docker image's CMD and the tests' and benchmarks' servers (tests/unit/server-flags.test.ts
 * checks the first two say the same). Measured with 10,000 investors under load, V8's default
 * heap sizing let the process grow to about 510 MiB (peak 620) on a 512 MB machine, nearly all of
 * it garbage not yet collected; with an old space of 96 MB and young semi-spaces of 8 MB it stays
 * near 200 MiB (peak about 250) while the live heap is 35–50 MB (docs/deploy.md#machine-size).
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=96", "--max-semi-space-size=8"];
