import { type Page, expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * Whose round an investor's amount is for (issue 20 item 1, docs/product.md#the-round): with two
 * startups the investor page's "For the round of" sets it, with JavaScript on and off, the board's
 * card names that round, and /export.json reads it back.
 */

type Exported = { investors: Array<{ name: string; amount: number | null; amount_startup_id: number | null }> };

async function savedInvestor(page: Page, name: string) {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  return ((await response.json()) as Exported).investors.find((investor) => investor.name === name);
}

async function addStartup(page: Page, name: string): Promise<number> {
  const created = await page.request.post("/api/startups", {
    data: { name, pitch: "Payments for clinics", sector: "fintech", stage: "seed" },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { startup: { id: number } }).startup.id;
}

/** Submits the edit form and waits for its POST's answer. */
async function save(page: Page): Promise<void> {
  await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === "POST" && /\/investors\/\d+(\.data)?$/.test(new URL(response.url()).pathname),
    ),
    page.getByRole("button", { name: "Save", exact: true }).click(),
  ]);
  await expect(page.getByText("Saved.")).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });
    const suffix = javaScriptEnabled ? "On" : "Off";

    test("'For the round of' keeps an amount in one startup's round, read back through /export.json", async ({ page }) => {
      test.setTimeout(120_000);
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      const alpha = await addStartup(page, `Alpha Amounts ${suffix}`);
      const beta = await addStartup(page, `Beta Amounts ${suffix}`);
      expect((await page.request.put("/api/round", { data: { startup_id: alpha, target: 1_000_000 } })).status()).toBe(200);

      const name = `Ari Amount ${suffix}`;
      const url = await addInvestor(page, { name, status: "committed" });
      await page.goto(url);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      const round = page.getByLabel("For the round of");
      await expect(round.locator("option:checked")).toHaveText(`The round raising now (Alpha Amounts ${suffix})`);
      await page.getByLabel("Amount", { exact: true }).fill("100k");
      await round.selectOption({ label: `Beta Amounts ${suffix}` });
      await save(page);
      expect(await savedInvestor(page, name)).toMatchObject({ amount: 100_000, amount_startup_id: beta });
      await expect(page.getByLabel("For the round of").locator("option:checked")).toHaveText(`Beta Amounts ${suffix}`);
      // The board's card says whose round the amount is for: Alpha's column total leaves it out.
      await page.goto("/board?show=committed");
      const card = page.locator(`[data-card-id="${url.split("/").pop()}"]`);
      await expect(card).toContainText(`$100k for Beta Amounts ${suffix}`);
      await page.goto(url);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");

      // Back to the round raising now: stored as null, so the amount follows whichever startup raises.
      await page.getByLabel("For the round of").selectOption({ label: `The round raising now (Alpha Amounts ${suffix})` });
      await save(page);
      expect(await savedInvestor(page, name)).toMatchObject({ amount: 100_000, amount_startup_id: null });
      expect(errors).toEqual([]);
    });
  });
}
