import { test as base } from "@playwright/test";
import { type RunningServer, startBuiltServer } from "../helpers/server.ts";
import { E2E_PASSCODE } from "./playwright.config.ts";

/**
 * Playwright's `test` with a built server of the test's own (an empty database, the e2e passcode)
 * as its `baseURL`: for specs that need an empty pipeline, where the shared server holds other
 * specs' startups, rounds and notices.
 */
export const testWithOwnServer = base.extend<{ server: RunningServer }>({
  server: async ({}, use) => {
    const server = await startBuiltServer({ ADMIN_PASSCODE: E2E_PASSCODE });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  baseURL: async ({ server }, use) => use(server.url),
});
