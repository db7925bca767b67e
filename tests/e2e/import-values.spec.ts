import { expect, type Page, test } from "@playwright/test";
import { collectConsoleErrors, openSignedIn, expectReadable } from "./helpers.ts";

// Digits only: all specs share one database, and values chosen by hand are remembered per value.
const suffix = String(Date.now());

async function exported(page: Page, names: string[]) {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { investors: Array<{ name: string; relationship_status: string; pass_reason: string | null }> };
  return Object.fromEntries(
    body.investors
      .filter((investor) => names.includes(investor.name))
      .map((investor) => [investor.name, [investor.relationship_status, investor.pass_reason]]),
  );
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`Import values with JavaScript ${javaScriptEnabled ? "on" : "off"} at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("asks what a status word means, imports nothing until it is chosen, then imports each as it means", async ({ page }) => {
        // axe on a page of tables takes a while on a busy 2-core machine.
        test.setTimeout(120_000);
        const errors = collectConsoleErrors(page);
        await openSignedIn(page);
        const tag = `${suffix}${javaScriptEnabled ? "1" : "0"}${width}`;
        const names = [`Sara ${tag}`, `Ana ${tag}`, `Tom ${tag}`];
        const csv = [
          "Investor,Fund,Status",
          `${names[0]},Nordic Seed,Call booked`,
          `${names[1]},Iberia VC,Passed - too early`,
          `${names[2]},Holm Invest,Parked ${tag}`,
        ].join("\n");
        await page.goto("/investors/import");
        await page.getByLabel("CSV file").setInputFiles({ name: "tracker.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
        await page.getByRole("button", { name: "Preview" }).click();
        const preview = page.getByRole("region", { name: "Preview" });
        await expect(preview).toContainText("1 status needs your choice");
        const statuses = preview.getByRole("table", { name: "Values: statuses" });
        await expect(statuses).toContainText("Call booked");
        await expect(page.getByLabel("Imported as, for status Call booked")).toHaveValue("meeting_scheduled");
        await expect(page.getByLabel("Imported as, for status Passed - too early")).toHaveValue("passed:too_early");
        await expect(page.getByLabel(`Imported as, for status Parked ${tag}`)).toHaveValue("");
        // The preview with its values reads on a phone (nothing sideways but inside a table's own scroll) and to a screen reader.
        // (Both read the page with a script: with JavaScript off the page runs none, and it is the same page.)
        if (javaScriptEnabled) {
          await expectReadable(page);
        }
        await page.screenshot({
          path: `test-results/screens/import-values-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
          fullPage: true,
        });

        // Import before choosing: nothing is saved, and the page says what to do.
        await preview.getByRole("button", { name: "Import 3 new" }).click();
        await expect(page.getByRole("region", { name: "Preview" })).toContainText("1 status needs your choice");
        expect(await exported(page, names)).toEqual({});

        // Choosing and importing is one post.
        await page.getByLabel(`Imported as, for status Parked ${tag}`).selectOption("researching");
        await page.getByRole("region", { name: "Preview" }).getByRole("button", { name: "Import 3 new" }).click();
        await expect(page.getByRole("region", { name: "Imported" })).toContainText("3 imported; 1 status mapped by you");
        expect(await exported(page, names)).toEqual({
          [names[0] as string]: ["meeting_scheduled", null],
          [names[1] as string]: ["passed", "too_early"],
          [names[2] as string]: ["researching", null],
        });

        // Today's Email first does not list any of them.
        await page.goto("/");
        const emailFirst = page.locator(".today-email_first");
        await expect(emailFirst).toBeVisible();
        for (const name of names) await expect(emailFirst).not.toContainText(name);
        expect(errors).toEqual([]);
      });
    });
  }
}
