import { type Page, expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, openSignedIn, waitForHydration, expectReadable } from "./helpers.ts";

/**
 * An owner per investor (decision 062): the investor page's Owner select sets it, with JavaScript
 * on and off, /export.json reads it back, and "Mine / Everyone" on Today are plain links that show
 * only the signed-in member's investors, at a laptop's and a phone's width, axe clean.
 */

// Digits only: all specs share one database.
const suffix = String(Date.now());

type Exported = { investors: Array<{ name: string; owner_member_id: number | null }> };

async function ownerOf(page: Page, name: string): Promise<number | null | undefined> {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  return ((await response.json()) as Exported).investors.find((investor) => investor.name === name)?.owner_member_id;
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`Owners with JavaScript ${javaScriptEnabled ? "on" : "off"} at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("the Owner select gives an investor to the signed-in member, and Mine shows only theirs", async ({ page }) => {
        test.setTimeout(120_000);
        const errors = collectConsoleErrors(page);
        await openSignedIn(page);
        const tag = `${suffix}${javaScriptEnabled ? "1" : "0"}${width}`;
        const mine = `Mine Owner ${tag}`;
        const nobody = `Nobody Owner ${tag}`;
        await addInvestor(page, { name: nobody });
        const url = await addInvestor(page, { name: mine });

        await page.goto(url);
        if (javaScriptEnabled) await waitForHydration(page);
        const owner = page.getByLabel("Owner", { exact: true });
        await expect(owner.locator("option:checked")).toHaveText("Nobody");
        // The team's first member is the owner, signed in by the passcode: the member this browser is.
        await owner.selectOption({ index: 1 });
        const chosen = await owner.locator("option:checked").textContent();
        await Promise.all([
          page.waitForResponse(
            (response) => response.request().method() === "POST" && /\/investors\/\d+(\.data)?$/.test(new URL(response.url()).pathname),
          ),
          page.getByRole("button", { name: "Save", exact: true }).click(),
        ]);
        await expect(page.getByText("Saved.")).toBeVisible();
        await expect(page.getByLabel("Owner", { exact: true }).locator("option:checked")).toHaveText(chosen ?? "");
        const ownerId = await ownerOf(page, mine);
        expect(ownerId).toEqual(expect.any(Number));
        expect(await ownerOf(page, nobody)).toBeNull();

        // Mine / Everyone: plain links on Today.
        await page.goto(`/?q=${tag}`);
        const filter = page.getByRole("navigation", { name: "Whose investors" });
        await expect(filter.getByRole("link", { name: "Everyone" })).toHaveAttribute("aria-current", "page");
        await filter.getByRole("link", { name: "Mine" }).click();
        await expect(page).toHaveURL(/[?&]mine=1/);
        await page.goto(`/?mine=1&q=${tag}`);
        await expect(filter.getByRole("link", { name: "Mine" })).toHaveAttribute("aria-current", "page");
        await expect(filter).toContainText(/no owner/);
        await expect(page.getByRole("link", { name: mine }).first()).toBeVisible();
        await expect(page.getByRole("link", { name: nobody })).toHaveCount(0);
        if (javaScriptEnabled) {
          await expectReadable(page);
        }
        await page.screenshot({
          path: `test-results/screens/owners-mine-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
          fullPage: true,
        });

        await filter.getByRole("link", { name: "Everyone" }).click();
        await expect(page).not.toHaveURL(/mine=1/);
        await page.goto(`/?q=${tag}`);
        await expect(page.getByRole("link", { name: mine }).first()).toBeVisible();
        await expect(page.getByRole("link", { name: nobody }).first()).toBeVisible();
        expect(errors).toEqual([]);
      });
    });
  }
}
