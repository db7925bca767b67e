import { type Page, expect, test } from "@playwright/test";
import { addInvestor, collectConsoleErrors, continueToToday, openSignedIn, waitForHydration } from "./helpers.ts";
import { E2E_PASSCODE } from "./playwright.config.ts";

/**
 * Every form, with JavaScript on and off (docs/product.md#pages), each checked by reading the saved data back
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
  sectors: string[];
  website: string | null;
  check_min: number | null;
  check_max: number | null;
  relationship_status: string;
  last_contact_date: string | null;
  personal_notes: string | null;
  contact_history: { date: string | null; channel: string | null; note: string }[];
};

async function exported(page: Page): Promise<{
  investors: ExportedInvestor[];
  startups: { id: number; name: string; roundSize: number | null; rubrics: { version: number; rubric: unknown }[]; scores: unknown[] }[];
}> {
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

/**
 * Saves the investor form and waits for that save's answer: "Saved." may still be on screen from
 * the previous save, so seeing it proves nothing by itself.
 */
async function saveAndWait(page: Page): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && /\/investors\/\d+/.test(new URL(response.url()).pathname)),
    page.getByRole("button", { name: "Save" }).click(),
  ]);
  await expect(page.getByRole("status")).toHaveText("Saved.");
}

async function expectNoRawZodText(page: Page): Promise<void> {
  await expect(page.locator("main")).not.toContainText(RAW_ZOD);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    const suffix = javaScriptEnabled ? "On" : "Off";

    test("the investor edit saves status, last contact, a contact and notes", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      const name = `Edith Edit ${suffix}`;
      const url = await addInvestor(page, { name, firm: "Edit Capital" });
      await page.goto(url);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");

      // Only the status.
      await page.getByLabel("Relationship status").selectOption("researching");
      await saveAndWait(page);
      expect((await savedInvestor(page, name)).relationship_status).toBe("researching");

      // Everything at once.
      await page.getByLabel("Relationship status").selectOption("in_conversation");
      await page.getByLabel("Last contact").fill("2026-11-02");
      await page.getByLabel("Private notes").fill("Likes climate hardware.");
      await page.getByLabel("Date", { exact: true }).fill("2026-11-20");
      await page.getByLabel("Channel").fill("call");
      await page.getByLabel("Note", { exact: true }).fill("Partner meeting next week");
      await saveAndWait(page);
      await expectNoRawZodText(page);
      let saved = await savedInvestor(page, name);
      expect(saved.relationship_status).toBe("in_conversation");
      // A dated contact moves the last contact forward, never back.
      expect(saved.last_contact_date).toBe("2026-11-20");
      expect(saved.personal_notes).toBe("Likes climate hardware.");
      expect(saved.contact_history).toEqual([
        expect.objectContaining({ date: "2026-11-20", channel: "call", note: "Partner meeting next week" }),
      ]);

      // The page shows what was saved after a reload (and is changed only once hydrated: a field
      // emptied before hydration came back as its text less one letter).
      await page.reload();
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByLabel("Relationship status")).toHaveValue("in_conversation");
      await expect(page.getByLabel("Last contact")).toHaveValue("2026-11-20");
      await expect(page.getByLabel("Private notes")).toHaveValue("Likes climate hardware.");
      await expect(page.getByRole("region", { name: "Contact history" })).toContainText("Partner meeting next week");

      // Emptying the private notes clears them; an empty contact adds nothing.
      await page.getByLabel("Private notes").fill("");
      await saveAndWait(page);
      saved = await savedInvestor(page, name);
      expect(saved.personal_notes).toBeNull();
      expect(saved.contact_history).toHaveLength(1);
      expect(saved.relationship_status).toBe("in_conversation");
      expect(errors).toEqual([]);
    });

    test("the investor edit explains what to fix, in words, and saves nothing", async ({ page }) => {
      await openSignedIn(page);
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

    test("sign in: an empty or wrong passcode is explained, the right one opens a session", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await page.goto("/login");
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("Enter your passcode.")).toBeVisible();
      expect((await page.request.get("/export.json", { maxRedirects: 0 })).status()).not.toBe(200);

      await page.getByLabel("Passcode").fill("not-the-passcode");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toContainText("That passcode is not right");
      await expect(page.getByLabel("Passcode")).toHaveValue("");

      await page.getByLabel("Passcode").fill(E2E_PASSCODE);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { name: "Your pipeline" })).toBeVisible();
      // The session is real: the export answers; signing out ends it.
      expect((await page.request.get("/export.json")).status()).toBe(200);
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect((await page.request.get("/export.json", { maxRedirects: 0 })).status()).not.toBe(200);
      expect(errors).toEqual([]);
    });

    test("add investor: missing and malformed fields are explained, a valid one is saved", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      await page.goto("/investors/new");
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await page.getByLabel("Website").evaluate((input: HTMLInputElement) => (input.type = "text"));
      await page.getByLabel("Website").fill("www.ventures.example.com");
      await page.getByRole("button", { name: "Add investor" }).click();
      await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
      await expect(page.getByText("Website must start with http:// or https://")).toBeVisible();
      await expectNoRawZodText(page);

      const name = `Nadia New ${suffix}`;
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Website").fill("https://ventures.example.com");
      await page.getByLabel("Sectors").fill(`fintech; ${"x".repeat(81)}`);
      await page.getByRole("button", { name: "Add investor" }).click();
      await expect(page.getByText("Sectors must be at most 80 characters")).toBeVisible();
      await page.getByLabel("Sectors").fill("fintech; climate");
      await page.getByLabel("Smallest check (USD)").fill("250k");
      await page.getByLabel("Largest check (USD)").fill("100k");
      await page.getByRole("button", { name: "Add investor" }).click();
      await expect(page.getByText("Largest check must be at least the smallest check")).toBeVisible();
      await page.getByLabel("Largest check (USD)").fill("1.5m");
      await page.getByRole("button", { name: "Add investor" }).click();
      await expect(page.getByRole("heading", { name })).toBeVisible();
      const saved = await savedInvestor(page, name);
      expect(saved).toMatchObject({
        website: "https://ventures.example.com",
        check_min: 250_000,
        check_max: 1_500_000,
        sectors: ["fintech", "climate"],
      });
      expect(errors).toEqual([]);
    });

    test("import: the preview writes nothing, the commit writes the new rows", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      const name = `Imogen Import ${suffix}`;
      const csv = [
        "name,firm,email,sectors,relationship_status",
        `${name},Import Partners,imogen.${suffix.toLowerCase()}@import.example.com,robotics;ai,contacted`,
        ",Nowhere,not-an-email,,",
      ].join("\n");
      await page.goto("/investors/import");
      await page.getByLabel("CSV file").setInputFiles({ name: "import.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByRole("region", { name: "Preview" });
      await expect(preview).toContainText("1 new");
      await expect(preview).toContainText("1 rejected");
      expect((await exported(page)).investors.some((investor) => investor.name === name)).toBe(false);

      await page.getByRole("button", { name: "Import 1 new" }).click();
      await continueToToday(page);
      expect(await savedInvestor(page, name)).toMatchObject({
        firm: "Import Partners",
        relationship_status: "contacted",
        sectors: ["robotics", "ai"],
      });
      expect((await exported(page)).investors.some((investor) => investor.email === "not-an-email")).toBe(false);
      expect(errors).toEqual([]);
    });

    test("startups: add, edit the rubric, evaluate, regenerate and delete", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      page.on("dialog", (dialog) => void dialog.accept());
      await openSignedIn(page);
      await page.goto("/startups/new");
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Add startup" }).click();
      await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
      await expect(page.getByText("Pitch is required")).toBeVisible();
      await expect(page.getByText("Sector is required")).toBeVisible();
      await expectNoRawZodText(page);

      const name = `Polonium ${suffix}`;
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Sector").fill("climate");
      await page.getByLabel("Round size").fill("lots");
      await page.getByLabel("Pitch").fill("Heat batteries for factories.");
      await page.getByRole("button", { name: "Add startup" }).click();
      await expect(page.getByText("Round size must be an amount like 2m, €1.5m or NOK 20m")).toBeVisible();
      // In the founder's currency, as written (a walkthrough: "NOK 20m" was refused as not US dollars).
      await page.getByLabel("Round size").fill("NOK 20m");
      await page.getByRole("button", { name: "Add startup" }).click();
      await expect(page.getByRole("heading", { level: 1, name: new RegExp(name) })).toBeVisible();
      const startupOf = async () => (await exported(page)).startups.find((startup) => startup.name === name);
      const created = await startupOf();
      expect(created).toMatchObject({ name, roundSize: 20_000_000, roundCurrency: "NOK" });
      const versions = created!.rubrics.length;
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");

      // The rubric: a rule across two fields is explained, then a valid edit is saved.
      await page.getByLabel("Email first at score").fill("40");
      await page.getByLabel("Don't chase under score").fill("45");
      await page.getByRole("button", { name: "Save rubric" }).click();
      await expect(page.getByText("Don't chase under score must be below Email first at score")).toBeVisible();
      expect((await startupOf())!.rubrics).toHaveLength(versions);
      await page.getByLabel("Don't chase under score").fill("15");
      await page.locator("#weight-sector").fill("9.5");
      await page.getByRole("button", { name: "Save rubric" }).click();
      await expect(page.getByRole("status")).toContainText("Rubric saved");
      const rubrics = (await startupOf())!.rubrics as {
        version: number;
        rubric: { weights: { sector: number }; thresholds: { email_first: number; dont_chase: number } };
      }[];
      expect(rubrics).toHaveLength(versions + 1);
      expect(rubrics.at(-1)!.rubric).toMatchObject({ weights: { sector: 9.5 }, thresholds: { email_first: 40, dont_chase: 15 } });
      await page.reload();
      await expect(page.locator("#weight-sector")).toHaveValue("9.5");

      // Evaluate scores every investor for this startup (the offline model has no evaluation to give).
      await page.getByRole("button", { name: "Evaluate evidence" }).click();
      await expect(page.getByRole("status")).toContainText(/Evaluated|ranked \d+ investors/);
      const scored = await startupOf();
      expect(scored!.scores.length).toBe((await exported(page)).investors.length);

      // Regenerate: the offline model drafts nothing, so the current rubric is kept, and the page says so.
      await page.getByRole("button", { name: "Regenerate rubric" }).click();
      await expect(page.getByRole("status")).toContainText(/current (one|rubric) was kept/);
      expect((await startupOf())!.rubrics).toHaveLength(versions + 1);

      await page.getByRole("button", { name: "Delete startup" }).click();
      await expect(page.getByRole("heading", { name: "Startups", level: 1 })).toBeVisible();
      expect(await startupOf()).toBeUndefined();
      expect(errors).toEqual([]);
    });

    test("demo: simulate and reset say what they did, and a note past the demo's bounds is refused", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await page.goto("/demo");
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Simulate a refresh" }).click();
      await expect(page.getByRole("status")).toHaveText(/^Simulated a refresh: \d+ investors updated\.$/);
      await expect(page.getByText("Last refresh: Completed")).toBeVisible();

      // A change to a demo investor, undone by the reset.
      const first = page.locator(".investor-table tbody tr a").first();
      const investorName = (await first.innerText()).trim();
      await first.click();
      // The demo's bounds (decision 018), said on the form with or without JavaScript.
      await page.getByLabel("Private notes").fill("x".repeat(501));
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("On the demo private notes are at most 500 characters; these have 501.")).toBeVisible();
      await page.getByLabel("Private notes").fill("Scribbled on the demo");
      await saveAndWait(page);

      await page.goto("/demo");
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Reset demo" }).click();
      await expect(page.getByRole("status")).toHaveText(/^Demo reset: \d+ demo investors, as new\.$/);
      const count = Number(/(\d+)/.exec(await page.getByRole("status").innerText())![1]);
      expect(count).toBeGreaterThanOrEqual(50);
      await page.getByRole("searchbox", { name: "Search" }).fill(investorName);
      await page.getByRole("button", { name: "Filter" }).click();
      await page.locator(".investor-table tbody tr a", { hasText: investorName }).first().click();
      await expect(page.getByLabel("Private notes")).not.toHaveValue("Scribbled on the demo");
      expect(errors).toEqual([]);
    });
  });
}
