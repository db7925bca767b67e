import { type Page, expect, test } from "@playwright/test";
import { collectConsoleErrors } from "./helpers.ts";

/**
 * Undo after "Log all" on the demo (decision 036, "Log and Log all"), with JavaScript on and off:
 * each investor's contact history, status and last contact read back on their page are exactly
 * what they were before the log, and the emails are back in "Emails to log". The demo is reset
 * before each test and after the last, so the specs that follow see its mail as new. The founder's
 * side, read back through /export.json, is with-mail-capture.spec.ts.
 */

async function resetDemo(page: Page): Promise<void> {
  const response = await page.request.post("/api/demo/reset");
  expect(response.status()).toBe(200);
}

const toLog = (page: Page) => page.getByRole("region", { name: /^Emails to log/ });

/** The section's count once the page shows it: the open demo's page is kept up to 2 s (decision 018). */
async function expectToLogCount(page: Page, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto("/demo");
        return (await toLog(page).getByRole("heading").textContent())?.replace(/\s+/g, " ").trim();
      },
      { timeout: 15_000 },
    )
    .toBe(`Emails to log ${count}`);
}

/** What an investor's page says of them: where they stand, and every entry of their contact history. */
async function standing(page: Page, href: string): Promise<{ facts: string; history: string[] }> {
  await page.goto(href);
  const facts = (await page.locator(".standing-facts dd").allInnerTexts()).slice(0, 2).join(" | ");
  const history = await page.getByRole("region", { name: "Contact history" }).locator("ul.history > li").allInnerTexts();
  return { facts, history };
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await resetDemo(page);
  await page.close();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`undo after Log all on the demo with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("takes back exactly the entries, statuses and dates the log recorded, and the emails are to log again", async ({ page }) => {
      test.setTimeout(90_000);
      const errors = collectConsoleErrors(page);
      await resetDemo(page);
      await expectToLogCount(page, 6);
      const hrefs = [
        ...new Set(
          await toLog(page)
            .locator(".today-name")
            .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "")),
        ),
      ];
      expect(hrefs.length).toBeGreaterThan(1);
      const before = new Map<string, { facts: string; history: string[] }>();
      for (const href of hrefs) before.set(href, await standing(page, href));

      await expectToLogCount(page, 6);
      await toLog(page).getByRole("button", { name: "Log all 6" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Logged" })).toHaveText("Logged 6 emails.");
      // With JavaScript a toast offers Undo for a few seconds; without, the notice carries it.
      if (javaScriptEnabled) await expect(page.locator(".undo-toast[aria-live=polite]")).toBeVisible();
      await expect(toLog(page)).toContainText("No emails to log.");
      const logged = page.url();
      expect(logged).toMatch(/[?&]undo=[A-Za-z0-9_-]{22}/);
      // The log did record: each investor's history grew.
      for (const href of hrefs) {
        await expect
          .poll(async () => (await standing(page, href)).history.length, { timeout: 15_000 })
          .toBeGreaterThan(before.get(href)!.history.length);
      }

      // Back on the page the log landed on (the token lives ten minutes; the toast shows again on load).
      await page.goto(logged);
      await page.getByRole("button", { name: "Undo: do not log those 6 emails" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Undone" })).toHaveText(
        "Undone: those 6 emails are no longer logged, and to log again.",
      );
      await expectToLogCount(page, 6);
      for (const href of hrefs) {
        await expect.poll(async () => standing(page, href), { timeout: 15_000 }).toEqual(before.get(href));
      }
      expect(errors).toEqual([]);
    });
  });
}
