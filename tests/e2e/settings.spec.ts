import { type Page, expect, test } from "@playwright/test";
import { collectConsoleErrors, openSignedIn } from "./helpers.ts";

// The first email's subject names the startup raising now and its round once one exists (other
// specs on this shared server add startups), else the founder (decision 030).
const FIRST_SUBJECT = /^(Intro from Irène Joliot|.+ — raising .+)$/;

/** Adds an investor with an email through the real form; returns its page URL. */
async function addInvestorWithEmail(page: Page, name: string, email: string, status = "not_contacted"): Promise<string> {
  await page.goto("/investors/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Relationship status").selectOption(status);
  await page.getByRole("button", { name: "Add investor" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  return page.url();
}

async function saveDetails(page: Page, values: { name: string; pitch: string; link: string }) {
  await page.getByLabel("Your name").fill(values.name);
  await page.getByLabel("Your pitch, in one or two sentences").fill(values.pitch);
  await page.getByLabel("Meeting link").fill(values.link);
  await page.getByRole("button", { name: "Save outreach details" }).click();
}

/** Every test leaves the details empty again: other specs expect the environment's defaults. */
async function backToDefaults(page: Page, investorUrl: string) {
  await page.goto("/settings");
  await saveDetails(page, { name: "", pitch: "", link: "" });
  await expect(page.getByRole("status")).toContainText("Saved");
  await expect(page.getByText("Drafts use the default from FOUNDER_NAME.")).toBeVisible();
  await page.goto(investorUrl);
  await expect(page.getByLabel("Draft email")).toHaveValue(/Best,\nMarie Curie$/);
  await expect(page.getByLabel("Draft email")).toHaveValue(/https:\/\/cal\.example\.com\/marie-curie/);
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test("settings explain each integration, and the outreach details are saved and used by drafts", async ({ page }) => {
      // A long walk (save, read back, draft, edit, restore): under a loaded machine it passed 30 s.
      test.setTimeout(90_000);
      const errors = collectConsoleErrors(page);
      await openSignedIn(page);
      const suffix = javaScript ? "js" : "nojs";
      const url = await addInvestorWithEmail(page, `Dora Draft ${suffix}`, `dora.${suffix}@fund.example.com`);

      await page.goto("/settings");
      await expect(page.getByRole("heading", { name: /Web search: Tavily/ })).toContainText("Set");
      await expect(page.getByRole("heading", { name: /Phone message: Twilio/ })).toContainText("Not set");
      await expect(page.getByText("fly secrets set TAVILY_API_KEY=tvly-…")).toBeVisible();
      await expect(page.getByRole("link", { name: "Download investors (CSV)" })).toHaveAttribute("href", "/export.csv");
      await expect(page.getByRole("link", { name: "Download everything (JSON)" })).toHaveAttribute("href", "/export.json");
      // Values are never shown: the fake Tavily key of the offline server is not on the page.
      expect(await page.content()).not.toContain("offline-fake-key");

      // A founder-facing message for a link without its scheme; nothing is saved.
      await saveDetails(page, { name: "Irène Joliot", pitch: "Isotopes for cancer care", link: "cal.example.com/irene" });
      await expect(page.getByText("Meeting link must start with https:// or http://")).toBeVisible();
      await page.goto("/settings");
      await expect(page.getByLabel("Your name")).toHaveValue("");

      await saveDetails(page, { name: "Irène Joliot", pitch: "Isotopes for cancer care", link: "https://cal.example.com/irene" });
      await expect(page.getByRole("status")).toContainText("Saved");
      await page.reload();
      await expect(page.getByLabel("Your name")).toHaveValue("Irène Joliot");
      await expect(page.getByLabel("Your pitch, in one or two sentences")).toHaveValue("Isotopes for cancer care");
      await expect(page.getByLabel("Meeting link")).toHaveValue("https://cal.example.com/irene");
      await expect(page.getByText("Saved here. Empty the field and save to go back to FOUNDER_NAME.")).toBeVisible();
      // They leave with everything else.
      const exported = await (await page.request.get("/export.json")).json();
      expect(exported.founder).toEqual({
        name: "Irène Joliot",
        pitch: "Isotopes for cancer care",
        meeting_link: "https://cal.example.com/irene",
      });

      // The investor page's draft uses them; the subject travels with Copy and mailto.
      await page.goto(url);
      const body = page.getByLabel("Draft email");
      await expect(body).toHaveValue(/Isotopes for cancer care\./);
      await expect(body).toHaveValue(/You can pick a time here: https:\/\/cal\.example\.com\/irene/);
      await expect(body).toHaveValue(/Best,\nIrène Joliot$/);
      await expect(page.getByLabel("Subject")).toHaveValue(FIRST_SUBJECT);
      const mail = page.getByRole("link", { name: "Open in your mail app" });
      await expect(mail).toHaveAttribute(
        "href",
        new RegExp(`^mailto:dora\\.${suffix}%40fund\\.example\\.com\\?subject=[^&]+&body=Hi%20Dora%2C`),
      );

      if (javaScript) {
        // Edited before it leaves: Copy and the mail link carry the edits, subject included.
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await page.getByLabel("Subject").fill("Isotopes & your new fund");
        await body.fill("Hi Dora,\n\nShort and sweet.\n\nIrène");
        await page.getByRole("button", { name: "Copy subject and email" }).click();
        await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          "Subject: Isotopes & your new fund\n\nHi Dora,\n\nShort and sweet.\n\nIrène",
        );
        await expect(mail).toHaveAttribute(
          "href",
          /\?subject=Isotopes%20%26%20your%20new%20fund&body=Hi%20Dora%2C%0D%0A%0D%0AShort%20and%20sweet\.%0D%0A%0D%0AIr%C3%A8ne$/,
        );
        await page.getByRole("button", { name: "Back to the draft" }).click();
        await expect(page.getByLabel("Subject")).toHaveValue(FIRST_SUBJECT);
      } else {
        // Without JavaScript the draft is still there to select, and there is no dead Copy button.
        await expect(page.getByRole("button", { name: "Copy subject and email" })).toHaveCount(0);
        await expect(page.getByText("JavaScript is off: select the subject and the text above")).toBeVisible();
      }

      await backToDefaults(page, url);
      expect(errors).toEqual([]);
    });

    test("drafts fit where the investor is", async ({ page }) => {
      await openSignedIn(page);
      const suffix = javaScript ? "js" : "nojs";
      const url = await addInvestorWithEmail(page, `Dilly Diligence ${suffix}`, `dilly.${suffix}@fund.example.com`, "due_diligence");
      // In diligence with no date on file: no email, and what would make one due.
      await expect(page.getByText(/No email needed now: no last contact date is on file/)).toBeVisible();
      await expect(page.getByLabel("Draft email")).toHaveCount(0);
      await page.goto(url);
      const committed = await addInvestorWithEmail(page, `Connie Committed ${suffix}`, `connie.${suffix}@fund.example.com`, "committed");
      await page.goto(committed);
      await expect(page.getByText(/No email: Connie Committed .* has committed/)).toBeVisible();
    });
  });
}
