import { expect, test } from "@playwright/test";
import { E2E_PASSCODE } from "./playwright.config.ts";

test("a founder signs in with the passcode and sees the dashboard", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    // The browser logs every 4xx response; the refused passcode is one on purpose.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(message.text());
    }
  });

  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await page.getByLabel("Passcode").fill("not-the-passcode");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("That passcode is not right");

  await page.getByLabel("Passcode").fill(E2E_PASSCODE);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
  await expect(page.getByText("Investors tracked")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(errors, "browser console errors (CSP violations, hydration errors)").toEqual([]);
});

test("a signed-out click on a signed-in page comes back to that page after signing in", async ({ page }) => {
  // From the open demo, the "Settings" link is a client-side navigation: its data request is
  // refused by the page layout, and the way back must be the page, not its `.data` (decision 025).
  await page.goto("/demo");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
  await page.getByLabel("Passcode").fill(E2E_PASSCODE);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
});
