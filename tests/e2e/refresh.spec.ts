import { expect, test } from "@playwright/test";
import { E2E_PASSCODE } from "./playwright.config.ts";
import { collectConsoleErrors, continueToToday, openSignedIn } from "./helpers.ts";

test("Refresh now asks for the passcode, shows progress, and the run is listed", async ({ page, browser }) => {
  // A whole refresh after an import that now passes through its summary page: up to 20 s on a
  // loaded machine once, and longer since the specs before it (the import's values, the next
  // step's answer) leave more investors in the shared database for it to check.
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await openSignedIn(page);
  await page.goto("/investors/import");
  await page.getByLabel("CSV file").setInputFiles("docs/sample-investors.csv");
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: /Import \d+ new/ }).click();
  await continueToToday(page);
  await expect(page).toHaveURL(/\/$/);

  await page.getByText("Refresh now").click();
  await page.getByLabel("Passcode").fill("wrong-passcode");
  await page.getByRole("button", { name: "Start refresh" }).click();
  await expect(page.getByRole("status").first()).toContainText("That passcode is not right");

  await page.getByText("Refresh now").click();
  await page.getByLabel("Passcode").fill(E2E_PASSCODE);
  await page.getByRole("button", { name: "Start refresh" }).click();
  await expect(page.getByRole("status").first()).toContainText("Refresh started");
  // The page updates on its own while the run works (fake search answers in 400 ms).
  await expect(page.getByText(/Last refresh: (Running|Queued)/)).toBeVisible();
  await expect(page.getByText("Last refresh: Completed")).toBeVisible({ timeout: 60_000 });
  const progress = await page.locator(".run-status p").innerText();
  const [checked, selected] = /(\d+) of (\d+) investors checked/.exec(progress)!.slice(1).map(Number);
  expect(selected).toBeGreaterThanOrEqual(7);
  expect(checked).toBe(selected);
  await page.screenshot({ path: "test-results/screenshots/dashboard-after-refresh.png", fullPage: true });

  await page.goto("/runs");
  await expect(page.getByRole("cell", { name: "manual" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "completed" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/runs.png", fullPage: true });

  // The same list in a phone-wide window: each run a card whose numbers say what they count.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const checkedCell = page.locator("tbody tr").first().locator("td").nth(4);
  expect(await checkedCell.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Checked / selected "');
  const box = await checkedCell.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/screens/runs-with-a-run-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A second manual refresh within 10 minutes is refused politely.
  await page.goto("/");
  await page.getByText("Refresh now").click();
  await page.getByLabel("Passcode").fill(E2E_PASSCODE);
  await page.getByRole("button", { name: "Start refresh" }).click();
  await expect(page.getByRole("status").first()).toContainText("less than 10 minutes ago");
  expect(errors).toEqual([]);

  // The same form without JavaScript (one server, one refresh per 10 minutes: this one is refused
  // by that limit, which proves the passcode was checked and the limit applied).
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  const noScript = await plain.newPage();
  await openSignedIn(noScript);
  await noScript.getByText("Refresh now").click();
  await noScript.getByLabel("Passcode").fill("wrong-passcode");
  await noScript.getByRole("button", { name: "Start refresh" }).click();
  await expect(noScript.getByRole("status").first()).toContainText("That passcode is not right");
  await noScript.getByText("Refresh now").click();
  await noScript.getByLabel("Passcode").fill(E2E_PASSCODE);
  await noScript.getByRole("button", { name: "Start refresh" }).click();
  await expect(noScript.getByRole("status").first()).toContainText("less than 10 minutes ago");
  await noScript.goto("/runs");
  await expect(noScript.getByRole("cell", { name: "manual" })).toHaveCount(1);
  await plain.close();
});

test("Esc closes the Refresh now panel and puts focus back on its button", async ({ page }) => {
  await openSignedIn(page);
  await page.waitForLoadState("networkidle");
  await page.getByText("Refresh now").click();
  const passcode = page.getByLabel("Passcode");
  await passcode.fill("typed, then changed my mind");
  await page.keyboard.press("Escape");
  await expect(passcode).toBeHidden();
  await expect(page.locator("summary", { hasText: "Refresh now" })).toBeFocused();
});
