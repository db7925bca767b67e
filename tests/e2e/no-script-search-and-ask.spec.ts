import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { addInvestor, openSignedIn } from "./helpers.ts";

/*
 * Nothing dead without JavaScript (issue 24, decision 035): the header's "Find investor" and "Ask
 * your pipeline" are links to /search and /ask, plain forms; with JavaScript they open the palette
 * and the drawer instead (chat.spec.ts, phone.spec.ts, accessibility.spec.ts).
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function seriousAxe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Find investor in the header finds an investor through a plain search form", async ({ page }) => {
    await openSignedIn(page);
    await addInvestor(page, { name: "Nadia Noscript", firm: "Plain Form Partners" });
    await page.goto("/");
    await page.getByRole("link", { name: /Find investor/ }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.getByLabel("Name or firm").fill("noscript");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=noscript$/);
    await page.getByRole("link", { name: /Nadia Noscript/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Nadia Noscript/ })).toBeVisible();
  });

  test("Ask your pipeline in the header answers “who should I email first?” on a page", async ({ page }) => {
    await openSignedIn(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Ask your pipeline" }).click();
    await expect(page).toHaveURL(/\/ask$/);
    await page.getByLabel("Your question").fill("who should I email first?");
    await page.getByRole("button", { name: "Ask" }).click();
    const answer = page.getByRole("region", { name: "Answer" });
    await expect(answer).toContainText("who should I email first?");
    await expect(answer.locator(".ask-reply")).not.toBeEmpty();
  });

  test("on the demo, without signing in, both work on demo rows", async ({ page }) => {
    await page.goto("/demo");
    await page.getByRole("link", { name: /Find investor/ }).click();
    await expect(page).toHaveURL(/\/demo\/search$/);
    await page.getByLabel("Name or firm").fill("a");
    await page.getByRole("button", { name: "Search" }).click();
    const first = page.locator(".search-results a").first();
    await expect(first).toHaveAttribute("href", /^\/demo\/investors\/\d+$/);

    await page.goto("/demo");
    await page.getByRole("link", { name: "Ask your pipeline" }).click();
    await expect(page).toHaveURL(/\/demo\/ask$/);
    await page.getByLabel("Your question").fill("Who should I email first?");
    await page.getByRole("button", { name: "Ask" }).click();
    const answer = page.getByRole("region", { name: "Answer" });
    await expect(answer).toContainText("Who should I email first?");
    for (const link of await answer.locator(".ask-links a").all()) {
      await expect(link).toHaveAttribute("href", /^\/demo\/investors\/\d+$/);
    }
  });
});

// axe runs in the page, so these pages are checked with JavaScript on; what they show is the same.
// Their 390 px tap sizes are checked with every other page in thumb.spec.ts.
test("the search and ask pages have no serious axe violation and fit a phone", async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page);
  for (const path of ["/search?q=a", "/ask", "/demo/search?q=a", "/demo/ask"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    if (path.endsWith("ask")) {
      await page.getByLabel("Your question").fill("Who should I email first?");
      await page.getByRole("button", { name: "Ask" }).click();
      await expect(page.getByRole("region", { name: "Answer" })).toBeVisible();
    }
    expect(await seriousAxe(page), path).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});
