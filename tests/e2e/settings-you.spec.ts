import { expect, test } from "@playwright/test";
import { collectConsoleErrors, openSignedIn, expectReadable } from "./helpers.ts";

// The owner's own details (/settings/you, decision 059): saved, read back, and a wrong phone said in words.
for (const javaScript of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`your own details at ${width} px ${javaScript ? "with" : "without"} JavaScript`, () => {
      test.use({ javaScriptEnabled: javaScript, viewport: { width, height: 900 } });

      test("are saved and read back; a phone not in international form is refused in words, nothing lost", async ({ page }) => {
        const errors = collectConsoleErrors(page);
        await openSignedIn(page);
        await page.goto("/settings");
        await page.getByRole("link", { name: "You", exact: true }).click();
        await expect(page.getByRole("heading", { name: "You", exact: true })).toBeVisible();
        await expect(page.getByText("You own this pipeline")).toBeVisible();

        const email = `marie.${width}.${javaScript ? "js" : "nojs"}@ledgerly.example`;
        await page.getByLabel("Your name").fill("Marie Curie");
        await page.getByLabel("Email (optional)").fill(email);
        await page.getByLabel("Phone (optional)").fill("912 34 567");
        await page.getByRole("button", { name: "Save your details" }).click();
        await expect(page.getByText("Phone must be in international form, like +47 912 34 567")).toBeVisible();
        await expect(page.getByLabel("Email (optional)")).toHaveValue(email);

        await page.getByLabel("Phone (optional)").fill("+47 912 34 567");
        await page.getByRole("button", { name: "Save your details" }).click();
        await expect(page.getByRole("status")).toHaveText("Saved.");
        await page.reload();
        await expect(page.getByLabel("Your name")).toHaveValue("Marie Curie");
        await expect(page.getByLabel("Email (optional)")).toHaveValue(email);
        await expect(page.getByLabel("Phone (optional)")).toHaveValue("+4791234567");
        // The header says who is signed in, by the name just saved (on a phone, Settings links here instead).
        if (width === 1440) await expect(page.getByRole("link", { name: "Signed in as Marie Curie: your details" })).toBeVisible();

        // Both read the page with a script: with JavaScript off the page runs none, and it is the same page.
        if (javaScript) {
          await expectReadable(page);
        }
        await page.screenshot({ path: `test-results/screens/settings-you-${width}-${javaScript ? "js" : "nojs"}.png`, fullPage: true });
        expect(errors).toEqual([]);
      });
    });
  }
}
