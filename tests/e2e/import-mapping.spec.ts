import { expect, type Page, test } from "@playwright/test";
import { collectConsoleErrors, openSignedIn } from "./helpers.ts";

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
      await openSignedIn(page);
      const tag = `${suffix}${javaScriptEnabled ? "1" : "0"}`;
      // A header of this run's own: columns chosen by hand are remembered per header row, and all specs share one database.
      const header = `Fund,Partner,Region,Stage,List ${tag}`;
      const csv = [header, `Kestrel Fund ${tag},Pat ${tag},"Slovenia, Croatia",Seed to Growth,x`].join("\n");
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

      // The next file with the same column names starts from the columns chosen by hand.
      await page.goto("/investors/import");
      const next = [header, `Osprey Fund ${tag},Ria ${tag},Croatia,Seed,y`].join("\n");
      await page.getByLabel("CSV file").setInputFiles({ name: "fund-list-2.csv", mimeType: "text/csv", buffer: Buffer.from(next) });
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(preview).toContainText("Using the columns you chose last time");
      await expect(page.getByLabel("Imported as, for Partner")).toHaveValue("name");
      await expect(page.getByLabel("Imported as, for Fund")).toHaveValue("firm");
      expect(errors).toEqual([]);
    });
  });
}
