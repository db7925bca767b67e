import { type Page, expect, test } from "@playwright/test";
import { addMember, signInAsMember } from "../helpers/members.ts";
import { addInvestor, collectConsoleErrors, openSignedIn, waitForHydration, expectReadable } from "./helpers.ts";
import { DATABASE_PATH, E2E_PASSCODE } from "./playwright.config.ts";

// Digits only: all specs share one database, so every name here is this run's own.
const suffix = String(Date.now());

type Exported = { investors: Array<{ name: string; relationship_status: string; personal_notes: string | null }> };

async function savedInvestor(page: Page, name: string) {
  const response = await page.request.get("/export.json");
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as Exported).investors.find((investor) => investor.name === name);
  return found ? { status: found.relationship_status, notes: found.personal_notes } : undefined;
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1440, 390]) {
    test.describe(`The team with JavaScript ${javaScriptEnabled ? "on" : "off"} at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("two members edit one investor: the second save is refused naming the first's author, both values shown, nothing overwritten", async ({
        page,
        browser,
      }) => {
        test.setTimeout(120_000);
        const errors = collectConsoleErrors(page);
        const tag = `${suffix}${javaScriptEnabled ? "1" : "0"}${width}`;
        const memberName = `Jonas ${tag}`;
        const investorName = `Fjord Climate ${tag}`;
        // The owner (the founder's saved session) opens the investor page…
        await openSignedIn(page);
        const url = await addInvestor(page, { name: investorName });
        if (javaScriptEnabled) await waitForHydration(page);

        // …and a second member, in a browser of their own, changes the status meanwhile.
        const cookie = await signInAsMember(
          { url: new URL(url).origin, databasePath: DATABASE_PATH },
          E2E_PASSCODE,
          addMember(DATABASE_PATH, memberName),
        );
        const other = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
        const [cookieName, cookieValue] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
        await other.addCookies([{ name: cookieName, value: cookieValue, url: new URL(url).origin }]);
        const jonas = await other.newPage();
        await jonas.goto(url);
        if (javaScriptEnabled) await waitForHydration(jonas);
        await jonas.getByLabel("Relationship status").selectOption("due_diligence");
        await jonas.getByRole("button", { name: "Save", exact: true }).click();
        await expect(jonas.locator("#notes").getByRole("status")).toContainText("Saved.");
        expect(await savedInvestor(page, investorName)).toEqual({ status: "due_diligence", notes: null });

        // The owner's page still shows the version before: their save is refused, with who, what and both values.
        await page.getByLabel("Relationship status").selectOption("in_conversation");
        await page.getByLabel("Private notes").fill(`Warm intro ${tag}`);
        await page.getByLabel("Next step", { exact: true }).fill(`Book partner meeting ${tag}`);
        await page.getByRole("button", { name: "Save", exact: true }).click();
        const refused = page.locator("#notes-conflict");
        await expect(refused).toContainText(`${memberName} moved ${investorName} to Due diligence`);
        await expect(refused).toContainText("your change was not saved");
        const row = refused.getByRole("row", { name: /Relationship status/ });
        await expect(row).toContainText("Due diligence");
        await expect(row).toContainText("In conversation");
        // What the owner typed is still in the form; nothing of it was saved.
        await expect(page.getByLabel("Relationship status")).toHaveValue("in_conversation");
        await expect(page.getByLabel("Private notes")).toHaveValue(`Warm intro ${tag}`);
        // The money and next-step fields too, without JavaScript as with it (a founder's walkthrough found them reset).
        await expect(page.getByLabel("Next step", { exact: true })).toHaveValue(`Book partner meeting ${tag}`);
        expect(await savedInvestor(page, investorName)).toEqual({ status: "due_diligence", notes: null });
        if (javaScriptEnabled) await expectReadable(page);
        await page.screenshot({
          path: `test-results/screens/team-conflict-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
          fullPage: true,
        });

        // Saving again, having seen theirs, is the owner's choice: now it is saved.
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await expect(page.locator("#notes").getByRole("status")).toContainText("Saved.");
        expect(await savedInvestor(page, investorName)).toEqual({ status: "in_conversation", notes: `Warm intro ${tag}` });
        await other.close();
        expect(errors).toEqual([]);
      });

      test("a member makes an API token, sees it once, uses it, and revokes it", async ({ page }) => {
        test.setTimeout(120_000);
        const errors = collectConsoleErrors(page);
        const name = `Sync script ${suffix}${javaScriptEnabled ? "1" : "0"}${width}`;
        await openSignedIn(page);
        await page.goto("/settings#api-tokens");
        if (javaScriptEnabled) await waitForHydration(page);
        const section = page.getByRole("region", { name: "Your API tokens" });
        await section.getByLabel("Token name").fill(name);
        await section.getByRole("button", { name: "Make a token" }).click();
        const shown = page.getByLabel("Your new token");
        await expect(shown).toHaveValue(/^ipi_[A-Za-z0-9_-]{43}$/);
        const token = await shown.inputValue();
        if (javaScriptEnabled) await expectReadable(page);

        // The token works as a bearer on the JSON API, and its row is listed (never the token again).
        const feed = await page.request.get("/api/search-feed", { headers: { authorization: `Bearer ${token}`, cookie: "" } });
        expect(feed.status()).toBe(200);
        // A new document (not the answer to the post, nor a jump within it).
        await page.goto("/settings?tokens=listed");
        const listed = page.getByRole("region", { name: "Your API tokens" }).getByRole("row", { name: new RegExp(name) });
        await expect(listed).toBeVisible();
        expect(await page.content()).not.toContain(token);

        await listed.getByRole("button", { name: `Revoke ${name}` }).click();
        await expect(page.getByRole("region", { name: "Your API tokens" }).getByRole("status")).toContainText("Token revoked");
        await expect(page.getByRole("region", { name: "Your API tokens" }).getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
        const after = await page.request.get("/api/search-feed", { headers: { authorization: `Bearer ${token}`, cookie: "" } });
        expect(after.status()).toBe(401);
        expect(errors).toEqual([]);
      });
    });
  }
}
