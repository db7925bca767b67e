import { expect } from "@playwright/test";
import { collectConsoleErrors, signInThroughForm } from "./helpers.ts";
import { testWithOwnServer } from "./own-server.ts";
import { E2E_PASSCODE } from "./playwright.config.ts";

/**
 * Today's first screen on a phone (390 × 844, with JavaScript on and off): a founder with a
 * startup, a round target and an imported list sees the header, the round's progress and the
 * guide's last step, and reaches the first "Email first" investor without scrolling. A server of
 * its own: the shared one's pipeline holds other specs' startups, rounds and notices.
 */
const test = testWithOwnServer;

const PHONE = { width: 390, height: 844 };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Today at 390 × 844 with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE, isMobile: true, hasTouch: true });
    test.setTimeout(120_000);

    test("the first Email-first investor is on the first screen, under the header, the round and the guide", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await signInThroughForm(page);
      const admin = { "x-admin-passcode": E2E_PASSCODE };
      const startup = await page.request.post("/api/startups", {
        headers: admin,
        data: { name: "Ledgerly", pitch: "Books for small shops.", sector: "fintech", stage: "seed", geography: "Europe" },
      });
      expect(startup.status()).toBe(201);
      const round = await page.request.put("/api/round", {
        headers: admin,
        data: { target: 1_500_000, currency: "USD", close_by: "2027-01-15", instrument: "safe", role_wanted: "lead" },
      });
      expect(round.status()).toBe(200);

      await page.goto("/investors/import");
      await page.getByLabel("CSV file").setInputFiles("docs/sample-investors.csv");
      await page.getByRole("button", { name: "Preview" }).click();
      await page
        .getByRole("region", { name: "Preview" })
        .getByRole("button", { name: /^Import \d+ new/ })
        .click();
      await expect(page.getByRole("region", { name: "Imported" }).getByRole("status")).toHaveText(/^\d+ imported\.$/);

      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
      // What the founder needs stays on the page: the header's links, the round's line and the guide's last step.
      await expect(page.locator(".round-progress")).toContainText("of $1.5M");
      // The sample list's committed investor has no amount: the round says the totals leave it out, and links to it.
      await expect(page.locator(".round-progress")).toContainText("Not in the totals: 1 committed with no amount yet");
      await expect(page.locator(".first-morning-last")).toContainText("Last step: read Today below");
      const firstRow = page.locator(".today-email_first .today-row").first();
      await expect(firstRow).toBeVisible();
      await page.screenshot({ path: `test-results/today-first-screen/${javaScriptEnabled ? "js" : "nojs"}-390.png` });

      // Measured at the top of the page, as it opens: the whole first row — who, why and its "Emailed" — within the screen's height.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const layout = await page.evaluate(() =>
        [
          ".site-header",
          ".page-head",
          ".round-progress",
          ".first-morning-last",
          ".today-email_first h3",
          ".today-email_first .today-row",
        ].map((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return `${selector} ${box ? `${Math.round(box.top)}–${Math.round(box.bottom)}` : "absent"}`;
        }),
      );
      const row = await firstRow.boundingBox();
      expect(row, "the first Email-first row is laid out").not.toBeNull();
      expect(row!.y + row!.height, layout.join(", ")).toBeLessThanOrEqual(PHONE.height);
      await expect(firstRow.getByRole("button", { name: /^Emailed / })).toBeInViewport({ ratio: 1 });
      // Its link opens this page's table filtered to them, where the investor's page takes the amount.
      await page.getByRole("link", { name: "1 committed with no amount yet" }).click();
      await expect(page).toHaveURL(/[?&]status=committed(&|#|$)/);
      const table = page.getByRole("region", { name: "Investors" });
      await expect(table.getByRole("link", { name: "Clara Schmidt" })).toBeVisible();
      await expect(table.locator("tbody tr")).toHaveCount(1);
      expect(errors).toEqual([]);
    });
  });
}
