import { type Page, expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers.ts";

/**
 * A kept page's CSP names the hashes of its own inline scripts (decision 028). An inline script
 * slipped into the page on its way to the browser (a stand-in for markup injection) must not
 * run, while the page's own scripts do (the page hydrates). The same injection without the CSP
 * header runs: the test's injection is real.
 */
const INJECTED = "<script>window.__injected = true;</script>";

async function serveInjected(page: Page, path: string, options: { keepCsp: boolean }): Promise<{ csp: string }> {
  const seen = { csp: "" };
  await page.route(`**${path}`, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const headers = { ...response.headers() };
    seen.csp = headers["content-security-policy"] ?? "";
    // The body is handed on decoded, so it no longer has the encoding or the length it came with.
    delete headers["content-encoding"];
    delete headers["content-length"];
    if (!options.keepCsp) delete headers["content-security-policy"];
    const html = (await response.text()).replace("</body>", `${INJECTED}</body>`);
    await route.fulfill({ status: response.status(), headers, body: html });
  });
  return seen;
}

test("a kept page's CSP refuses an injected inline script while the page's own scripts run", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) refused.push(message.text());
  });
  const seen = await serveInjected(page, "/demo", { keepCsp: true });
  await page.goto("/demo");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(seen.csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(seen.csp).not.toContain("nonce-");
  await waitForHydration(page);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(refused).toHaveLength(1);
  expect(refused[0]).toContain("inline script");
});

test("the same injection without the CSP header runs (the injection is real)", async ({ page }) => {
  await serveInjected(page, "/demo", { keepCsp: false });
  await page.goto("/demo");
  await waitForHydration(page);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBe(true);
});
