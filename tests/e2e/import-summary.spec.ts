import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { collectConsoleErrors, openSignedIn } from "./helpers.ts";

// Digits only, and no word another spec searches for: all specs share one database.
const suffix = String(Date.now());

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Import summary with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, acceptDownloads: true });

    test("lands on what the import did, downloads every refused row with its reason, and goes on to Today", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      const tag = `${suffix}${javaScriptEnabled ? "1" : "0"}`;
      // A list's test row is refused like a nameless one, with its reason (decision 040).
      const lines = ["Investor Name,Fund,Status", `Quill ${tag},Quill Fund ${tag},Contacted`, `test,Test Fund ${tag},Contacted`];
      for (let index = 0; index < 55; index++) lines.push(`,Nameless ${tag} ${index},Contacted`);
      await page.goto("/investors/import");
      await page.getByLabel("CSV file").setInputFiles({ name: "tracker.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByRole("region", { name: "Preview" }).getByRole("button", { name: "Import 1 new" }).click();

      const summary = page.getByRole("region", { name: "Imported" });
      await expect(summary).toContainText("1 new");
      await expect(summary).toContainText("56 refused");
      expect(page.url()).toMatch(/\/investors\/import\?done=/);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        summary.getByRole("link", { name: /Download the 56 refused rows/ }).click(),
      ]);
      const path = await download.path();
      const { readFileSync } = await import("node:fs");
      const rows = parse(readFileSync(path, "utf8")) as string[][];
      expect(rows[0]).toEqual(["line", "reason", "Investor Name", "Fund", "Status"]);
      expect(rows).toHaveLength(57);
      expect(rows[1]).toEqual(["3", "Looks like a test row: 'test'", "test", `Test Fund ${tag}`, "Contacted"]);
      expect(rows[56]).toEqual(["58", "has no name", "", `Nameless ${tag} 54`, "Contacted"]);

      await summary.getByRole("link", { name: "Today" }).click();
      await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
