import { type Page, expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, signIn } from "./helpers.ts";

/**
 * Every form, with JavaScript on and off (SPEC §10), each checked by reading the saved data back
 * (/export.json with the session), never by a toast alone.
 *
 * The e2e specs share one server, and Playwright runs files in alphabetical order: this file's
 * name puts it after today.spec and startups.spec, whose first pages (50 rows) must still hold
 * the investors they add when this file adds its own.
 */

type ExportedInvestor = {
  id: number;
  name: string;
  firm: string | null;
  email: string | null;
  website: string | null;
  check_min: number | null;
  check_max: number | null;
  relationship_status: string;
  last_contact_date: string | null;
  personal_notes: string | null;
  contact_history: { date: string | null; channel: string | null; note: string }[];
};

async function exported(page: Page): Promise<{ investors: ExportedInvestor[]; startups: { id: number; name: string; rubrics: { version: number; rubric: unknown }[] }[] }> {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  return response.json();
}

async function savedInvestor(page: Page, name: string): Promise<ExportedInvestor> {
  const found = (await exported(page)).investors.filter((investor) => investor.name === name);
  expect(found, `one saved investor named ${name}`).toHaveLength(1);
  return found[0]!;
}

const RAW_ZOD = /Invalid input|Too small|Too big|expected string|received undefined|Unrecognized key/;

async function expectNoRawZodText(page: Page): Promise<void> {
  await expect(page.locator("main")).not.toContainText(RAW_ZOD);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    const suffix = javaScriptEnabled ? "On" : "Off";

    test("the investor edit saves status, last contact, a contact and notes", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await signIn(page);
      const name = `Edith Edit ${suffix}`;
      const url = await addInvestor(page, { name, firm: "Edit Capital" });
      await page.goto(url);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");

      // Only the status.
      await page.getByLabel("Relationship status").selectOption("researching");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toHaveText("Saved.");
      expect((await savedInvestor(page, name)).relationship_status).toBe("researching");

      // Everything at once.
      await page.getByLabel("Relationship status").selectOption("in_conversation");
      await page.getByLabel("Last contact").fill("2026-11-02");
      await page.getByLabel("Private notes").fill("Likes climate hardware.");
      await page.getByLabel("Date", { exact: true }).fill("2026-11-20");
      await page.getByLabel("Channel").fill("call");
      await page.getByLabel("Note", { exact: true }).fill("Partner meeting next week");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toHaveText("Saved.");
      await expectNoRawZodText(page);
      let saved = await savedInvestor(page, name);
      expect(saved.relationship_status).toBe("in_conversation");
      // A dated contact moves the last contact forward, never back.
      expect(saved.last_contact_date).toBe("2026-11-20");
      expect(saved.personal_notes).toBe("Likes climate hardware.");
      expect(saved.contact_history).toEqual([expect.objectContaining({ date: "2026-11-20", channel: "call", note: "Partner meeting next week" })]);

      // The page shows what was saved after a reload.
      await page.reload();
      await expect(page.getByLabel("Relationship status")).toHaveValue("in_conversation");
      await expect(page.getByLabel("Last contact")).toHaveValue("2026-11-20");
      await expect(page.getByLabel("Private notes")).toHaveValue("Likes climate hardware.");
      await expect(page.getByRole("region", { name: "Contact history" })).toContainText("Partner meeting next week");

      // Emptying the private notes clears them; an empty contact adds nothing.
      await page.getByLabel("Private notes").fill("");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status")).toHaveText("Saved.");
      saved = await savedInvestor(page, name);
      expect(saved.personal_notes).toBeNull();
      expect(saved.contact_history).toHaveLength(1);
      expect(saved.relationship_status).toBe("in_conversation");
      expect(errors).toEqual([]);
    });

    test("the investor edit explains what to fix, in words, and saves nothing", async ({ page }) => {
      await signIn(page);
      const name = `Ivy Invalid ${suffix}`;
      const url = await addInvestor(page, { name });
      await page.goto(url);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");

      // Notes too long to keep.
      await page.getByLabel("Private notes").fill("x".repeat(10_001));
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Private notes must be at most 10,000 characters")).toBeVisible();
      expect((await savedInvestor(page, name)).personal_notes).toBeNull();

      if (!javaScriptEnabled) {
        // A date that does not exist, typed where the browser has no date picker. (With JavaScript
        // the page puts its date input back; the browser runs the same check, see form-messages tests.)
        await page.getByLabel("Last contact").evaluate((input: HTMLInputElement) => (input.type = "text"));
        await page.getByLabel("Last contact").fill("2026-02-30");
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByText("Enter a date like 2026-11-23")).toBeVisible();
        await expectNoRawZodText(page);
        expect((await savedInvestor(page, name)).last_contact_date).toBeNull();
      }

      // A contact with a channel but no note.
      await page.goto(url);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await page.getByLabel("Relationship status").selectOption("contacted");
      await page.getByLabel("Channel").fill("email");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Write a note for the contact")).toBeVisible();
      await expectNoRawZodText(page);
      // Nothing was saved, and what was typed is still there.
      const saved = await savedInvestor(page, name);
      expect(saved.relationship_status).toBe("not_contacted");
      expect(saved.contact_history).toEqual([]);
      await expect(page.getByLabel("Channel")).toHaveValue("email");
    });
  });
}
