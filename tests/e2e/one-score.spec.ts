import { expect } from "@playwright/test";
import { collectConsoleErrors, signInThroughForm } from "./helpers.ts";
import { testWithOwnServer } from "./own-server.ts";
import { E2E_PASSCODE } from "./playwright.config.ts";

/**
 * One startup, one score (decision 039): Today's "Email first" and the startup's page list the
 * same investors with the same numbers in the same order, and say the same email-first line. A
 * server of its own: the shared one holds other specs' startups.
 */
const test = testWithOwnServer;

test("Today and the startup's page read the same scores in the same order", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await signInThroughForm(page);
  const created = await page.request.post("/api/startups", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    data: {
      name: "Ledgerly",
      pitch: "Books for small shops.",
      sector: "fintech",
      stage: "seed",
      geography: "Europe",
      round_size: 1_500_000,
      role_wanted: "lead",
    },
  });
  expect(created.status()).toBe(201);
  const startupId: number = (await created.json()).startup.id;

  await page.goto("/investors/import");
  await page.getByLabel("CSV file").setInputFiles("docs/sample-investors.csv");
  await page.getByRole("button", { name: "Preview" }).click();
  await page
    .getByRole("region", { name: "Preview" })
    .getByRole("button", { name: /^Import \d+ new/ })
    .click();
  await expect(page.getByRole("region", { name: "Imported" }).getByRole("status")).toHaveText(/^\d+ imported\.$/);

  await page.goto("/?all=email_first#today-email_first");
  const today = page.locator(".today-email_first");
  await expect(today).toContainText("Scores for Ledgerly, as on its page: email first at 55 or more.");
  const onToday = await today
    .locator(".today-row")
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector(".today-name")?.textContent} ${row.querySelector(".today-score")?.textContent?.replace("score ", "")}`,
      ),
    );
  expect(onToday.length).toBeGreaterThan(1);

  await page.goto(`/startups/${startupId}`);
  await expect(page.getByText("email first at 55 or more.")).toBeVisible();
  const onPage = await page
    .getByRole("table", { name: "Ranking" })
    .getByRole("row")
    .filter({ hasText: "Email first" })
    .evaluateAll((rows) =>
      rows.map((row) => `${row.querySelector(".investor-name")?.textContent} ${row.querySelector(".score-number")?.textContent}`),
    );
  expect(onPage).toEqual(onToday);
  expect(errors).toEqual([]);
});
