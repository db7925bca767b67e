import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startBuiltServer } from "#tests/helpers/server.ts";

const PASSCODE = "long-inputs-passcode";

/** Every `<input … name="q" …>` of a page. */
function queryInputs(html: string): string[] {
  return [...html.matchAll(/<input[^>]*name="q"[^>]*>/g)].map((match) => match[0]);
}

describe("search boxes a browser could overfill", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_PASSCODE: PASSCODE });
  });
  afterAll(async () => server?.stop());

  // A GET form sends q in the URL: 100,000 characters pass Node's header limit and the browser
  // shows its own 431 page. maxlength keeps q within the 200 characters the server reads.
  it.each(["/search", "/demo"])(
    "%s caps q at 200 characters in the form",
    async (path) => {
      const response = await fetch(`${server.url}${path}`, { headers: { "x-admin-passcode": PASSCODE } });
      expect(response.status).toBe(200);
      const inputs = queryInputs(await response.text());
      expect(inputs.length).toBeGreaterThan(0);
      for (const input of inputs) expect(input).toMatch(/maxlength="200"/i);
    },
    60_000,
  );
});
