import { type Page, expect } from "@playwright/test";
import { collectConsoleErrors, signInThroughForm } from "./helpers.ts";
import { testWithOwnServer } from "./own-server.ts";
import { E2E_PASSCODE } from "./playwright.config.ts";

/**
 * The first morning (docs/product.md#today-and-emailed) on a pipeline of its own (a server per
 * test: the shared one is never empty), with JavaScript on and off: the three steps ticked one by
 * one, screenshots at 1440 and 390 px, then "Emailed" undone and read back through /export.json.
 */
const test = testWithOwnServer;

type Exported = {
  investors: Array<{ name: string; relationship_status: string; contact_history?: Array<{ note: string }> }>;
};

async function exported(page: Page, name: string) {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  const investor = ((await response.json()) as Exported).investors.find((row) => row.name === name);
  expect(investor, `${name} in the export`).toBeDefined();
  return { status: investor!.relationship_status, notes: (investor!.contact_history ?? []).map((entry) => entry.note) };
}

/** Both widths, the whole page, under test-results/first-morning/ (looked at by hand; the assertions are the test). */
async function screenshots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/first-morning/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

function steps(page: Page) {
  return page.getByRole("region", { name: "Your first morning, in three steps" }).getByRole("listitem");
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "nojs";
  test.describe(`The first morning with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, acceptDownloads: true });
    test.setTimeout(120_000);

    test("guides from an empty pipeline to Today, step by step, and undoes an Emailed", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await signInThroughForm(page);

      // Empty: three steps, none done, in order.
      await expect(steps(page)).toHaveCount(3);
      await expect(steps(page).nth(0)).toContainText("Add the startup you are raising for (to do)");
      await expect(steps(page).nth(1)).toContainText("Import your list (to do)");
      await expect(steps(page).nth(1)).toContainText("a CSV (comma, semicolon or tab separated) or an Excel .xlsx");
      await expect(steps(page).nth(2)).toContainText("Read Today (to do)");
      await screenshots(page, `${mode}-1-empty`);

      // The startup, by the API (its form is another spec's): step one ticked.
      const startup = await page.request.post("/api/startups", {
        headers: { "x-admin-passcode": E2E_PASSCODE },
        data: { name: "Ledgerly", pitch: "Books for small shops.", sector: "fintech", stage: "seed", geography: "Europe" },
      });
      expect(startup.status()).toBe(201);
      await page.goto("/");
      await expect(steps(page).nth(0)).toContainText("(done)");
      await expect(steps(page).nth(1)).toContainText("(to do)");
      await screenshots(page, `${mode}-2-after-the-startup`);

      // The import page from the guide: the sample CSV is linked and served, and imported as it is.
      await steps(page).nth(1).getByRole("link", { name: "Import your investors" }).click();
      await expect(page.getByRole("heading", { name: "Import investors from CSV" })).toBeVisible();
      const sampleLink = page.getByRole("main").getByRole("link", { name: "sample CSV" });
      await expect(sampleLink).toHaveAttribute("href", "/investors/import/sample.csv");
      const sample = await page.request.get("/investors/import/sample.csv");
      expect(sample.status()).toBe(200);
      expect(sample.headers()["content-type"]).toContain("text/csv");
      expect(await sample.text()).toMatch(/^name,firm,kind,email/);
      await page.getByLabel("CSV file").setInputFiles("docs/sample-investors.csv");
      await page.getByRole("button", { name: "Preview" }).click();
      await page
        .getByRole("region", { name: "Preview" })
        .getByRole("button", { name: /^Import \d+ new/ })
        .click();
      const summary = page.getByRole("region", { name: "Imported" });
      await expect(summary.getByRole("status")).toHaveText(/^\d+ imported\.$/);
      await summary.getByRole("link", { name: "Today" }).click();
      await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
      // Two steps done: the guide folds to its last step in one line, so Today is on the first screen.
      await expect(page.getByRole("region", { name: "Your first morning, in three steps" })).toHaveCount(0);
      const lastStep = page.locator(".first-morning-last");
      await expect(lastStep).toContainText('Last step: read Today below; press "Emailed" or "Asked" once you write.');
      const box = await lastStep.boundingBox();
      expect(box?.height ?? 0).toBeLessThan(100);
      await screenshots(page, `${mode}-3-after-the-import`);

      // Emailed: the guide is done and gone; Undo takes back exactly the entry and the status.
      const emailed = page.getByRole("button", { name: /^Emailed / }).first();
      const name = ((await emailed.getAttribute("aria-label")) ?? "").replace(/^Emailed /, "");
      const before = await exported(page, name);
      await emailed.click();
      await expect(page.getByRole("status").filter({ hasText: `Recorded: you emailed ${name} today.` })).toBeVisible();
      await expect(page.locator(".first-morning-last")).toHaveCount(0);
      expect(await exported(page, name)).toEqual({
        status: before.status === "not_contacted" ? "contacted" : before.status,
        notes: ["Emailed"],
      });
      if (javaScriptEnabled) await expect(page.locator(".undo-toast[aria-live=polite]")).toBeVisible();
      await screenshots(page, `${mode}-4-emailed`);

      await page.getByRole("button", { name: `Undo: you did not email ${name}` }).click();
      await expect(page.getByRole("status").filter({ hasText: `Undone: the email to ${name} is no longer recorded.` })).toBeVisible();
      expect(await exported(page, name)).toEqual(before);
      // The undo took the first contact back: the last step is to do again.
      await expect(page.locator(".first-morning-last")).toContainText("Last step: read Today below");
      expect(errors).toEqual([]);
    });
  });
}
