import { expect, test } from "@playwright/test";
import { addInvestor, openSignedIn } from "./helpers.ts";

/**
 * User text with no place to break (a name of 200 "(", a pasted token as a question) wraps inside
 * the page: no horizontal scroll on a laptop or a phone.
 */

const WIDTHS = [1440, 390];

async function scrollWidth(page: import("@playwright/test").Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test("an investor named with 200 unbroken characters fits the page at 1440 and 390", async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page);
  const name = "(".repeat(200);
  const url = await addInvestor(page, { name, firm: ")".repeat(200) });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    expect(await scrollWidth(page), `investor page at ${width}`).toBeLessThanOrEqual(width);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
    expect(await scrollWidth(page), `Today at ${width}`).toBeLessThanOrEqual(width);
  }
});

test("a question of one unbroken 5,000-character word fits the answer page at 1440 and 390", async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/ask");
    await page.getByLabel("Your question").fill("x".repeat(5_000));
    await page.getByRole("button", { name: "Ask" }).click();
    await expect(page.getByRole("region", { name: "Answer" })).toBeVisible();
    expect(await scrollWidth(page), `answer page at ${width}`).toBeLessThanOrEqual(width);
  }
});
