import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { E2E_PASSCODE } from "./playwright.config.ts";
import { collectConsoleErrors, openSignedIn } from "./helpers.ts";

/**
 * Acting clears what is due (decision 053): "Emailed" on a follow-up that came from a next step
 * asks, in the same place, whether the step is done and what is next; the answer saves, the row
 * has left Today's follow-ups, and one "Undo" brings back the email, the step and the row. Read
 * back through /export.json. JavaScript on and off, at 1440 and 390 px wide; each run its own
 * investor (the server's data is shared by every spec).
 */

function isoDate(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-12-05" as the app writes it this year: "5 Dec" (with the year when another). */
function shortDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const base = `${day} ${SHORT_MONTHS[month - 1]}`;
  return year === new Date().getUTCFullYear() ? base : `${base} ${year}`;
}

type Exported = {
  investors: Array<{
    name: string;
    last_contact_date: string | null;
    next_step: string | null;
    next_step_date: string | null;
    action: string;
    contact_history: Array<{ date: string | null; channel: string | null; note: string }>;
  }>;
};

async function exported(page: Page, name: string) {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  const investor = ((await response.json()) as Exported).investors.find((row) => row.name === name);
  expect(investor, `${name} in the export`).toBeDefined();
  return investor!;
}

async function importOne(page: Page, name: string): Promise<void> {
  const csv = [
    "name,firm,email,relationship_status,last_contact_date,next_step,next_step_date",
    `${name},Nordlys Kapital,${name.toLowerCase().replaceAll(" ", "-")}@nordlys.example.com,in_conversation,${isoDate(50)},Send the deck,${isoDate(44)}`,
  ].join("\n");
  const imported = await page.request.post("/investors/import", {
    headers: { "x-admin-passcode": E2E_PASSCODE },
    multipart: { intent: "commit", file: { name: "next-step.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
    maxRedirects: 0,
  });
  expect(imported.status()).toBe(303);
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`the next step answered after Emailed, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: width === 390 ? 844 : 900 } });

      test("asks whether the step is done, the row leaves Today, and Undo brings it back", async ({ page }) => {
        const errors = collectConsoleErrors(page);
        const name = `Sara Lindqvist ${javaScriptEnabled ? "Js" : "Nojs"} ${width}`;
        await openSignedIn(page);
        await importOne(page, name);
        const followUps = page.getByRole("region", { name: /^Follow-ups due/ });
        const row = followUps.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });

        await page.goto("/?all=follow_up");
        await expect(row).toContainText("Send the deck — due 44 days ago.");
        await row.getByRole("button", { name: `Emailed ${name}` }).click();
        await expect(page.getByRole("status").filter({ hasText: `you emailed ${name} today` })).toBeVisible();

        // Asked in the same place, on Today.
        const question = page.getByRole("region", { name: /Is it done\?/ });
        await expect(question).toContainText(`Your next step with ${name} was “Send the deck” (${shortDate(isoDate(44))}). Is it done?`);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(width);
        // No serious or critical axe finding with the question open (as accessibility.spec.ts counts
        // them); axe runs in the page, so only with JavaScript on.
        if (javaScriptEnabled) {
          const axe = await new AxeBuilder({ page }).include(".today").analyze();
          expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
        }
        const next = isoDate(-3);
        await question.getByLabel("Next step").fill("Call about the terms");
        await question.getByLabel("By").fill(next);
        await question.getByRole("button", { name: "Save next step" }).click();
        await expect(page.getByRole("status").filter({ hasText: `you emailed ${name} today` })).toHaveText(
          `Recorded: you emailed ${name} today. Next step: Call about the terms, by ${shortDate(next)}.`,
        );
        await expect(page.getByRole("region", { name: /Is it done\?/ })).toHaveCount(0);
        const undoUrl = page.url();
        expect(undoUrl).toMatch(/[?&]undo=[A-Za-z0-9_-]{22}/);

        const saved = await exported(page, name);
        expect(saved).toMatchObject({ last_contact_date: isoDate(0), next_step: "Call about the terms", action: "wait" });
        expect(saved.next_step_date?.slice(0, 10)).toBe(next);
        expect(saved.contact_history.at(-1)).toMatchObject({ date: isoDate(0), channel: "email", note: "Emailed" });

        await page.goto("/?all=follow_up");
        await expect(followUps.getByRole("heading")).toBeVisible();
        await expect(row).toHaveCount(0);

        // One undo takes back the email and the answer: the row is due again, as it was.
        await page.goto(undoUrl);
        await page.getByRole("button", { name: new RegExp(`^Undo: you did not email ${name}`) }).click();
        await expect(page.getByRole("status").filter({ hasText: "Undone" })).toHaveText(
          `Undone: the email to ${name} is no longer recorded.`,
        );
        await page.goto("/?all=follow_up");
        await expect(row).toContainText("Send the deck — due 44 days ago.");
        const undone = await exported(page, name);
        expect(undone).toMatchObject({ last_contact_date: isoDate(50), next_step: "Send the deck", action: "follow_up" });
        expect(undone.next_step_date?.slice(0, 10)).toBe(isoDate(44));
        expect(undone.contact_history.filter((entry) => entry.note === "Emailed")).toEqual([]);
        expect(errors).toEqual([]);
      });
    });
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the next step answered after a call logged on the investor page, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("asks under Saved, Done clears the step, and the investor is not due", async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const name = `Mikkel Call ${javaScriptEnabled ? "Js" : "Nojs"}`;
      await openSignedIn(page);
      await importOne(page, name);
      await page.goto(`/?q=${encodeURIComponent(name)}`);
      await page.getByRole("region", { name: "Investors" }).getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { name })).toBeVisible();
      if (javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");

      const contact = page.getByRole("group", { name: "Add a contact (optional)" });
      await contact.getByLabel("Date").fill(isoDate(0));
      await contact.getByLabel("Channel").fill("call");
      await contact.getByLabel("Note").fill("Talked through the deck");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
      const question = page.getByRole("region", { name: /Is it done\?/ });
      await expect(question).toContainText(`Your next step with ${name} was “Send the deck”`);
      await question.getByRole("button", { name: "Done, nothing next" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toHaveText(
        "Saved. The next step is done; nothing next is planned.",
      );

      const saved = await exported(page, name);
      expect(saved).toMatchObject({ last_contact_date: isoDate(0), next_step: null, next_step_date: null, action: "wait" });
      expect(saved.contact_history.at(-1)).toMatchObject({ date: isoDate(0), channel: "call", note: "Talked through the deck" });
      await page.goto("/?all=follow_up");
      await expect(page.getByRole("region", { name: /^Follow-ups due/ }).getByRole("link", { name, exact: true })).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
}
