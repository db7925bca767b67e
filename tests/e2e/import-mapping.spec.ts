import { expect, type Page, test } from "@playwright/test";
import { collectConsoleErrors, signIn } from "./helpers.ts";

// Digits only, and no word another spec searches for ("ma", "qua"): all specs share one database.
const suffix = String(Date.now());

async function exportedInvestor(page: Page, name: string) {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    investors: Array<{ name: string; firm: string | null; geographies: string[]; stages: string[] }>;
  };
  return body.investors.filter((investor) => investor.name === name);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Import mapping with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("maps a column by hand, re-previews, and imports what was previewed", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await signIn(page);
      const tag = `${suffix}${javaScriptEnabled ? "1" : "0"}`;
      const csv = ["Fund,Partner,Region,Stage", `Kestrel Fund ${tag},Pat ${tag},"Slovenia, Croatia",Seed to Growth`].join("\n");
      await page.goto("/investors/import");
      await page.getByLabel("CSV file").setInputFiles({ name: "fund-list.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByRole("region", { name: "Preview" });
      await expect(preview).toContainText("1 new");
      await expect(preview.getByRole("table", { name: "New investors" }).getByRole("cell", { name: `Kestrel Fund ${tag}` })).toBeVisible();
      await expect(page.getByLabel("Imported as, for Fund")).toHaveValue("name");

      // The partner is the investor here, at the fund.
      await page.getByLabel("Imported as, for Fund").selectOption("firm");
      await page.getByLabel("Imported as, for Partner").selectOption("name");
      await page.getByRole("button", { name: "Apply column choices" }).click();
      await expect(
        preview.getByRole("table", { name: "New investors" }).getByRole("cell", { name: `Pat ${tag}`, exact: true }),
      ).toBeVisible();
      await expect(page.getByLabel("Imported as, for Partner")).toHaveValue("name");

      await preview.getByRole("button", { name: "Import 1 new" }).click();
      await expect(page.getByRole("region", { name: "Imported" })).toContainText("1 new");
      expect(await exportedInvestor(page, `Pat ${tag}`)).toEqual([
        expect.objectContaining({
          firm: `Kestrel Fund ${tag}`,
          geographies: ["Slovenia", "Croatia"],
          stages: ["seed", "series_a", "series_b_plus"],
        }),
      ]);
      expect(await exportedInvestor(page, `Kestrel Fund ${tag}`)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
