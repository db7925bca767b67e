import { type Page, expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * Fixing an investor on its page (decision 026): the profile in the founder's words, a merge and
 * a delete, with JavaScript on and off, each read back through /export.json.
 */

type Exported = {
  id: number;
  name: string;
  firm: string | null;
  kind: string;
  website: string | null;
  sectors: string[];
  stages: string[];
  geographies: string[];
  check_min: number | null;
  check_max: number | null;
  check_currency: string | null;
  personal_notes: string | null;
};

async function saved(page: Page): Promise<Exported[]> {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  return (await response.json()).investors;
}

async function one(page: Page, name: string): Promise<Exported | undefined> {
  const found = (await saved(page)).filter((investor) => investor.name === name);
  expect(found.length, `at most one investor named ${name}`).toBeLessThanOrEqual(1);
  return found[0];
}

/** Submits a form on the investor page and waits for that POST's answer (a status line may be left from before). */
async function submit(page: Page, button: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && /\/investors\/\d+/.test(new URL(response.url()).pathname)),
    page.getByRole("button", { name: button, exact: true }).click(),
  ]);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    const suffix = javaScriptEnabled ? "On" : "Off";

    test("the profile is edited in the founder's words, a duplicate merged in, then the investor deleted", async ({ page }) => {
      // Three forms and a dozen saves read back: longer than one form's spec on a shared machine.
      test.setTimeout(90_000);
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      const name = `Pat Profile ${suffix}`;
      const duplicate = `Pat Duplicate ${suffix}`;
      await addInvestor(page, { name: duplicate, firm: `Duplicate Capital ${suffix}` });
      const url = await addInvestor(page, { name });
      const ready = async () => {
        if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      };
      await page.goto(url);
      await ready();

      // A mistake is said in words, and nothing is saved.
      await page.getByLabel("Cheque range").fill("a lot");
      await page.getByLabel("Stages").fill("Seed, Series Q");
      await submit(page, "Update profile");
      await expect(page.getByText("Write the cheque range like $250k-$1M or €500k; 'a lot' is not an amount")).toBeVisible();
      await expect(page.getByText("'Series Q' is not a stage")).toBeVisible();
      expect((await one(page, name))?.check_min).toBeNull();

      // The profile as people write it.
      await page.getByLabel("Kind").selectOption("angel");
      await page.getByLabel("Website").fill("patprofile.vc");
      await page.getByLabel("Sectors").fill("Fintech, AI/ML");
      await page.getByLabel("Stages").fill("Seed, Series A");
      await page.getByLabel("Geographies").fill("UK, Netherlands");
      await page.getByLabel("Cheque range").fill("€250k-€1M");
      await submit(page, "Update profile");
      await expect(page.getByRole("status")).toHaveText("Profile saved and re-scored.");
      expect(await one(page, name)).toMatchObject({
        kind: "angel",
        firm: null,
        website: "https://patprofile.vc",
        sectors: ["Fintech", "AI/ML"],
        stages: ["seed", "series_a"],
        geographies: ["United Kingdom", "Netherlands"],
        check_min: 250_000,
        check_max: 1_000_000,
        check_currency: "EUR",
      });
      // The form shows what was saved, as text that reads back the same.
      await page.reload();
      await expect(page.getByLabel("Cheque range")).toHaveValue("€250k-€1M");
      await expect(page.getByLabel("Geographies")).toHaveValue("United Kingdom, Netherlands");

      // Merge the duplicate, found by name.
      await ready();
      await page.getByLabel("Find the other investor by name, firm or email").fill(duplicate);
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await expect(page.getByRole("radio", { name: new RegExp(duplicate) })).toBeChecked();
      await submit(page, "Merge");
      await expect(page.getByText("Tick the box to confirm the merge.")).toBeVisible();
      expect(await one(page, duplicate)).toBeDefined();
      await page.getByLabel(`Yes, merge it into ${name} and delete it`).check();
      await submit(page, "Merge");
      await expect(page.getByText(`Merged: ${name} now holds`)).toBeVisible();
      expect(await one(page, duplicate)).toBeUndefined();
      expect(await one(page, name)).toMatchObject({ firm: `Duplicate Capital ${suffix}`, check_currency: "EUR" });

      // Delete, confirmed.
      await ready();
      await submit(page, "Delete investor");
      await expect(page.getByText("Tick the box to confirm the delete.")).toBeVisible();
      expect(await one(page, name)).toBeDefined();
      await page.getByLabel(`Yes, delete ${name} and everything about them`).check();
      await page.getByRole("button", { name: "Delete investor" }).click();
      await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
      expect(await one(page, name)).toBeUndefined();
      expect(errors).toEqual([]);
    });
  });
}
