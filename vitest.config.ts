import { defineConfig } from "vitest/config";

/**
 * Two projects, run one after the other by `npm run test:unit`: the fast layers first (domain, db,
 * jobs, integrations against fakes, units: seconds), then the tests that start the built server or a
 * real Dovecot/sshd (minutes). `npx vitest run --project fast` gives the quick answer alone.
 */
const SERVER_TESTS = ["tests/server/**/*.test.ts", "tests/scripts/restore-drill.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "fast", include: ["tests/**/*.test.ts"], exclude: ["tests/e2e/**", ...SERVER_TESTS] } },
      { extends: true, test: { name: "server", include: SERVER_TESTS } },
    ],
  },
});
